import { chapterFilter } from '../schemas/event-list.schema.ts';

/**
 * What "All Events" on /events shows, as its address says: `?chapter={slug}` for one chapter's events
 * and `?page={n}` for a page of them, so a filtered or paged view can be linked, reloaded and cached.
 */
export interface EventsView {
  chapter: string | undefined;
  /** The page of "All Events", from 1. */
  page: number;
}

/** The query parameters the page reads (and the CDN keys its copies by). */
export const EVENTS_VIEW_PARAMS = ['chapter', 'page'] as const;

/** The id of the "All Events" heading: the filter and the pager land there, so reading goes on from it. */
export const ALL_EVENTS_ID = 'all-events';

/** The view an address names; anything malformed falls back to all chapters and the first page. */
export function viewFromSearch(search: string | URLSearchParams): EventsView {
  const params = new URLSearchParams(search);
  const chapter = chapterFilter.safeParse(params.get('chapter') ?? '');
  const page = Number(params.get('page'));
  return {
    chapter: chapter.success ? chapter.data : undefined,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address of a view, landing on "All Events" (`/events#all-events` for the first page of every chapter). */
export function viewHref(view: EventsView): string {
  const params = new URLSearchParams();
  if (view.chapter) params.set('chapter', view.chapter);
  if (view.page > 1) params.set('page', String(view.page));
  const text = params.toString();
  return text ? `/events?${text}#${ALL_EVENTS_ID}` : `/events#${ALL_EVENTS_ID}`;
}
