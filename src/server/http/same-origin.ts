import type { MiddlewareHandler } from 'hono';
import { forbidden } from './errors.ts';

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Browsers send Origin with every mutation; one that names another site is refused, so pages elsewhere
 * can't act with a visitor's session cookie. Requests without Origin come from scripts (no ambient
 * cookies to abuse) and pass.
 */
export function sameOrigin(siteUrl: string | undefined): MiddlewareHandler {
  const allowed = new Set<string>();
  if (siteUrl) allowed.add(new URL(siteUrl).origin);
  return async (c, next) => {
    if (MUTATIONS.has(c.req.method)) {
      const origin = c.req.header('origin');
      if (origin !== undefined && origin !== new URL(c.req.url).origin && !allowed.has(origin)) {
        throw forbidden('Cross-site requests are not allowed');
      }
    }
    await next();
  };
}
