import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { TOKEN_COOKIE } from '../http/session-cookie.ts';

/**
 * How Netlify's CDN may keep an answer, in one place. The CDN is the only shared cache (docs/architecture.md,
 * "Caching"): an answer it may share says for how long (`Netlify-CDN-Cache-Control`), which parts of
 * the request make it differ (`Netlify-Vary`: the cache key) and which entities it shows
 * (`Netlify-Cache-Tag`, purged by the writes that change them: caching/purges.ts). Everything else,
 * signed-in answers above all, is `private, no-store`.
 *
 * Netlify's documented rules this relies on (docs.netlify.com/build/caching/caching-overview/):
 * only GET is cached; function answers are cached only when they opt in with a CDN cache header;
 * without `Netlify-Vary: query=…` the whole query string is part of the key, so every `?fbclid=`
 * would be an entry of its own; the key holds the values of the cookies and headers `Netlify-Vary`
 * names, and the request headers of the standard `Vary`.
 */

/**
 * What browsers are told about a shared read: keep it, but ask again before every use, so staff see
 * their edits on reload. "no-cache" rather than "max-age=0": Chromium hands a page's preload of the
 * answer (ApiPreload) to the island's fetch only when the answer is not already stale, and no-cache
 * answers count as usable once, where max-age=0 ones are fetched a second time.
 */
export const BROWSER_CACHE_CONTROL = 'public, no-cache';

/** Netlify's CDN may share a public read for a minute, and serve it stale while it refreshes. */
export const PUBLIC_CDN_CACHE_CONTROL = 'public, s-maxage=60, stale-while-revalidate=300';

/** Answers for one person (signed in, tickets, anything personal): never kept by anyone but them. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * A query parameter no request carries: `Netlify-Vary: query=` naming it keeps the whole query string
 * out of the key of an answer that reads no parameter (Netlify puts every request without the named
 * parameters under one key). Netlify documents no empty list.
 */
const NO_QUERY_PARAMETER = '__none';

/** The `Netlify-Vary` of a shared answer. */
export function netlifyVary({
  query,
  perSession,
}: {
  /** The query parameters the answer depends on; the others (fbclid, utm_*, …) stay out of the key. */
  query: readonly string[];
  /**
   * Whether a signed-in request may be answered differently (drafts to their chapter, say): then the
   * session cookie and bearer header are in the key, so staff never get a visitor's copy.
   */
  perSession: boolean;
}): string {
  const parts = [`query=${(query.length > 0 ? query : [NO_QUERY_PARAMETER]).join('|')}`];
  if (perSession) parts.push(`cookie=${TOKEN_COOKIE}`, 'header=Authorization');
  return parts.join(',');
}

export interface SharedReadHeaders {
  /** What browsers are told (they revalidate). */
  browser: string;
  /** How long Netlify's CDN keeps it. */
  cdn: string;
  query: readonly string[];
  perSession: boolean;
  /** Every entity the answer shows (caching/page-cache.ts cacheTag); never empty, or no write could purge it. */
  tags: readonly string[];
}

/** The headers of an answer the CDN may share. */
export function sharedReadHeaders(read: SharedReadHeaders): Record<string, string> {
  if (read.tags.length === 0) throw new Error('A shared answer needs cache tags, or no write could purge it');
  return {
    'Cache-Control': read.browser,
    'Netlify-CDN-Cache-Control': read.cdn,
    'Netlify-Vary': netlifyVary(read),
    'Netlify-Cache-Tag': read.tags.join(','),
  };
}

export interface SharedRead {
  /** The query parameters the route reads. */
  query?: readonly string[];
  /** The entities the answer shows, from the request (its path and parameters). */
  tags: (c: Context<AppEnv>) => readonly string[];
  /** How long the CDN keeps it; a minute by default. */
  cdn?: string;
  /** False when a signed-in reader gets the very same answer (the blog): then they may share it too. */
  perSession?: boolean;
}

/**
 * A public read of the API: an anonymous 200 is shared by the CDN under its tags; a signed-in answer
 * of a per-session route is private. Other statuses keep the API's default (`no-store`).
 */
export function sharedRead({
  query = [],
  tags,
  cdn = PUBLIC_CDN_CACHE_CONTROL,
  perSession = true,
}: SharedRead): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (perSession && c.get('user')) {
      c.res.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
      return;
    }
    if (c.req.method !== 'GET' || c.res.status !== 200) return;
    const headers = sharedReadHeaders({ browser: BROWSER_CACHE_CONTROL, cdn, query, perSession, tags: tags(c) });
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}

/** Files whose address changes whenever they do (hashed build assets, uploads under a new key). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Files (and pages) that keep their address when they change: kept, but asked about before each use. */
export const REVALIDATE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Cache-Control of a served file: a year when its address is immutable, otherwise revalidated. */
export const fileCacheControl = (immutable: boolean) =>
  immutable ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL;
