import { matchesSearch } from '../../../lib/search.ts';

export { matchesSearch };

/**
 * The rules of the dashboard lists' search and pages, shared by the client-side lists (filtered in the
 * browser) and the server-side ones (the API applies the same search to its rows).
 */

/** Cards per page of a dashboard grid: three full rows of the widest (4-column) layout. */
export const GRID_PAGE_SIZE = 12;
/** Rows per page of a dashboard table. */
export const TABLE_PAGE_SIZE = 20;
/** A search is applied this long after the last key, as the blog's search is. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface PageWindow {
  /** The page shown: the one asked for, kept within 1..pages. */
  page: number;
  /** At least 1, so an empty list is "page 1 of 1". */
  pages: number;
  total: number;
  /** 1-based positions of the first and last item shown; 0 and 0 when there is none. */
  from: number;
  to: number;
}

/** Where a page sits in a list of `total` items. */
export function pageWindow(total: number, page: number, pageSize: number): PageWindow {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const from = total === 0 ? 0 : (current - 1) * pageSize + 1;
  return { page: current, pages, total, from, to: Math.min(total, current * pageSize) };
}

/**
 * The line under a list: "Showing 1 registration", "Showing 12 events" while one page holds them all,
 * "Showing 21–25 of 25 messages" once there are pages, "No messages match" when none. `what` is plural.
 */
export function pageSummary(w: PageWindow, what: string): string {
  if (w.total === 0) return `No ${what} match`;
  if (w.pages > 1) return `Showing ${w.from}–${w.to} of ${w.total} ${what}`;
  return `Showing ${w.total} ${w.total === 1 ? what.replace(/s$/, '') : what}`;
}

/**
 * A client-side list: the items matching the search (the one rule: every word in one of the texts
 * `textOf` gives), and the page of them to show.
 */
export function searchAndPage<T>(
  items: readonly T[],
  { query, page, pageSize }: { query: string; page: number; pageSize: number },
  textOf: (item: T) => string | readonly (string | null | undefined)[],
): { items: T[]; window: PageWindow } {
  const matching = items.filter((item) => matchesSearch(textOf(item), query));
  const window = pageWindow(matching.length, page, pageSize);
  return { items: matching.slice(window.from === 0 ? 0 : window.from - 1, window.to), window };
}

/** A positive page number from the address; anything else is page 1. */
export function pageFromParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
