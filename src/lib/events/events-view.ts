import { chapterFilter, EVENT_ARCHIVE_PAGE_SIZE, eventListQueryString } from '../../lib/schemas/event-list.schema.ts';

/**
 * What /events shows, as its address says: `?chapter={slug}` for one chapter's events and `?page={n}`
 * for a page of the past-events archive, so a filtered or paged view can be linked and reloaded.
 */
export interface EventsView {
  chapter: string | undefined;
  /** The archive page, from 1. */
  page: number;
}

export const FIRST_VIEW: EventsView = { chapter: undefined, page: 1 };

/** The view an address names; anything malformed falls back to all chapters and the first page. */
export function viewFromSearch(search: string): EventsView {
  const params = new URLSearchParams(search);
  const chapter = chapterFilter.safeParse(params.get('chapter') ?? '');
  const page = Number(params.get('page'));
  return {
    chapter: chapter.success ? chapter.data : undefined,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query string of a view ("" for the first page of every chapter), keeping the page's other parameters. */
export function viewToSearch(view: EventsView, current = ''): string {
  const params = new URLSearchParams(current);
  params.delete('chapter');
  params.delete('page');
  if (view.chapter) params.set('chapter', view.chapter);
  if (view.page > 1) params.set('page', String(view.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The API addresses the list reads: every upcoming event, and one page of the past ones. */
export const eventsApiPaths = {
  upcoming: (chapter: string | undefined) => `/events${eventListQueryString({ chapter, when: 'upcoming' })}`,
  past: (chapter: string | undefined, page: number) =>
    `/events${eventListQueryString({ chapter, when: 'past', page, pageSize: EVENT_ARCHIVE_PAGE_SIZE })}`,
};
