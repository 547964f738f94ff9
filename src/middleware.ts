import { defineMiddleware } from 'astro:middleware';
import { overHttps, securityHeadersFor } from './server/http/security-headers.ts';

/**
 * The on-demand pages (events, chapters, blog posts, authors) carry the same security headers as every
 * static file: on Netlify they come from the SSR function, where netlify.toml's headers do not apply;
 * on the local server the same headers are already set and these agree with them. Prerendered pages
 * pass through here at build time, where headers mean nothing.
 */
/** The headers a page may set for itself, in place of the site's. */
const OWN_CHOICE = new Set(['Referrer-Policy', 'Content-Security-Policy']);

export const onRequest = defineMiddleware(async (context, next) => {
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
