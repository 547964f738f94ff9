import type { APIRoute } from 'astro';
import { EDITOR_PAGE } from '../../lib/content/editor-page.ts';
import { cacheTag, pageCacheHeaders } from '../../server/caching/page-cache.ts';
import { contentEditorHeaders } from '../../server/http/security-headers.ts';

/**
 * The content editor's page, answered by the pages' function rather than kept as a static file: Netlify
 * applies no netlify.toml header to a function's answer, so its Content-Security-Policy is the editor's
 * alone, never joined with the site's. It changes only with a deploy; its scripts and config.yml stay
 * static files (src/integrations/content-editor.ts). An endpoint, not an Astro page, so it is in neither
 * the sitemap nor the site search.
 */
export const prerender = false;

export const GET: APIRoute = () =>
  new Response(EDITOR_PAGE, {
    headers: {
      ...pageCacheHeaders([cacheTag.untilDeploy]),
      ...contentEditorHeaders,
      'Content-Type': 'text/html; charset=utf-8',
    },
  });
