import { defineMiddleware } from 'astro:middleware';
import { PRIVATE_CACHE_CONTROL } from './server/caching/cache-headers.ts';
import { CROSS_SITE_MESSAGE, crossSiteMutation } from './server/http/same-origin.ts';
import { overHttps, securityHeadersFor } from './server/http/security-headers.ts';
import { pageDeps } from './server/runtime/page-deps.ts';

/**
 * The on-demand pages (events, chapters, blog posts, authors) carry the same security headers as every
 * static file: on Netlify they come from the SSR function, where netlify.toml's headers do not apply;
 * on the local server the same headers are already set and these agree with them. Prerendered pages
 * pass through here at build time, where headers mean nothing.
 */
/** The headers a page may set for itself, in place of the site's. */
const OWN_CHOICE = new Set(['Referrer-Policy', 'Content-Security-Policy']);

export const onRequest = defineMiddleware(async (context, next) => {
  // A form posted to an on-demand page from another site is refused before the page runs, by the API's
  // own rule (http/same-origin.ts), in place of Astro's origin check (astro.config.ts says why).
  const reading = context.request.method === 'GET' || context.request.method === 'HEAD';
  if (!context.isPrerendered && !reading && crossSiteMutation(context.request, (await pageDeps()).siteUrl)) {
    return new Response(CROSS_SITE_MESSAGE, {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': PRIVATE_CACHE_CONTROL },
    });
  }
  const response = await next();
  const https = overHttps(context.url.href, context.request.headers.get('x-forwarded-proto'));
  // A page may ask for a stricter referrer policy than the site's (a ticket sends none), and the content
  // editor's page (/admin/) brings its own Content-Security-Policy: what a page sets is kept.
  const headers = Object.entries(securityHeadersFor(https)).filter(
    ([name]) => !OWN_CHOICE.has(name) || !response.headers.has(name),
  );
  try {
    for (const [name, value] of headers) response.headers.set(name, value);
    return response;
  } catch {
    // Some responses (a redirect made by Response.redirect) have immutable headers: answer a copy.
    const copy = new Response(response.body, response);
    for (const [name, value] of headers) copy.headers.set(name, value);
    return copy;
  }
});
