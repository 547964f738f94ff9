import { defineMiddleware } from 'astro:middleware';
import { moveIslandStyles } from './island-styles-html.ts';

/** See island-styles.ts: HTML answers get Astro's island style rule in their head. */
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = await response.text();
  const moved = moveIslandStyles(html);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(moved, { status: response.status, statusText: response.statusText, headers });
});
