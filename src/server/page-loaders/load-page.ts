import { BlogSourceError } from '../blog/blog-source.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { pageCacheHeaders, UNAVAILABLE_CACHE_HEADERS } from '../caching/page-cache.ts';
import { pageDeps, type PageDeps } from './page-deps.ts';

/** What an on-demand page found: its data, nothing (404), or a source that is down for now (503). */
export type PageLoad<T> = { status: 200; data: T } | { status: 404 } | { status: 503 };

/**
 * Loads a page's data through the repositories or the blog source. Missing data is the page's 404;
 * an unreachable database or blog service is a 503 (the CDN keeps serving the copy it has).
 */
export async function loadPage<T>(load: (deps: PageDeps) => Promise<T | null | undefined>): Promise<PageLoad<T>> {
  try {
    const data = await load(await pageDeps());
    return data == null ? { status: 404 } : { status: 200, data };
  } catch (err) {
    if (!isDatabaseUnavailable(err) && !(err instanceof BlogSourceError)) throw err;
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
