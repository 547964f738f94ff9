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
 * The event `id` as a viewer (undefined: a visitor) may see it, with its chapter: undefined for an id
 * that names none and for a draft the viewer may not see (canSeeEvent). The API's GET /events/:id and
 * the event's page read it here.
 */
export async function findVisibleEvent(
  db: Kysely<Database>,
  id: string,
  viewer: Viewer | undefined,
): Promise<Owned<EventItem> | undefined> {
  const found = await findEvent(db, id, viewer === undefined ? 'public' : 'staff');
  return found && canSeeEvent(viewer, found) ? found : undefined;
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
  /** The events the query asks for: one page of the matching ones (with `paging`), or every one of them. */
  events: EventItem[];
  /** The filter's choices: every chapter with public events, and the chosen one even without any, by name. */
  chapters: EventChapter[];
  /** The chosen chapter, when the query names one that exists; an unknown one matches no event. */
  chapter: EventChapter | undefined;
  paging: EventListPaging | undefined;
  /** Every public event of every chapter, in list order: what the list was cut from, in the same read. */
  every: EventItem[];
}

/**
 * The one paging rule of the events list: pages of `pageSize`, the first page 1. A page past the end
 * holds no events, and its counts say where the last one is.
 */
function pageOf(matching: EventItem[], page: number, pageSize: number) {
  const paging: EventListPaging = {
    page,
    pageSize,
    total: matching.length,
    totalPages: Math.max(1, Math.ceil(matching.length / pageSize)),
  };
  return { events: matching.slice((page - 1) * pageSize, page * pageSize), paging };
}

/**
 * The public events list as visitors are shown it, read once for every answer that shows it (GET
 * /api/v1/events with its parameters, and the /events page): filtered and paged as the query asks.
 * Every public event is read and paged here rather than in SQL: a chapter site holds hundreds of events,
 * not millions, and this keeps the "upcoming" rule (Dhaka wall clock) and which events are public in their
 * one place each. Two round trips: the events, then the names of their chapters.
 */
export async function readPublicEventList(
  db: Kysely<Database>,
  query: EventListQuery,
  now: Date,
): Promise<EventListing> {
  const every = await publicEventsInOrder(db, EVERY_CHAPTER, now);
  const slugs = new Set(every.map((e) => e.chapterSlug));
  if (query.chapter !== undefined) slugs.add(query.chapter); // a chapter with no events yet can still be the chosen one
  const chapters = await listChapterNames(db, [...slugs]);
  const chapter = query.chapter === undefined ? undefined : chapters.find((c) => c.slug === query.chapter);

  const matching = every.filter(
    (e) =>
      (query.chapter === undefined || e.chapterSlug === chapter?.slug) &&
      (query.when === undefined || isUpcoming(e, now) === (query.when === 'upcoming')) &&
      (!query.q || matchesSearch([e.title, e.host, e.location], query.q)),
  );
  if (query.page === undefined && query.pageSize === undefined)
    return { events: matching, chapters, chapter, paging: undefined, every };
  return { ...pageOf(matching, query.page ?? 1, query.pageSize ?? EVENTS_PAGE_SIZE), chapters, chapter, every };
}

/**
 * GET /api/v1/events with its parameters: the public list (readPublicEventList); a chapter named that
 * does not exist is a 404, as it is for the chapter's page and feeds.
 */
export async function listPublicEvents(db: Kysely<Database>, query: EventListQuery, now: Date): Promise<EventListing> {
  const listing = await readPublicEventList(db, query, now);
  if (query.chapter !== undefined && listing.chapter === undefined)
    throw notFoundError('chapter_not_found', CHAPTER_NOT_FOUND);
  return listing;
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
