import { purgeCache } from '@netlify/functions';
import type { PageCache } from '../caching/page-cache.ts';

/**
 * Netlify's purge API. In a function Netlify provides the site's id and a purge token; `apiURL` points
 * the purge somewhere else (the CDN model of `npm run test:netlify`).
 */
export function netlifyPageCache(apiURL?: string): PageCache {
  return {
    async purge(tags) {
      if (tags.length === 0) return;
      await purgeCache({ tags: [...tags], ...(apiURL ? { apiURL } : {}) });
    },
  };
}
