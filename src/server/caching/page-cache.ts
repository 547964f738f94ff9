import { REVALIDATE_CACHE_CONTROL, sharedReadHeaders } from './cache-headers.ts';

/**
 * The on-demand pages say how long Netlify may keep them and which entities they show; a staff edit
 * through the API purges the tags it touched (caching/purges.ts), so an edited event shows its new
 * title at once while an unchanged page is served from the CDN for a week.
 */
export const PAGE_CDN_CACHE_CONTROL = 'public, durable, s-maxage=60, stale-while-revalidate=604800';
const PAGE_FRESH_SECONDS = 60;
const PAGE_STALE_SECONDS = 604_800;

/**
 * PAGE_CDN_CACHE_CONTROL for a page that changes by the clock alone in `secondsLeft` (an event page
 * whose registration opens or closes, or whose event ends): neither kept fresh nor served stale past
 * that moment, so no visitor gets the page as it was before (a form on an event that has ended).
 */
export function pageCdnCacheControl(secondsLeft?: number): string {
  if (secondsLeft === undefined || !Number.isFinite(secondsLeft)) return PAGE_CDN_CACHE_CONTROL;
  const left = Math.max(0, Math.floor(secondsLeft));
  if (left >= PAGE_FRESH_SECONDS + PAGE_STALE_SECONDS) return PAGE_CDN_CACHE_CONTROL;
  const fresh = Math.min(PAGE_FRESH_SECONDS, left);
  return `public, durable, s-maxage=${fresh}, stale-while-revalidate=${left - fresh}`;
}

/**
 * Cache tags: one per entity an answer shows, and one per list, for pages, API answers and feeds
 * alike. A write purges the tags of what it changed (caching/purges.ts).
 */
export const cacheTag = {
  event: (id: string) => `event-${id}`,
  /** An event's registration summary (GET /events/:id/registration): its seats and settings, no personal data. */
  registration: (eventId: string) => `registration-${eventId}`,
  /** A certificate's public verify page (/verify/{id}), its 404 included: purged when it is withdrawn. */
  certificate: (id: string) => `certificate-${id}`,
  /** Every list of events: GET /events (any filter or page), the events feeds. */
  events: 'events',
  /** A chapter's landing page and its JSON (its account, landing, events and executive committee). */
  chapter: (slug: string) => `chapter-${slug}`,
  humans: 'humans',
  human: (id: string) => `human-${id}`,
  /** A year's roster page from the member list (rendered on demand) and that list's JSON (GET /members). */
  roster: (committee: string, year: number) => `roster-${committee.toLowerCase()}-${year}`,
  member: (id: string) => `member-${id}`,
  // Hashnode's slugs and names are free text: keep tags to the characters the CDN accepts.
  post: (slug: string) => `post-${encodeURIComponent(slug)}`,
  author: (name: string) => `author-${encodeURIComponent(name.toLowerCase())}`,
  blogFeed: 'blog-feed',
  sitemap: 'sitemap',
  /** An answer only a deploy can change (a malformed address's 404): no write purges it, a deploy does. */
  untilDeploy: 'until-deploy',
} as const;

/**
 * Headers for an on-demand page: browsers revalidate, Netlify's CDN caches under the page's tags, one
 * copy per value of the query parameters it reads (/events: `chapter`, `page`; the others read none).
 */
export function pageCacheHeaders(
  tags: readonly string[],
  query: readonly string[] = [],
  /** Seconds until the page changes by the clock alone (pageCdnCacheControl); none: only writes change it. */
  secondsLeft?: number,
): Record<string, string> {
  // The pages are the same for every reader, signed in or not.
  return sharedReadHeaders({
    browser: REVALIDATE_CACHE_CONTROL,
    cdn: pageCdnCacheControl(secondsLeft),
    query,
    perSession: false,
    tags,
  });
}

/** Pages answering "temporarily unavailable" must not be kept by the CDN over the good copy it has. */
export const UNAVAILABLE_CACHE_HEADERS: Record<string, string> = { 'Cache-Control': 'no-store' };

export interface PageCache {
  /** Drops every answer the CDN keeps that carries one of these tags (pages, API answers, feeds). */
  purge(tags: readonly string[]): Promise<void>;
}

/**
 * The local server has no CDN in front of it, so there is nothing to purge. Netlify's purge is an
 * adapter of its runtime (runtime/netlify-page-cache.ts), injected through the API's deps, so nothing
 * that tags or purges pages loads Netlify's SDK.
 */
export const noPageCache: PageCache = { purge: async () => {} };
