import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { eventSchema, eventUpdateSchema } from '../../lib/schemas/event.schema.ts';
import { isUpcoming, dhakaInstant } from '../../lib/format.ts';
import { assertCanManage, currentUser, requireUser } from '../auth/session.ts';
import type { Database } from '../db/schema.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../env.ts';
import { publicCache } from '../http/cache.ts';
import { readJson, validate } from '../http/body.ts';
import { notFound } from '../http/errors.ts';
import { isUuid } from '../http/ids.ts';
import { toEvent } from '../mappers.ts';
import type { EventItem } from '../../lib/types.ts';

function eventsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('events')
    .innerJoin('chapters', 'chapters.id', 'events.chapterId')
    .selectAll('events')
    .select('chapters.slug as chapterSlug');
}

export async function findEvent(db: Kysely<Database>, id: string) {
  if (!isUuid(id)) return undefined;
  return eventsQuery(db).where('events.id', '=', id).executeTakeFirst();
}

/** Upcoming events first, soonest first; then past events, most recent first. */
export function orderEvents(events: EventItem[], now: Date): EventItem[] {
  const end = (e: EventItem) => dhakaInstant(e.eventDate, e.endTime).getTime();
  const upcoming = events.filter((e) => isUpcoming(e, now)).sort((a, b) => end(a) - end(b));
  const past = events.filter((e) => !isUpcoming(e, now)).sort((a, b) => end(b) - end(a));
  return [...upcoming, ...past];
}

export async function eventsOfChapter(db: Kysely<Database>, chapterId: string, now: Date) {
  const rows = await eventsQuery(db).where('events.chapterId', '=', chapterId).execute();
  return orderEvents(rows.map(toEvent), now);
}

export function eventRoutes({ database, now }: ApiDeps) {
  const db = database.db;

  async function ownedEvent(c: Context<AppEnv>, id: string) {
    const event = await findEvent(db, id);
    if (!event) throw notFound('Event not found');
    assertCanManage(currentUser(c), event.chapterId);
    return event;
  }

  const update = async (c: Context<AppEnv>, id: string) => {
    const existing = await ownedEvent(c, id);
    const changes = await readJson(c, eventUpdateSchema);
    const merged = validate(eventSchema, { ...toEvent(existing), ...changes });
    await db
      .updateTable('events')
      .set({ ...merged, updatedAt: now() })
      .where('id', '=', existing.id)
      .execute();
    const event = toEvent((await findEvent(db, existing.id))!);
    return c.json({ success: true, message: 'Event Updated Successfully', event });
  };

  return new Hono<AppEnv>()
    .get('/', publicCache, async (c) => {
      const rows = await eventsQuery(db).execute();
      return c.json({ success: true, events: orderEvents(rows.map(toEvent), now()) });
    })
    .get('/myevents', requireUser, async (c) => {
      const user = currentUser(c);
      const query = user.isAdmin ? eventsQuery(db) : eventsQuery(db).where('events.chapterId', '=', user.id);
      const rows = await query.execute();
      return c.json({ success: true, events: orderEvents(rows.map(toEvent), now()) });
    })
    .get('/:id', publicCache, async (c) => {
      const event = await findEvent(db, c.req.param('id'));
      if (!event) throw notFound('Event not found');
      return c.json({ success: true, event: toEvent(event) });
    })
    .post('/', requireUser, async (c) => {
      const user = currentUser(c);
      const input = await readJson(c, eventSchema);
      const { id } = await db
        .insertInto('events')
        .values({ ...input, chapterId: user.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      const event = toEvent((await findEvent(db, id))!);
      return c.json({ success: true, message: 'Event Added Successfully', event }, 201);
    })
    .put('/:id', requireUser, (c) => update(c, c.req.param('id')))
    .patch('/:id', requireUser, (c) => update(c, c.req.param('id')))
    .delete('/:id', requireUser, async (c) => {
      const event = await ownedEvent(c, c.req.param('id'));
      await db.deleteFrom('events').where('id', '=', event.id).execute();
      return c.json({ success: true, message: 'Event Deleted Successfully' });
    });
}
