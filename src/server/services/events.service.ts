import type { Kysely } from 'kysely';
import { eventEnd } from '../../lib/dhaka-time.ts';
import { isUpcoming } from '../../lib/format.ts';
import { matchesSearch } from '../../lib/search.ts';
import {
  EVENTS_PAGE_SIZE,
  type EventChapter,
  type EventListPaging,
  type EventListQuery,
} from '../../lib/schemas/event-list.schema.ts';
import type { EventItem } from '../../lib/types.ts';
import type { Database } from '../db/schema.ts';
import { CHAPTER_NOT_FOUND, EVENT_NOT_FOUND } from '../../lib/api-errors.ts';
import { notFoundError } from './domain-errors.ts';
import { findAccountBySlug, listChapterNames } from '../repositories/chapters.repository.ts';
import { auditedChange } from '../repositories/audit.repository.ts';
import {
  deleteEvent,
  findEvent,
  insertEvent,
  listEvents,
  updateEvent,
  type EventAudience,
  type EventFields,
} from '../repositories/events.repository.ts';
import {
  EVERY_CHAPTER,
  forViewer,
  inScope,
  ofChapter,
  type ChapterScope,
  type Owned,
  type Viewer,
} from '../repositories/viewer-scope.ts';
import { auditRow } from './audit.service.ts';
import { applyConfirmationSetting, applyRegistrationSettings } from './registrations.service.ts';
import { purgeStalePages, stalePages } from '../caching/purges.ts';
import type { EditDeps } from './edit-deps.ts';
import { releaseUploads, replacedImages } from './upload-cleanup.service.ts';
import { DAY_MS } from '../../lib/durations.ts';

/** Upcoming events first, soonest first; then past events, most recent first. */
export function orderEvents(events: readonly EventItem[], now: Date): EventItem[] {
  // Each end is worked out once, not in every comparison: this runs on every public list read.
  const timed = events.map((event) => ({ event, end: eventEnd(event) }));
  const upcoming = timed.filter((e) => isUpcoming(e.event, now, e.end)).sort((a, b) => a.end - b.end);
  const past = timed.filter((e) => !isUpcoming(e.event, now, e.end)).sort((a, b) => b.end - a.end);
  return [...upcoming, ...past].map((e) => e.event);
}

/** The events in scope, in the order every events list shows them; visitors' lists leave drafts out. */
export async function eventsInOrder(
  db: Kysely<Database>,
  scope: ChapterScope,
  now: Date,
  audience: EventAudience = 'public',
): Promise<EventItem[]> {
  return orderEvents(await listEvents(db, scope, audience), now);
}

/**
 * Whether a viewer (undefined: a visitor) may read an event: a published one everyone, a draft only
 * those who manage its chapter's records. Others are told it does not exist, not that it is hidden.
 */
export function canSeeEvent(viewer: Viewer | undefined, found: Owned<EventItem>): boolean {
  return found.item.status === 'published' || (viewer !== undefined && inScope(forViewer(viewer), found.chapterId));
}

/**
 * What visitors see: the public list, its filters and pages, and the feeds all read through this one
 * function, so the rule of which events are public (published ones, never drafts) applies here once.
 */
export function publicEventsInOrder(db: Kysely<Database>, scope: ChapterScope, now: Date): Promise<EventItem[]> {
  return eventsInOrder(db, scope, now, 'public');
}

/**
 * "Upcoming and recent", the window of the event feeds (events.ics, events.rss): every event that has
 * not ended, and those that ended within this many days. A subscriber's calendar keeps what it already
 * holds, so older events need not be sent on every refresh; three months keep last term's events
 * visible to someone who subscribes today.
 */
export const FEED_RECENT_DAYS = 90;

export function inFeedWindow(events: readonly EventItem[], now: Date): EventItem[] {
  const since = now.getTime() - FEED_RECENT_DAYS * DAY_MS;
  return events.filter((e) => eventEnd(e) > since);
}

/** A chapter named in a public query: an unknown slug is a 404, as it is for the chapter's page. */
async function chapterBySlug(db: Kysely<Database>, slug: string) {
  const account = await findAccountBySlug(db, slug);
  if (!account) throw notFoundError('chapter_not_found', CHAPTER_NOT_FOUND);
  return account;
}

