import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.ts';

/**
 * What browsers are told about a public read: keep it, but ask again before every use, so staff see
 * their edits on reload. "no-cache" rather than "max-age=0": Chromium hands a page's preload of the
 * answer (ApiPreload) to the island's fetch only when the answer is not already stale, and no-cache
 * answers count as usable once, where max-age=0 ones are fetched a second time.
 */
export const BROWSER_CACHE_CONTROL = 'public, no-cache';

/** Netlify's CDN may share a public read for a minute, and serve it stale while it refreshes. */
export const PUBLIC_CDN_CACHE_CONTROL = 'public, s-maxage=60, stale-while-revalidate=300';

/** Marks an answer as a public read: browsers keep it but revalidate, Netlify's CDN shares it as `cdn` says. */
export function markSharedRead(headers: Headers, cdn: string): void {
  headers.set('Cache-Control', BROWSER_CACHE_CONTROL);
  headers.set('Netlify-CDN-Cache-Control', cdn);
}

/**
 * Public reads may be served by the CDN for a minute, and by the API's read cache (read-cache.ts)
 * while no write has happened, so a popular page costs the database little; browsers always
 * revalidate. Signed-in requests are never shared.
 */
export const publicCache: MiddlewareHandler<AppEnv> = async (c, next) => {
  const anonymous = !c.get('user');
  const produce = async () => {
    await next();
    if (c.res.status === 200 && anonymous) markSharedRead(c.res.headers, PUBLIC_CDN_CACHE_CONTROL);
    return c.res;
  };
  const readCache = c.get('readCache');
  if (!anonymous || !readCache || c.req.method !== 'GET') {
    await produce();
    return;
  }
  // Keyed by the whole URL: without SITE_URL the feeds' links name the host the request came to.
  // Set on the context rather than returned: after next() has run, Hono keeps the context's answer.
  c.res = await readCache.answer(c.req.url, produce);
};

/** Files whose address changes whenever they do (hashed build assets, uploads under a new key). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Files (and pages) that keep their address when they change: kept, but asked about before each use. */
export const REVALIDATE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Cache-Control of a served file: a year when its address is immutable, otherwise revalidated. */
export const fileCacheControl = (immutable: boolean) =>
  immutable ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL;
