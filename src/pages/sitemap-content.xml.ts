import type { APIRoute } from 'astro';
import { pageUrl } from '../lib/seo/page-url.ts';
import { urlsetXml } from '../lib/seo/sitemap-xml.ts';
import { cacheTag, pageCacheHeaders, UNAVAILABLE_CACHE_HEADERS } from '../server/caching/page-cache.ts';
import { loadPage } from '../server/pages/load-page.ts';
import { contentSitemap } from '../server/services/content-sitemap.service.ts';

/**
 * The on-demand pages' sitemap (events, chapter landings, blog posts, authors), built per request and
 * cached by the CDN under the `sitemap` tag, which staff edits purge. robots.txt and the static pages'
 * sitemap index name it.
 */
export const prerender = false;

export const GET: APIRoute = async (context) => {
  const loaded = await loadPage((deps) => contentSitemap(deps));
  if (loaded.status !== 200) {
    return new Response('The sitemap is temporarily unavailable.\n', {
      status: 503,
      headers: { ...UNAVAILABLE_CACHE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const urls = loaded.data.map((entry) => ({ loc: pageUrl(context, entry.path), lastmod: entry.lastmod }));
  return new Response(urlsetXml(urls), {
    headers: { ...pageCacheHeaders([cacheTag.sitemap]), 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
