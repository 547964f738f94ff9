import type { Kysely } from 'kysely';
import { dhakaInstant, isUpcoming } from '../../lib/format.ts';
import type { EventItem } from '../../lib/types.ts';
import type { Database } from '../db/schema.ts';
import { listEvents } from '../repositories/events.repository.ts';
import type { ChapterScope } from '../repositories/viewer-scope.ts';

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
