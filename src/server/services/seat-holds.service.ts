import type { Kysely } from 'kysely';
import { HOLDS_PER_NETWORK } from '../../lib/registration/networks.ts';
import type { EventItem } from '../../lib/types.ts';
import type { Database } from '../db/schema.ts';
import {
  countSeatsAt,
  heldSeatsByNetworkAt,
  readWaitlist,
  type SeatCounts,
  type Waiting,
} from '../repositories/registrations.repository.ts';

/**
 * A script cannot hold an event. On an event that confirms by e-mail, a seat taken by an address not
 * yet confirmed is held for a while; without a bound, one machine typing made-up addresses could hold
 * every seat, again and again. So one network (the caller's address as the rate limits count it: IPv4
 * as itself, IPv6 by its /64; http/network-label.ts) holds at most HOLDS_PER_NETWORK unconfirmed seats
 * of one event at once (the number and why it is enough: src/lib/registration/networks.ts).
 *
 * Nobody past the limit is turned away: their registration is kept as a place on the waitlist that
 * holds nothing, and their e-mail asks them to confirm; confirmed, it is served before every
 * unconfirmed one, and takes a free seat at once. So a classroom behind one campus address all get in
 * as they confirm (each confirmation also lets the next of the room hold a seat), while a script that
 * confirms nothing holds five seats, for at most MAX_HOLD_MINUTES.
 */
export { HOLDS_PER_NETWORK };

/** Whether a network that holds `held` unconfirmed seats of the event may hold one more. */
export const mayHoldAnother = (held: number) => held < HOLDS_PER_NETWORK;

/**
 * Who gets the `free` seats (null: no limit) from the waitlist, given in its order (those who
 * confirmed their e-mail first): each in turn, except one whose new seat would be held (its e-mail
 * still to confirm, on an event that holds seats) while its network already holds its share; that one
 * keeps its place and waits for its confirmation or for its network's holds to end.
 */
export function chooseForSeats(
  waiting: readonly Waiting[],
  held: ReadonlyMap<string, number>,
  free: number | null,
  holding: boolean,
): string[] {
  const chosen: string[] = [];
  const holds = new Map(held);
  for (const person of waiting) {
    if (free !== null && chosen.length >= free) break;
    if (holding && person.pending && person.network !== null) {
      const now = holds.get(person.network) ?? 0;
      if (!mayHoldAnother(now)) continue;
      holds.set(person.network, now + 1);
    }
    chosen.push(person.id);
  }
  return chosen;
}

/**
 * The event's confirmed and waitlisted registrations as a read shows them at `now`, writing nothing: a
 * seat whose hold ran out counts as released and given on as its release will give it (the scheduled
 * job's, or the next write's on the event: releaseHolds in registrations.service.ts), to the waitlist in
 * its order by chooseForSeats. Reads never write: the release, its audit rows and its mail are the job's
 * and the write paths'. Without a hold that ran out (the common case), one query.
 */
export async function seatsAsOf(
  db: Kysely<Database>,
  event: Pick<EventItem, 'id' | 'registration'>,
  now: Date,
): Promise<SeatCounts> {
  const { confirmed, waitlisted, expired } = await countSeatsAt(db, event.id, now);
  const { mode, capacity, confirmByEmail } = event.registration;
  // As fillFreedSeats: seats move only when a hold was released, and only on an event registering here.
  const free = capacity === null ? null : capacity - confirmed;
  if (expired === 0 || waitlisted === 0 || mode !== 'site' || (free !== null && free <= 0))
    return { confirmed, waitlisted };
  const waiting = await readWaitlist(db, event.id);
  const held =
    confirmByEmail && waiting.some((w) => w.pending) ? await heldSeatsByNetworkAt(db, event.id, now) : new Map();
  const promoted = chooseForSeats(waiting, held, free, confirmByEmail).length;
  return { confirmed: confirmed + promoted, waitlisted: waitlisted - promoted };
}
