import { Hono, type Context } from 'hono';
import {
  registrantSchema,
  registrationListQuerySchema,
  registrationStatusChangeSchema,
} from '../../lib/schemas/registration.schema.ts';
import type { RegistrationList, RegistrationResult } from '../../lib/types.ts';
import { assertCanManage, currentUser, requireUser } from '../auth/session.ts';
import { PRIVATE_CACHE_CONTROL, sharedRead } from '../caching/cache-headers.ts';
import { cacheTag } from '../caching/page-cache.ts';
import type { ApiDeps } from '../deps.ts';
import { readJson, validate } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/env.ts';
import { sendMailSoon } from '../http/send-mail-soon.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { countRegistration } from '../http/rate-limit.ts';
import { siteOrigin } from '../http/site-origin.ts';
import { boundedQueue } from '../images/bounded-queue.ts';
import { findEvent } from '../repositories/events.repository.ts';
import { findRegistrationOwner } from '../repositories/registrations.repository.ts';
import { forViewer } from '../repositories/viewer-scope.ts';
import { canSeeEvent } from '../services/events.service.ts';
import { CSV_CONTENT_TYPE, csvFilename, registrationsCsv } from '../services/registration-csv.ts';
import {
  changeRegistrationStatus,
  overview,
  register,
  registrationSummary,
  releaseExpiredHoldsOf,
  staffRegistrations,
} from '../services/registrations.service.ts';

export const HONEYPOT_REFUSAL = 'Your registration could not be accepted.';

/**
 * Registrations this server process makes at once; the rest wait their turn in memory, holding no
 * database connection. Registrations for one event queue on its row lock anyway, so a few at once lose
 * no throughput, while a burst (300 at once for a popular event) would otherwise wait in the
 * connection pool, whose wait ends in a 503 after a few seconds, and starve every other request of
 * connections. (A Netlify function answers one request at a time: there the line is always empty.)
 */
export const REGISTRATIONS_AT_ONCE = 3;
const REGISTRATIONS_WAITING = 5000;
export const REGISTRATION_BUSY = 'Registration is very busy right now. Please try again in a minute.';

/** The ticket's page on this site. */
export const ticketUrl = (c: Context, siteUrl: string | undefined, ticket: string) =>
  `${siteOrigin(siteUrl, c.req.url)}/tickets/${ticket}`;

/**
 * Issue 27's registration routes, mounted at the API's root: an event's public summary and its
 * registration form's POST, and its staff's attendee list, CSV, status changes and the dashboard's
 * overview. Tickets are tickets.routes.ts.
 */
export function registrationRoutes(deps: ApiDeps) {
  const { database, now, pageCache, blobs, config } = deps;
  const db = database.db;
  const edit = (c: Context<AppEnv>) => ({ db, pageCache, blobs, actor: currentUser(c) });

  /** An event as the viewer may see it (a draft only its chapter and admins; others: 404). */
  async function visibleEvent(c: Context<AppEnv>, id: string) {
    const found = await findEvent(db, id, 'staff');
    if (!found || !canSeeEvent(c.get('user'), found)) throw notFound('Event not found');
    return found;
  }

  /** An event whose registrations the signed-in viewer manages: 404 unknown, 403 another chapter's. */
  async function managedEvent(c: Context<AppEnv>, id: string) {
    const found = await visibleEvent(c, id);
    assertCanManage(currentUser(c), found.chapterId);
    return found.item;
  }

  const privately = (c: Context) => c.header('Cache-Control', PRIVATE_CACHE_CONTROL);
  const registering = boundedQueue({ running: REGISTRATIONS_AT_ONCE, waiting: REGISTRATIONS_WAITING });

  return new Hono<AppEnv>()
    .get(
      '/events/:id/registration',
      sharedRead({ tags: (c) => [cacheTag.registration(c.req.param('id') ?? '')] }),
      async (c) => {
        const { item } = await visibleEvent(c, c.req.param('id'));
        // Seats whose time to confirm the e-mail ran out are given on before they are counted.
        if (item.registration.confirmByEmail && (await releaseExpiredHoldsOf({ db, pageCache }, item.id, now())))
          sendMailSoon(c, deps);
        return c.json({ success: true, ...(await registrationSummary(db, item, now(), deps.mail.enabled)) });
      },
    )
    .post('/events/:id/registrations', async (c) => {
      const eventId = c.req.param('id');
      const { website, ...registrant } = await readJson(c, registrantSchema);
      const taken = await registering.run(async () => {
        // Counted before it is kept, per address and event: a campus behind one address can still fill
        // a popular event, and one address cannot flood it.
        await countRegistration(db, clientIp(c), eventId, now());
        if (website) throw badRequest(HONEYPOT_REFUSAL);
        return register({ db, pageCache, mailEnabled: deps.mail.enabled }, eventId, registrant, now());
      });
      if (!taken) throw new HttpError(503, REGISTRATION_BUSY, undefined, { 'Retry-After': '30' });
      const { status, position, ticket, confirmation } = taken.value;
      // Committed, with its message queued: sent after the answer, never before it.
      sendMailSoon(c, deps);
      const body: RegistrationResult = {
        success: true,
        status,
        ...(position !== undefined ? { position } : {}),
        ticket,
        ticketUrl: ticketUrl(c, config.siteUrl, ticket),
        emailed: deps.mail.enabled,
        ...(confirmation ? { confirmation } : {}),
      };
      return c.json(body, 201);
    })
    .get('/events/:id/registrations', requireUser, async (c) => {
      const event = await managedEvent(c, c.req.param('id'));
      const query = validate(registrationListQuerySchema, c.req.query());
      const { counts, registrations } = await staffRegistrations(db, event.id, query);
      const { mode, capacity, questions } = event.registration;
      privately(c);
      return c.json({
        success: true,
        event: { id: event.id, title: event.title, mode, capacity, questions },
        counts,
        registrations,
      } satisfies RegistrationList);
    })
    .get('/events/:id/registrations.csv', requireUser, async (c) => {
      const event = await managedEvent(c, c.req.param('id'));
      const { registrations } = await staffRegistrations(db, event.id);
      privately(c);
      c.header('Content-Type', CSV_CONTENT_TYPE);
      c.header('Content-Disposition', `attachment; filename="${csvFilename(event.title)}"`);
      return c.body(registrationsCsv(event.registration.questions, registrations));
    })
    .get('/registrations/overview', requireUser, async (c) => {
      privately(c);
      return c.json({ success: true, events: await overview(db, forViewer(currentUser(c)), now()) });
    })
    .patch('/registrations/:id', requireUser, async (c) => {
      const owner = await findRegistrationOwner(db, c.req.param('id'));
      if (!owner) throw notFound('Registration not found');
      assertCanManage(currentUser(c), owner.chapterId);
      const { status } = await readJson(c, registrationStatusChangeSchema);
      const registration = await changeRegistrationStatus(edit(c), c.req.param('id'), status, now());
      // A confirmed or freed seat queues a "promoted" message.
      sendMailSoon(c, deps);
      privately(c);
      return c.json({
        success: true,
        message: status === 'confirmed' ? 'Registration confirmed' : 'Registration cancelled',
        registration,
      });
    });
}
