import type { APIRoute } from 'astro';
import { EDITOR_PAGE } from '../../lib/content/editor-page.ts';
import { cacheTag, pageCacheHeaders } from '../../server/caching/page-cache.ts';
import { contentEditorHeaders, contentEditorPolicy } from '../../server/http/security-headers.ts';

/**
 * The content editor's page, answered by the pages' function rather than kept as a static file: Netlify
 * applies no netlify.toml header to a function's answer, so its Content-Security-Policy is the editor's
 * alone, never joined with the site's. It changes only with a deploy; its scripts and config.yml stay
 * static files (src/integrations/content-editor.ts). An endpoint, not an Astro page, so it is in neither
 * the sitemap nor the site search.
 */
export const prerender = false;

/**
 * What the local Node server hands the page (runtime/astro-pages.ts): decap-server's address, which the
 * editor may then reach. Netlify hands nothing.
 */
export interface EditorLocals {
  localEditorServer?: string;
}

export const GET: APIRoute = ({ locals }) => {
  const { localEditorServer } = locals as EditorLocals;
  return new Response(EDITOR_PAGE, {
    headers: {
      ...pageCacheHeaders([cacheTag.untilDeploy]),
      ...contentEditorHeaders,
      ...(localEditorServer ? { 'Content-Security-Policy': contentEditorPolicy(localEditorServer) } : {}),
      'Content-Type': 'text/html; charset=utf-8',
    },
  });
};
