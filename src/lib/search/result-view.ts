import { formatEventDate } from '../format.ts';
import { eventPath } from '../registration/registration-links.ts';
import type { EventItem } from '../types.ts';
import { MEMBER_TYPE } from './member-records.ts';

/** The part of a Pagefind result's data (`await result.data()`) the search dialog shows. */
export interface PagefindResultData {
  url: string;
  /** Text around the matched words, the matches wrapped in <mark>. */
  excerpt: string;
  meta: Record<string, string | undefined>;
  filters?: Record<string, string[]> | undefined;
}

/** One line of the results list: an event, a committee member, or a page with the text that matched. */
export type ResultView =
  | { kind: 'event'; href: string; title: string; details: string }
  | { kind: 'member'; href: string; title: string; details: string; page: string }
  | { kind: 'page'; href: string; title: string; excerpt: string };

/**
 * Events are not in the built index (they live in the database and change between builds): the dialog
 * asks the events API with the same words, and shows each as "Event · Dec 12, 2026 · Dhaka".
 */
export function eventResultView(event: Pick<EventItem, '_id' | 'title' | 'eventDate' | 'location'>): ResultView {
  const details = ['Event', formatEventDate(event.eventDate), event.location].filter(Boolean).join(' · ');
  return { kind: 'event', href: eventPath(event._id), title: event.title, details };
}

/** How many events lead the results; the built index's pages and members fill the rest. */
export const MAX_EVENT_RESULTS = 3;

/** The events API's search for the dialog: the first few matches, newest list order, one page. */
export const eventSearchUrl = (query: string) =>
  `/api/v1/events?q=${encodeURIComponent(query.trim())}&page=1&pageSize=${MAX_EVENT_RESULTS}`;

/**
 * A member shows who they are: "Chair · Student Activities Committee · 2023" and the committee page
 * they are on; a page shows its title and the matched text.
 */
export function resultView(data: PagefindResultData): ResultView {
  const { meta } = data;
  if (data.filters?.['type']?.includes(MEMBER_TYPE)) {
    const details = [meta['designation'], meta['committee'], meta['year']].filter(Boolean).join(' · ');
    return { kind: 'member', href: data.url, title: meta['title'] || data.url, details, page: meta['page'] ?? '' };
  }
  // Pagefind takes a page's title from its first <h1>.
  return { kind: 'page', href: data.url, title: meta['title']?.trim() || data.url, excerpt: data.excerpt };
}

/** How many results the dialog lists; the status line says when there are more. */
export const MAX_RESULTS = 8;

/** The status line under the search field, read out by screen readers as results arrive. */
export function resultsStatus(query: string, total: number): string {
  if (!query.trim()) return '';
  if (total === 0) return `No results for “${query.trim()}”.`;
  const shown = Math.min(total, MAX_RESULTS);
  const noun = total === 1 ? 'result' : 'results';
  return shown < total
    ? `${total} ${noun} for “${query.trim()}”; showing the first ${shown}.`
    : `${total} ${noun} for “${query.trim()}”.`;
}
