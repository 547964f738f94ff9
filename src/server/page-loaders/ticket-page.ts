import { qrSvg } from '../../lib/qr-svg.ts';
import { CONFIRMED_SEAT, CONFIRMED_WHILE_WAITING } from '../../lib/registration/email-confirmation.ts';
import { ticketPath } from '../../lib/registration/registration-links.ts';
import { ticketEventOver } from '../../lib/registration/ticket-view.ts';
import { PRIVATE_CACHE_CONTROL } from '../caching/cache-headers.ts';
import { toHttpError } from '../http/errors.ts';
import { cancelRefusal, confirmByTicket, readTicket } from '../services/registrations.service.ts';
import { readFormPost, sendMailSoon, type WaitUntil } from './form-post.ts';
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
  /** Its certificate was withdrawn by staff (and none is active). */
  certificateWithdrawn: boolean;
  /** The event has ended (lib/dhaka-time.ts): the page leads with the certificate, or why there is none. */
  over: boolean;
  /** The holder has just confirmed their e-mail (the page the confirmation leads to): what it did, in words. */
  justConfirmed: string | null;
}

/** The ticket's page right after its holder confirmed the e-mail: it says so (ticketPageData). */
export const JUST_CONFIRMED_PARAMETER = 'confirmed';

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
  const now = deps.now();
  // Said only while it is true: an address with the parameter, opened again later, says nothing wrong.
  const justConfirmed =
    new URL(pageAddress).searchParams.has(JUST_CONFIRMED_PARAMETER) &&
    found.confirmation?.state === 'confirmed' &&
    registration.status !== 'cancelled'
      ? registration.status === 'waitlisted'
        ? CONFIRMED_WHILE_WAITING
        : CONFIRMED_SEAT
      : null;
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
    cancelRefusal: registration.status === 'cancelled' ? null : (cancelRefusal(registration, event, now) ?? null),
    confirmation: found.confirmation ?? null,
    certificateWithdrawn: found.certificateWithdrawn ?? false,
    over: ticketEventOver({ event }, now),
    justConfirmed,
  };
}

/** What "Confirm my e-mail" posted as a form answers: on to the ticket's page, or a page saying why not. */
export type ConfirmPostAnswer =
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; status: number; heading: string; text: string; retryAfter?: string | undefined };

/**
 * "Confirm my e-mail" on the ticket's page, a plain form (no script needed): the same service as the
 * API's POST /tickets/:ticket/confirm. Confirmed, it leads to the ticket's page, which says so in words
 * and takes focus there; refused because of the registration's state (its seat released, cancelled,
 * nothing to confirm), to the ticket's page, which shows that state; an unknown ticket is a 404, a post
 * from another site or not a form a refusal page. Never cached (TICKET_PAGE_HEADERS).
 */
export async function answerConfirmPost(
  deps: PageDeps,
  request: Request,
  token: string,
  waitUntil?: WaitUntil,
): Promise<ConfirmPostAnswer> {
  try {
    await readFormPost(request, deps.siteUrl);
    await confirmByTicket({ db: deps.db, pageCache: deps.pageCache }, token, deps.now());
    // A release on the way, or this confirmation, may have promoted someone: their message is queued.
    sendMailSoon(deps, waitUntil);
    return { kind: 'redirect', location: `${ticketPath(token)}?${JUST_CONFIRMED_PARAMETER}` };
  } catch (err) {
    const known = toHttpError(err);
    if (!known) throw err;
    if (known.status === 409) return { kind: 'redirect', location: ticketPath(token) };
    if (known.status === 404)
      return {
        kind: 'page',
        status: 404,
        heading: 'Ticket not found',
        text: 'This ticket link is not valid. Check the link in your e-mail, or ask the organiser.',
      };
    return {
      kind: 'page',
      status: known.status,
      heading: 'Not confirmed',
      text: `${known.message}. Open your ticket again from the link in your e-mail and press the button there.`,
      retryAfter: known.headers?.['Retry-After'],
    };
  }
}
