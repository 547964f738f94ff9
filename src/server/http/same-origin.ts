import type { MiddlewareHandler } from 'hono';
import { forbidden } from './errors.ts';

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed';

/**
 * Browsers send Origin with every mutation; one that names another site is refused, so pages elsewhere
 * can't act with a visitor's session cookie. Requests without Origin come from scripts (no ambient
 * cookies to abuse) and pass. Browsers also say where a request comes from in Sec-Fetch-Site: one
 * marked `cross-site` is refused too, whatever its Origin, so a form on another site cannot post (a
 * multipart upload needs no CORS preflight, and SameSite=Lax is the only other guard it meets).
 * A form posted from a page of this site whose referrer policy hides its address (a ticket's page:
 * no-referrer) carries `Origin: null`, as the Fetch standard says; Sec-Fetch-Site, which the browser
 * sets and no page can, then says whether it came from this site (`same-origin`) or not.
 * The API and the pages that take a form post (the contact and registration forms without script, a
 * ticket's "Confirm my e-mail") all ask here.
 */
export function crossSiteMutation(request: Request, siteUrl: string | undefined): boolean {
  if (!MUTATIONS.has(request.method)) return false;
  const origin = request.headers.get('origin') ?? undefined;
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite === 'cross-site') return true;
  if (origin === undefined || origin === new URL(request.url).origin) return false;
  if (origin === 'null' && fetchSite === 'same-origin') return false;
  return !siteUrl || origin !== new URL(siteUrl).origin;
}

export function sameOrigin(siteUrl: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    if (crossSiteMutation(c.req.raw, siteUrl)) throw forbidden(CROSS_SITE_MESSAGE, 'cross_site');
    await next();
  };
}
