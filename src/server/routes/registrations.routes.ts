import { REGISTRATION_NOT_FOUND } from '../../lib/api-errors.ts';
import { Hono, type Context } from 'hono';
import {
  registrantSchema,
  registrationListQuerySchema,
  registrationStatusChangeSchema,
  selectionCancelSchema,
  ticketAgainSchema,
} from '../../lib/schemas/registration.schema.ts';
import { TICKET_AGAIN_ANSWER } from '../../lib/registration/registration-view.ts';
import type { NetworkGroupList, RegistrationList, RegistrationResult, SelectionCancelled } from '../../lib/types.ts';
import { assertCanManage, currentUser, eventRefusal, requireUser } from '../auth/current-user.ts';
import { PRIVATE_CACHE_CONTROL, sharedRead } from '../caching/cache-headers.ts';
import { cacheTag } from '../caching/page-cache.ts';
import type { ApiDeps } from '../deps.ts';
import { readJson, validate } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import { requestNetwork } from '../http/network-label.ts';
import type { AppEnv } from '../http/env.ts';
import { eventRouter } from '../http/event-router.ts';
import { sendMailSoon } from '../http/send-mail-soon.ts';
import { notFound } from '../http/errors.ts';
import { registrationLine } from '../http/registration-line.ts';
import { answerOrigin } from '../http/site-origin.ts';
import { askTicketAgain, takeRegistration } from '../services/registration-intake.service.ts';
import { findRegistrationOwner } from '../repositories/registrations.repository.ts';
import { forViewer } from '../repositories/viewer-scope.ts';
import { CSV_CONTENT_TYPE, csvFilename, registrationsCsv } from '../services/registration-csv.service.ts';
import {
  allRegistrations,
  cancelSelection,
  changeRegistrationStatus,
  overview,
  registrationNetworks,
  registrationSummary,
  staffRegistrations,
} from '../services/registrations.service.ts';
import { managedEvent, visibleEvent } from './managed-event.ts';
import { ticketUrl } from '../../lib/registration/registration-links.ts';

/** What a cancellation of a selection says it did. */
export function selectionMessage({
  cancelled,
  alreadyCancelled,
  atTheEvent,
  promoted,
}: Omit<SelectionCancelled, 'success' | 'message'>) {
  const people = (n: number) => (n === 1 ? '1 registration' : `${n} registrations`);
  const parts = [`${people(cancelled)} cancelled`];
  if (alreadyCancelled > 0) parts.push(`${people(alreadyCancelled)} already cancelled`);
  if (atTheEvent > 0)
    parts.push(
      `${atTheEvent === 1 ? '1 person' : `${atTheEvent} people`} already checked in or added at the door left as they are`,
    );
  if (promoted > 0) parts.push(`${promoted === 1 ? '1 person' : `${promoted} people`} given a seat from the waitlist`);
  return parts.join('; ');
}

/**
 * An event's registrations, mounted at /events/:id: its public summary, its registration form's POST
 * and "send my ticket again", and its staff's attendee list, CSV, networks and cancellation of a
 * selection. One registration's status change and the dashboard's overview are registrationRoutes (at
 * /registrations); tickets are tickets.routes.ts.
 */
