import { qrSvg } from '../../lib/qr-svg.ts';
import { PRIVATE_CACHE_CONTROL } from '../caching/cache-headers.ts';
import { cancelRefusal, readTicket } from '../services/registrations.service.ts';
import type { PageDeps } from './page-deps.ts';
import type { EventItem, RegistrationStatus, TicketCertificate, TicketConfirmation } from '../../lib/types.ts';
import { verifyUrl } from '../services/certificates.service.ts';

/**
 * A ticket's page answers only its holder: never stored by the CDN or the browser (no
 * Netlify-CDN-Cache-Control either), never indexed, and its address (the ticket itself) is never sent
 * on as a referrer.
 */
export const TICKET_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': PRIVATE_CACHE_CONTROL,
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'no-referrer',
};

/** What the ticket page shows. */
export interface TicketPageData {
  ticket: string;
  status: RegistrationStatus;
  position: number | null;
  fullName: string;
  checkedInAt: string | null;
  event: EventItem;
  /** The ticket's address on the site's own origin (never the request's Host), which the QR code carries. */
  address: string;
  /** The QR code of `address`, an inline SVG (drawn here, so the page needs no script for it). */
  qrSvg: string;
  /** Its certificate of attendance once issued (and not withdrawn): id and verify page on this site. */
  certificate: TicketCertificate | null;
  /**
   * Why the holder can no longer cancel (checked in, or the event has started), the API's own words;
   * null while they can. The page offers Cancel only then.
   */
  cancelRefusal: string | null;
  /** "Confirm by e-mail", on an event that asks it: pending (with the seat's hold), confirmed or released. */
  confirmation: TicketConfirmation | null;
}

export { qrSvg };

/** The ticket of `token` with its event, or undefined for an unknown token (the page's 404). */
export async function ticketPageData(
  deps: PageDeps,
  token: string,
  pageAddress: string,
): Promise<TicketPageData | undefined> {
  const found = await readTicket(deps.db, token, deps.now());
  if (!found) return undefined;
  const { registration, event } = found;
  const address = new URL(pageAddress);
  address.search = '';
  address.hash = '';
  // The site's configured address when there is one: a forged Host never reaches the QR code.
  const origin = deps.siteOrigin();
  if (origin !== undefined) {
    const own = new URL(origin);
    address.protocol = own.protocol;
    address.host = own.host;
  }
  return {
    ticket: registration.ticket,
    status: registration.status,
    position: found.position ?? null,
    fullName: registration.fullName,
    checkedInAt: registration.checkedInAt ? new Date(registration.checkedInAt).toISOString() : null,
    event,
    address: address.href,
    qrSvg: await qrSvg(address.href, `QR code of this ticket's address, for check-in at ${event.title}`),
    certificate: found.certificate
      ? { id: found.certificate.id, verifyUrl: verifyUrl(address.origin, found.certificate.id) }
      : null,
    cancelRefusal:
      registration.status === 'cancelled' ? null : (cancelRefusal(registration, event, deps.now()) ?? null),
    confirmation: found.confirmation ?? null,
  };
}
