import { Hono, type Context } from 'hono';
import { eventSchema, eventUpdateSchema } from '../../lib/schemas/event.schema.ts';
import { eventListQuerySchema } from '../../lib/schemas/event-list.schema.ts';
import type { EventListResponse } from '../../lib/types.ts';
import { currentUser, requireUser } from '../auth/current-user.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { sendMailSoon } from '../http/send-mail-soon.ts';
import { sharedRead } from '../caching/cache-headers.ts';
import { cacheTag } from '../caching/page-cache.ts';
import { readJson, validate } from '../http/body.ts';
import { EVERY_CHAPTER, forViewer } from '../repositories/viewer-scope.ts';
import {
  addEvent,
  changeEvent,
  eventsInOrder,
  listPublicEvents,
  publicEventsInOrder,
  removeEvent,
} from '../services/events.service.ts';
import { checkConfirmByEmail } from '../services/registrations.service.ts';
import { managedEvent, visibleEvent } from './managed-event.ts';

const definedOnly = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The list's parameters: the only part of the query string in the CDN's key. */
const EVENT_LIST_PARAMETERS = Object.keys(eventListQuerySchema.shape);

export function eventRoutes(deps: ApiDeps) {
  const { database, now, pageCache, blobs } = deps;
  const db = database.db;
  const edit = (c: Context<AppEnv>) => ({ db, pageCache, blobs, actor: currentUser(c) });

  const update = async (c: Context<AppEnv>) => {
    const existing = await managedEvent(db, c);
    const changes = await readJson(c, eventUpdateSchema);
    // The registration settings merge field by field: an edit of the capacity keeps the questions.
    const registration = { ...existing.registration, ...definedOnly(changes.registration ?? {}) };
    const certificates = { ...existing.certificates, ...definedOnly(changes.certificates ?? {}) };
    const merged = validate(eventSchema, { ...existing, ...changes, registration, certificates });
    checkConfirmByEmail(merged.registration, existing.registration, deps.mail.enabled);
    const event = await changeEvent(edit(c), existing.id, merged, now());
    // A raised (or lifted) capacity promotes people from the waitlist, whose mail is now queued.
    if (changes.registration !== undefined) sendMailSoon(c, deps);
    return c.json({ success: true, message: 'Event Updated Successfully', event });
  };

  return new Hono<AppEnv>()
    .get('/', sharedRead({ query: EVENT_LIST_PARAMETERS, tags: () => [cacheTag.events] }), async (c) => {
      const query = validate(eventListQuerySchema, c.req.query());
      // Without the list's parameters the answer stays the spec's: every public event, in list order.
      if (Object.values(query).every((value) => value === undefined))
        return c.json({ success: true, events: await publicEventsInOrder(db, EVERY_CHAPTER, now()) });
      const { events, chapters, paging } = await listPublicEvents(db, query, now());
      return c.json({ success: true as const, events, chapters, ...paging } satisfies EventListResponse);
    })
    .get('/myevents', requireUser, async (c) =>
      c.json({ success: true, events: await eventsInOrder(db, forViewer(currentUser(c)), now(), 'staff') }),
    )
    .get('/:id', sharedRead({ tags: (c) => [cacheTag.event(c.req.param('id') ?? '')] }), async (c) => {
      // Its owner or an admin may preview a draft; the session is in the CDN's key, so it is never shared.
      // Only the event's own id answers 200 and so gets the tag (ids.ts: another letter case is 404).
      const found = await visibleEvent(db, c);
      return c.json({ success: true, event: found.item });
    })
    .post('/', requireUser, async (c) => {
      const user = currentUser(c);
      const fields = await readJson(c, eventSchema);
      checkConfirmByEmail(fields.registration, undefined, deps.mail.enabled);
      const event = await addEvent(edit(c), user.id, fields);
      return c.json({ success: true, message: 'Event Added Successfully', event }, 201);
    })
    .put('/:id', requireUser, update)
    .patch('/:id', requireUser, update)
    .delete('/:id', requireUser, async (c) => {
      await removeEvent(edit(c), await managedEvent(db, c));
      return c.json({ success: true, message: 'Event Deleted Successfully' });
    });
}