export function eventRegistrationRoutes(deps: ApiDeps) {
  const { database, now, pageCache, site, config } = deps;
  const db = database.db;
  /** Another chapter's attendee list: 403, saying whose it is and who may see it. */
  const SEE_REGISTRATIONS = eventRefusal('see its registrations');
  const CANCEL_REGISTRATIONS = eventRefusal('cancel its registrations');

  const privately = (c: Context) => c.header('Cache-Control', PRIVATE_CACHE_CONTROL);

  return eventRouter()
    .get(
      '/registration',
      // Tagged only when it answers 200, which only the event's own id does (ids.ts): the tag is the
      // one its writes purge, never another spelling of it.
      sharedRead({ tags: (c) => [cacheTag.registration(c.req.param('id') ?? '')] }),
      async (c) => {
        const { item } = await visibleEvent(db, c);
        // A read writes nothing: seats whose time to confirm ran out are counted as released and given on
        // (registrationSummary); the release itself is the scheduled job's and the next write's.
        return c.json({
          success: true,
          ...(await registrationSummary(db, item, now(), deps.mail.enabled)),
          sendsEmail: deps.mail.enabled,
        });
      },
    )
    .post('/registrations', async (c) => {
      const eventId = c.req.param('id');
      const { website, ...registrant } = await readJson(c, registrantSchema);
      // The same path as the event page's form posted without script (registration-intake.service.ts).
      // Where it came from, as an anonymous label: the caller's network as the limits count it, never a
      // header the client sets.
      const taken = await takeRegistration(
        { db, pageCache, mailEnabled: deps.mail.enabled, line: registrationLine() },
        {
          eventId,
          registrant,
          website,
          caller: clientIp(c),
          network: requestNetwork(c, config.sessionSecret, eventId),
        },
        now(),
      );
      const { status, position, ticket, confirmation } = taken;
      // Committed, with its message queued: sent after the answer, never before it.
      sendMailSoon(c, deps);
      const body: RegistrationResult = {
        success: true,
        status,
        ...(position !== undefined ? { position } : {}),
        ticket,
        // The ticket's page on this site's own address (deps.site), the one its e-mail links to.
        ticketUrl: ticketUrl(answerOrigin(site), ticket),
        emailed: deps.mail.enabled,
        ...(confirmation ? { confirmation } : {}),
      };
      return c.json(body, 201);
    })
    .post('/registrations/resend', async (c) => {
      const { item } = await visibleEvent(db, c);
      const { email } = await readJson(c, ticketAgainSchema);
      await askTicketAgain({ db, mailEnabled: deps.mail.enabled }, item.id, email, clientIp(c), now());
      sendMailSoon(c, deps);
      // The same answer whether or not the address is registered: it tells no one who is.
      privately(c);
      return c.json({ success: true, message: TICKET_AGAIN_ANSWER }, 202);
    })
    .get('/registrations', requireUser, async (c) => {
      const event = await managedEvent(db, c, SEE_REGISTRATIONS);
      const query = validate(registrationListQuerySchema, c.req.query());
      const { counts, registrations, total, paging } = await staffRegistrations(db, event.id, query);
      const { mode, capacity, questions } = event.registration;
      privately(c);
      return c.json({
        success: true,
        event: { id: event.id, title: event.title, mode, capacity, questions },
        counts,
        registrations,
        total,
        ...paging,
      } satisfies RegistrationList);
    })
    .get('/registrations/networks', requireUser, async (c) => {
      const event = await managedEvent(db, c, SEE_REGISTRATIONS);
      privately(c);
      return c.json({ success: true, groups: await registrationNetworks(db, event.id) } satisfies NetworkGroupList);
    })
    .post('/registrations/cancel', requireUser, async (c) => {
      const event = await managedEvent(db, c, CANCEL_REGISTRATIONS);
      const { registrationIds } = await readJson(c, selectionCancelSchema);
      const done = await cancelSelection(
        { db, pageCache, blobs: deps.blobs, actor: currentUser(c) },
        event.id,
        registrationIds,
        now(),
      );
      // Each cancelled person's message, and the freed seats' "promoted" ones, are queued.
      sendMailSoon(c, deps);
      privately(c);
      return c.json({ success: true, message: selectionMessage(done), ...done } satisfies SelectionCancelled);
    })
    .get('/registrations.csv', requireUser, async (c) => {
      const event = await managedEvent(db, c, SEE_REGISTRATIONS);
      const registrations = await allRegistrations(db, event.id);
      privately(c);
      c.header('Content-Type', CSV_CONTENT_TYPE);
      c.header('Content-Disposition', `attachment; filename="${csvFilename(event.title)}"`);
      return c.body(registrationsCsv(event.registration.questions, registrations));
    });
}

/**
 * Registrations by their own id, mounted at /registrations: the dashboard's overview of upcoming
 * events' seats, and a staff change of one registration's status.
 */
export function registrationRoutes(deps: ApiDeps) {
  const { database, now, pageCache, blobs } = deps;
  const db = database.db;
  const edit = (c: Context<AppEnv>) => ({ db, pageCache, blobs, actor: currentUser(c) });
  const privately = (c: Context) => c.header('Cache-Control', PRIVATE_CACHE_CONTROL);

  return new Hono<AppEnv>()
    .get('/overview', requireUser, async (c) => {
      privately(c);
      return c.json({ success: true, events: await overview(db, forViewer(currentUser(c)), now()) });
    })
    .patch('/:id', requireUser, async (c) => {
      const owner = await findRegistrationOwner(db, c.req.param('id'));
      if (!owner) throw notFound(REGISTRATION_NOT_FOUND, 'registration_not_found');
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
