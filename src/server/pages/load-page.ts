import type { PageDeps } from '../deps.ts';
import { pageCacheHeaders, UNAVAILABLE_CACHE_HEADERS } from '../caching/page-cache.ts';
import { toHttpError } from '../http/errors.ts';
import { pageDeps } from '../runtime/page-deps.ts';

/** What an on-demand page found: its data, nothing (404), or a source that is down for now (503). */
export type PageLoad<T> = { status: 200; data: T } | { status: 404 } | { status: 503 };

/**
 * Loads a page's data through the services or the blog source. Missing data is the page's 404;
 * errors are classified by the API's own mapping (toHttpError): a 404 is the page's 404, and a source
 * that cannot answer for now (the database unreachable: 503; the blog service failing: 502) is the
 * page's 503. A page answers every such outage as 503 "Temporarily unavailable", uncached, so the CDN
 * keeps serving the copy it has: to a visitor (and a crawler) the page is unavailable for now, whichever
 * source failed; the API's 502 tells its clients the blog service, not this site, failed.
 */
export async function loadPage<T>(load: (deps: PageDeps) => Promise<T | null | undefined>): Promise<PageLoad<T>> {
  try {
    const data = await load(await pageDeps());
    return data == null ? { status: 404 } : { status: 200, data };
  } catch (err) {
    const known = toHttpError(err);
    if (known?.status === 404) return { status: 404 };
    if (known?.status !== 502 && known?.status !== 503) throw err;
    console.error(`An on-demand page could not load its data: ${err instanceof Error ? err.message : String(err)}`);
    return { status: 503 };
  }
}

/**
 * Sets the page's status and caching from what it found: cached under its tags (and the query
 * parameters it reads) unless unavailable.
 */
export function answerWith(
  response: { status?: number; headers: Headers },
  load: PageLoad<unknown>,
  tags: readonly string[],
  query: readonly string[] = [],
  /** Seconds until the page changes by the clock alone: the CDN keeps it no longer. */
  secondsLeft?: number,
): void {
  response.status = load.status;
  const headers = load.status === 503 ? UNAVAILABLE_CACHE_HEADERS : pageCacheHeaders(tags, query, secondsLeft);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
}

/**
 * For a page that answers 200 whatever its data did (it falls back to loading in the browser): cached
 * under its tags when the data was read, never cached over a good copy when it was not.
 */
export function cacheWhenLoaded(
  response: { headers: Headers },
  load: PageLoad<unknown>,
  tags: readonly string[],
  query: readonly string[] = [],
): void {
  const headers = load.status === 200 ? pageCacheHeaders(tags, query) : UNAVAILABLE_CACHE_HEADERS;
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
}