/** The public events of one chapter (by slug) or of every chapter, in list order; unknown chapter: 404. */
export async function publicEvents(
  db: Kysely<Database>,
  chapterSlug: string | undefined,
  now: Date,
): Promise<{ chapter: EventChapter | undefined; events: EventItem[] }> {
  if (chapterSlug === undefined)
    return { chapter: undefined, events: await publicEventsInOrder(db, EVERY_CHAPTER, now) };
  const account = await chapterBySlug(db, chapterSlug);
  return {
    chapter: { slug: account.slug, name: account.name },
    events: await publicEventsInOrder(db, ofChapter(account.id), now),
  };
}

export interface EventListing {
  events: EventItem[];
  chapters: EventChapter[];
  paging: EventListPaging | undefined;
}

/**
 * The public list, filtered and paged as the query asks. Every public event is read and paged here
 * rather than in SQL: a chapter site holds hundreds of events, not millions, and this keeps the
 * "upcoming" rule (Dhaka wall clock) and which events are public in their one place each.
 */
export async function listPublicEvents(db: Kysely<Database>, query: EventListQuery, now: Date): Promise<EventListing> {
  const all = await publicEventsInOrder(db, EVERY_CHAPTER, now);
  const chapter = query.chapter === undefined ? undefined : await chapterBySlug(db, query.chapter);

  const matching = all.filter(
    (e) =>
      (!chapter || e.chapterSlug === chapter.slug) &&
      (query.when === undefined || isUpcoming(e, now) === (query.when === 'upcoming')) &&
      (!query.q || matchesSearch([e.title, e.host, e.location], query.q)),
  );
  const slugs = new Set(all.map((e) => e.chapterSlug));
  if (chapter) slugs.add(chapter.slug); // a chapter with no events yet can still be the chosen one
  const chapters = await listChapterNames(db, [...slugs]);

  if (query.page === undefined && query.pageSize === undefined)
    return { events: matching, chapters, paging: undefined };
  const pageSize = query.pageSize ?? EVENTS_PAGE_SIZE;
  const page = query.page ?? 1;
  const paging = {
    page,
    pageSize,
    total: matching.length,
    totalPages: Math.max(1, Math.ceil(matching.length / pageSize)),
  };
  return { events: matching.slice((page - 1) * pageSize, page * pageSize), chapters, paging };
}

/** Adds an event: once published, it shows on its own page, on its chapter's landing and in the sitemap. */
export async function addEvent(edit: EditDeps, chapterId: string, fields: EventFields): Promise<EventItem> {
  const event = await auditedChange(
    edit.db,
    (tx) => insertEvent(tx, chapterId, fields),
    (after) => auditRow(edit.actor, 'event', { action: 'create', after }),
  );
  await purgeStalePages(edit.pageCache, stalePages.event(event));
  return event;
}

/**
 * Replaces an event's fields with `fields` (the whole event, as validated). The trail records what
 * changed between the event as stored before and after; a banner it replaced goes once nothing shows it.
 */
export async function changeEvent(edit: EditDeps, id: string, fields: EventFields, now: Date): Promise<EventItem> {
  const { before, after } = await auditedChange(
    edit.db,
    async (tx) => {
      const found = await findEvent(tx, id, 'staff', { lock: true });
      if (!found) throw notFoundError('event_not_found', EVENT_NOT_FOUND);
      // Under the event's lock, as every change of seats: a capacity below the confirmed seats is
      // refused before anything is written; a higher one confirms those who now fit. An edit that
      // leaves capacity and mode alone frees no seat (a cancelled one is given on at once), so it
      // costs no query.
      const seats = fields.registration;
      const was = found.item.registration;
      if (seats && (seats.capacity !== was.capacity || seats.mode !== was.mode))
        await applyRegistrationSettings(tx, id, seats, now, fields);
      if (seats) await applyConfirmationSetting(tx, id, seats, was, now);
      return { before: found.item, after: await updateEvent(tx, id, fields, now) };
    },
    (change) => auditRow(edit.actor, 'event', { action: 'update', ...change }),
  );
  await purgeStalePages(edit.pageCache, stalePages.event(after));
  await releaseUploads(edit, replacedImages([before.banner], [after.banner]));
  return after;
}

/** `event` as found. */
export async function removeEvent(edit: EditDeps, event: EventItem): Promise<void> {
  if (!(await deleteEvent(edit.db, event.id, auditRow(edit.actor, 'event', { action: 'delete', before: event }))))
    throw notFoundError('event_not_found', EVENT_NOT_FOUND);
  await purgeStalePages(edit.pageCache, stalePages.event(event));
  await releaseUploads(edit, [event.banner]);
}
