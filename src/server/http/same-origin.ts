import type { MiddlewareHandler } from 'hono';
import { forbidden } from './errors.ts';

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Browsers send Origin with every mutation; one that names another site is refused, so pages elsewhere
 * can't act with a visitor's session cookie. Requests without Origin come from scripts (no ambient
 * cookies to abuse) and pass. Browsers also say where a request comes from in Sec-Fetch-Site: one
 * marked `cross-site` is refused too, whatever its Origin, so a form on another site cannot post (a
 * multipart upload needs no CORS preflight, and SameSite=Lax is the only other guard it meets).
 */
export function sameOrigin(siteUrl: string | undefined): MiddlewareHandler {
  const allowed = new Set<string>();
  if (siteUrl) allowed.add(new URL(siteUrl).origin);
  return async (c, next) => {
    if (MUTATIONS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const crossSite = c.req.header('sec-fetch-site') === 'cross-site';
      if (crossSite || (origin !== undefined && origin !== new URL(c.req.url).origin && !allowed.has(origin))) {
        throw forbidden('Cross-site requests are not allowed');
      }
    }
    await next();
  };
}
