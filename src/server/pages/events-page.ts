import { isUpcoming } from '../../lib/format.ts';
import type { EventsView } from '../../lib/events/events-view.ts';
import { EVENTS_PAGE_SIZE, type EventChapter, type EventListPaging } from '../../lib/schemas/event-list.schema.ts';
import type { EventItem } from '../../lib/types.ts';
import type { PageDeps } from '../deps.ts';
import { readPublicEventList } from '../services/events.service.ts';

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
 * The page's data, read as GET /api/v1/events reads its list (readPublicEventList, one read and one
 * paging rule for both). A page past the end has no events in the list's rule; this page, which has only
 * its links to offer, shows the last page then (the README's /events), asking the list for that page.
 */
export async function eventsPageData(deps: Pick<PageDeps, 'db'>, view: EventsView, now: Date): Promise<EventsPageData> {
  const asked = { chapter: view.chapter, page: view.page, pageSize: EVENTS_PAGE_SIZE };
  let listing = await readPublicEventList(deps.db, asked, now);
  const last = listing.paging!.totalPages;
  if (view.page > last) listing = await readPublicEventList(deps.db, { ...asked, page: last }, now);
  return {
    upcoming: listing.every.filter((event) => isUpcoming(event, now)),
    all: listing.events,
    paging: listing.paging!,
    chapters: listing.chapters,
    chapter: listing.chapter,
  };
}
