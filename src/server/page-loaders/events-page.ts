import type { Kysely } from 'kysely';
import { isUpcoming } from '../../lib/format.ts';
import type { EventsView } from '../../lib/events/events-view.ts';
import { EVENTS_PAGE_SIZE, type EventChapter, type EventListPaging } from '../../lib/schemas/event-list.schema.ts';
import type { EventItem } from '../../lib/types.ts';
import type { Database } from '../db/schema.ts';
import { listChapterNames } from '../repositories/chapters.repository.ts';
import { EVERY_CHAPTER } from '../repositories/viewer-scope.ts';
import { publicEventsInOrder } from '../services/events.service.ts';

/** What /events shows: "Upcoming Events", then "All Events" a page at a time. */
export interface EventsPageData {
  /** Every upcoming event (not ended yet, in Dhaka time) of every chapter, soonest first. */
  upcoming: EventItem[];
  /** One page of every event of the chosen chapter (or of all), upcoming first, then the most recent. */
  all: EventItem[];
  paging: EventListPaging;
  /** The filter's choices: every chapter with events, by name. */
  chapters: EventChapter[];
  /** The chosen chapter when it exists; an unknown one matches no event. */
  chapter: EventChapter | undefined;
}

/**
 * Reads the page's data in two round trips: every public event (the list rule, drafts left out, in one
 * place: publicEventsInOrder), then the names of their chapters. A page past the end is the last page.
 */
export async function eventsPageData(db: Kysely<Database>, view: EventsView, now: Date): Promise<EventsPageData> {
  const events = await publicEventsInOrder(db, EVERY_CHAPTER, now);
  const slugs = new Set(events.map((event) => event.chapterSlug));
  if (view.chapter) slugs.add(view.chapter);
  const named = await listChapterNames(db, [...slugs]);
  const chapter = view.chapter === undefined ? undefined : named.find((c) => c.slug === view.chapter);
  const chapters = named.filter((c) => c === chapter || events.some((event) => event.chapterSlug === c.slug));

  const matching = view.chapter === undefined ? events : events.filter((event) => event.chapterSlug === chapter?.slug);
  const totalPages = Math.max(1, Math.ceil(matching.length / EVENTS_PAGE_SIZE));
  const page = Math.min(view.page, totalPages);
  return {
    upcoming: events.filter((event) => isUpcoming(event, now)),
    all: matching.slice((page - 1) * EVENTS_PAGE_SIZE, page * EVENTS_PAGE_SIZE),
    paging: { page, pageSize: EVENTS_PAGE_SIZE, total: matching.length, totalPages },
    chapters,
    chapter,
  };
}
