import { purgeCache } from '@netlify/functions';
import { REVALIDATE_CACHE_CONTROL } from './cache-headers.ts';

/**
 * The CDN cache of the on-demand pages. Pages say how long Netlify may keep them and which entities
 * they show (cache tags); a staff edit through the API purges the tags it touched, so an edited event
 * shows its new title within seconds while an unchanged page is served from the CDN for a week.
 */
export const PAGE_CDN_CACHE_CONTROL = 'public, durable, s-maxage=60, stale-while-revalidate=604800';

/** Cache tags: one per entity a page shows, and one for the content sitemap. */
export const cacheTag = {
  event: (id: string) => `event-${id}`,
  chapter: (slug: string) => `chapter-${slug}`,
  // Hashnode's slugs and names are free text: keep tags to the characters the CDN accepts.
  post: (slug: string) => `post-${encodeURIComponent(slug)}`,
  author: (name: string) => `author-${encodeURIComponent(name.toLowerCase())}`,
  blogFeed: 'blog-feed',
  sitemap: 'sitemap',
  /** A year's roster page from the database: its member list (GET /members) is what the CDN keeps. */
  roster: (committee: string, year: number) => `roster-${committee.toLowerCase()}-${year}`,
} as const;

/** Headers for an on-demand page: browsers revalidate, Netlify's CDN caches under the page's tags. */
export function pageCacheHeaders(tags: readonly string[]): Record<string, string> {
  return {
    'Cache-Control': REVALIDATE_CACHE_CONTROL,
    'Netlify-CDN-Cache-Control': PAGE_CDN_CACHE_CONTROL,
    'Netlify-Cache-Tag': tags.join(','),
  };
}

/** Pages answering "temporarily unavailable" must not be kept by the CDN over the good copy it has. */
export const UNAVAILABLE_CACHE_HEADERS: Record<string, string> = { 'Cache-Control': 'no-store' };

export interface PageCache {
  /** Drops every cached page carrying one of these tags. Never throws: an edit must not fail on it. */
  purge(tags: readonly string[]): Promise<void>;
}

/** The local server keeps no page cache, so there is nothing to purge. */
export const noPageCache: PageCache = { purge: async () => {} };

export function netlifyPageCache(log: (line: string) => void = console.error): PageCache {
  return {
    async purge(tags) {
      if (tags.length === 0) return;
      try {
        await purgeCache({ tags: [...tags] });
      } catch (err) {
        // Stale pages expire by themselves within s-maxage; the staff member's edit is already saved.
        log(`Could not purge the page cache (${tags.join(', ')}): ${err instanceof Error ? err.message : String(err)}`);
      }
    },
  };
}
