import type { Kysely } from 'kysely';
import { dhakaInstant, isUpcoming } from '../../lib/format.ts';
import type { EventItem } from '../../lib/types.ts';
import type { Database } from '../db/schema.ts';
import {
  deleteEvent,
  insertEvent,
  listEvents,
  updateEvent,
  type EventFields,
} from '../repositories/events.repository.ts';
import type { ChapterScope } from '../repositories/viewer-scope.ts';
import { auditNote, changedFields, writtenFields } from './audit.ts';
import { purgeStalePages, stalePages, type EditDeps } from './page-purges.ts';

/** Upcoming events first, soonest first; then past events, most recent first. */
export function orderEvents(events: readonly EventItem[], now: Date): EventItem[] {
  const end = (e: EventItem) => dhakaInstant(e.eventDate, e.endTime).getTime();
  const upcoming = events.filter((e) => isUpcoming(e, now)).sort((a, b) => end(a) - end(b));
  const past = events.filter((e) => !isUpcoming(e, now)).sort((a, b) => end(b) - end(a));
  return [...upcoming, ...past];
}

/** The events in scope, in the order every events list shows them. */
export async function eventsInOrder(db: Kysely<Database>, scope: ChapterScope, now: Date): Promise<EventItem[]> {
  return orderEvents(await listEvents(db, scope), now);
}

/** Adds an event: it shows on its own page, on its chapter's landing and in the sitemap. */
export async function addEvent(edit: EditDeps, chapterId: string, fields: EventFields): Promise<EventItem> {
  const audit = auditNote(edit.actor, { action: 'create', entity: 'event', fields: writtenFields(fields) });
  const event = await insertEvent(edit.db, chapterId, fields, audit);
  await purgeStalePages(edit.pageCache, stalePages.event(event));
  return event;
}

/** Replaces an event's fields; `before` is the event as found, to record which fields changed. */
export async function changeEvent(
  edit: EditDeps,
  before: EventItem,
  fields: EventFields,
  now: Date,
): Promise<EventItem> {
  const audit = auditNote(edit.actor, { action: 'update', entity: 'event', fields: changedFields(before, fields) });
  const event = await updateEvent(edit.db, before.id, fields, now, audit);
  await purgeStalePages(edit.pageCache, stalePages.event(event));
  return event;
}

export async function removeEvent(edit: EditDeps, event: EventItem): Promise<void> {
  await deleteEvent(edit.db, event.id, auditNote(edit.actor, { action: 'delete', entity: 'event' }));
  await purgeStalePages(edit.pageCache, stalePages.event(event));
}
