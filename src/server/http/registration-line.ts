import { boundedQueue, type BoundedQueue } from './bounded-queue.ts';

/**
 * Registrations this server process makes at once; the rest wait their turn in memory, holding no
 * database connection. Registrations for one event queue on its row lock anyway, so a few at once lose
 * no throughput, while a burst (300 at once for a popular event) would otherwise wait in the
 * connection pool, whose wait ends in a 503 after a few seconds, and starve every other request of
 * connections. (A Netlify function answers one request at a time: there the line is always empty.)
 */
export const REGISTRATIONS_AT_ONCE = 3;
export const REGISTRATIONS_WAITING = 5000;

// One line per process, whichever way a registration comes: the API's JSON and the event page's form
// posted without script. Astro bundles the pages apart from the server that mounts them, so a module
// variable would be two lines in one process; one well-known global slot is one (as page-deps.ts does).
const SLOT = Symbol.for('ieee-cs-bdc.registration-line');
type Slot = { [SLOT]?: BoundedQueue };

/** The process's line of registrations being taken. */
export function registrationLine(): BoundedQueue {
  return ((globalThis as Slot)[SLOT] ??= boundedQueue({
    running: REGISTRATIONS_AT_ONCE,
    waiting: REGISTRATIONS_WAITING,
  }));
}
