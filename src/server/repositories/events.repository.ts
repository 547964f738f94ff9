import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { EventItem } from '../../lib/types.ts';
import type { Database, EventRow, EventTable } from '../db/schema.ts';
import { apiIds, isoTime, type WithJsonTimes } from './api-shape.ts';
import { audited, type AuditNote } from './audit.repository.ts';
import { byId } from './ids.ts';
import { EVERY_CHAPTER, type ChapterScope, type Owned } from './viewer-scope.ts';

/** An event's own fields, as the payload schemas produce them; the owner and timestamps are set here. */
export type EventFields = Omit<Insertable<EventTable>, 'id' | 'chapterId' | 'createdAt' | 'updatedAt'>;

export const toEvent = (row: WithJsonTimes<EventRow> & { chapterSlug: string }): EventItem => ({
  ...apiIds(row.id),
  title: row.title,
  eventDate: row.eventDate,
  startTime: row.startTime,
  endTime: row.endTime,
  location: row.location,
  host: row.host,
  registrationMethod: row.registrationMethod,
  fees: Number(row.fees),
  banner: row.banner,
  eventLink: row.eventLink,
  description: row.description,
  chapterSlug: row.chapterSlug,
  createdAt: isoTime(row.createdAt),
  updatedAt: isoTime(row.updatedAt),
});

function selectEvents(db: Kysely<Database>, { chapterId }: ChapterScope = EVERY_CHAPTER) {
  const query = db
    .selectFrom('events')
    .innerJoin('chapters', 'chapters.id', 'events.chapterId')
    .selectAll('events')
    .select('chapters.slug as chapterSlug');
  return chapterId === undefined ? query : query.where('events.chapterId', '=', chapterId);
}

/** The events in scope, in no particular order (the page order is a rule of the events service). */
export async function listEvents(db: Kysely<Database>, scope: ChapterScope): Promise<EventItem[]> {
  return (await selectEvents(db, scope).execute()).map(toEvent);
}

export function findEvent(db: Kysely<Database>, id: string): Promise<Owned<EventItem> | undefined> {
  return byId(id, async (eventId) => {
    const row = await selectEvents(db).where('events.id', '=', eventId).executeTakeFirst();
    return row && { chapterId: row.chapterId, item: toEvent(row) };
  });
}

async function eventById(db: Kysely<Database>, id: string): Promise<EventItem> {
  return toEvent(await selectEvents(db).where('events.id', '=', id).executeTakeFirstOrThrow());
}

export async function insertEvent(
  db: Kysely<Database>,
  chapterId: string,
  fields: EventFields,
  audit: AuditNote,
): Promise<EventItem> {
  // The id is chosen here so the audit row, written by the same statement, can name it.
  const id = randomUUID();
  await audited(db, audit, id)
    .insertInto('events')
    .values({ ...fields, id, chapterId })
    .execute();
  return eventById(db, id);
}

/** Replaces an existing event's fields (callers found it first). */
export async function updateEvent(
  db: Kysely<Database>,
  id: string,
  fields: EventFields,
  now: Date,
  audit: AuditNote,
): Promise<EventItem> {
  await audited(db, audit, id)
    .updateTable('events')
    .set({ ...fields, updatedAt: now })
    .where('id', '=', id)
    .execute();
  return eventById(db, id);
}

export async function deleteEvent(db: Kysely<Database>, id: string, audit: AuditNote): Promise<void> {
  await audited(db, audit, id).deleteFrom('events').where('id', '=', id).execute();
}
