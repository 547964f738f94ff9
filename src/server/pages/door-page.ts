import { PASS_EXPIRED, PASS_REVOKED } from '../../lib/api-errors.ts';
import { checkInPath } from '../../lib/registration/registration-links.ts';
import { doorPassCookies } from '../auth/door-pass-session.ts';
import { PRIVATE_CACHE_CONTROL } from '../caching/cache-headers.ts';
import { doorPassOfLink, notePassUse } from '../services/door-passes.service.ts';
import type { PageDeps } from '../deps.ts';

/**
 * /door/{secret}: a door pass's link. The secret in the address is the pass's key, so the page is never
 * kept by the CDN or a browser, never indexed, and sends no referrer (TICKET_PAGE_HEADERS' rules).
 */
export const DOOR_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': PRIVATE_CACHE_CONTROL,
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'no-referrer',
};

const ASK_AGAIN = 'Ask the event’s staff for a new door pass link.';

/** What opening a pass's link answers: the phone signed in and sent to the check-in page, or why not. */
export type DoorLinkAnswer =
  { status: 303; location: string; cookies: string[] } | { status: 404 | 410; heading: string; text: string };

export const DOOR_LINK_UNKNOWN = 'This door pass link is not valid';
// The API's own words for an ended pass (lib/api-errors.ts), so the link and the API say the same.
export const DOOR_LINK_REVOKED = PASS_REVOKED;
export const DOOR_LINK_EXPIRED = PASS_EXPIRED;

/**
 * Opens a pass's link: a pass that works signs the phone in (its two cookies; a staff session on the
 * same phone stays as it is) and sends it to its event's check-in page. An unknown secret is a 404, a
 * revoked or expired pass a 410; both say so, set no cookie, and say to ask the staff for a new link.
 */
export async function answerDoorLink(deps: PageDeps, secret: string, https: boolean): Promise<DoorLinkAnswer> {
  const now = deps.now();
  const found = await doorPassOfLink(deps.db, secret, now);
  if (!found)
    return { status: 404, heading: DOOR_LINK_UNKNOWN, text: `Check that the whole link was opened. ${ASK_AGAIN}` };
  if (found.state === 'revoked') return { status: 410, heading: DOOR_LINK_REVOKED, text: ASK_AGAIN };
  if (found.state === 'expired') return { status: 410, heading: DOOR_LINK_EXPIRED, text: ASK_AGAIN };
  await notePassUse(deps.db, found.pass, now);
  return {
    status: 303,
    location: checkInPath(found.pass.eventId),
    cookies: await doorPassCookies(deps.sessionSecret, found.pass, now, https),
  };
}
