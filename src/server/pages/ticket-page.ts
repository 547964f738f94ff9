import { qrSvg } from '../../lib/qr-svg.ts';
import {
  awaitsConfirmation,
  CONFIRMED_SEAT,
  CONFIRMED_WHILE_WAITING,
  pendingText,
  SEAT_RELEASED,
  SENT_AGAIN,
} from '../../lib/registration/email-confirmation.ts';
import { CONFIRM_CODE_PARAMETER, ticketPath, verifyUrl } from '../../lib/registration/registration-links.ts';
import { confirmCodeSchema } from '../../lib/schemas/registration.schema.ts';
import { readForm, validate } from '../http/body.ts';
import { limitAddress } from '../http/client-ip.ts';
import { askConfirmationAgain } from '../services/registration-intake.service.ts';
import { ticketEventOver } from '../../lib/registration/ticket-view.ts';
import { PRIVATE_CACHE_CONTROL } from '../caching/cache-headers.ts';
import { toHttpError, type HttpError } from '../http/errors.ts';
import { cancelRefusal, confirmByTicket, readConfirmLink, readTicket } from '../services/registrations.service.ts';
import { formText, sendMailSoon, type WaitUntil } from './form-post.ts';
import type { PageDeps } from '../deps.ts';
import type { EventItem, RegistrationStatus, TicketCertificate, TicketConfirmation } from '../../lib/types.ts';

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
  /**
   * The ticket waits for its e-mail to be confirmed and the site sends e-mail: the page offers "Send the
   * e-mail again" (its confirmation link is only in the e-mail).
   */
  canSendAgain: boolean;
  /** The holder has just asked for the e-mail again (the page that asking leads to): said in words. */
  sentAgain: string | null;
}

/** The ticket's page right after its holder confirmed the e-mail: it says so (ticketPageData). */
export const JUST_CONFIRMED_PARAMETER = 'confirmed';
/** The ticket's page right after its holder asked for the confirmation e-mail again: it says so. */
export const SENT_AGAIN_PARAMETER = 'mailed';

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
  const waiting = awaitsConfirmation(registration.status, found.confirmation) && !ticketEventOver({ event }, now);
  const sentAgain = new URL(pageAddress).searchParams.has(SENT_AGAIN_PARAMETER) && waiting ? SENT_AGAIN : null;
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
    canSendAgain: waiting && deps.mail.enabled,
    sentAgain,
  };
}

/** What a form posted on a ticket's pages answers: on to the ticket's page, or a page saying why not. */
export type TicketPostAnswer =
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; status: number; heading: string; text: string; retryAfter?: string | undefined };

/** Why a form posted on a ticket's pages was refused, as its page says it (a 409 goes back to the ticket). */
function refusalPage(known: HttpError, token: string, heading: string, next: string): TicketPostAnswer {
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
    heading,
    // A field's own words ("The confirmation code is missing…"), not the API's "Invalid code: …".
    text: `${(known.errors?.[0]?.message ?? known.message).replace(/\.$/, '')}. ${next}`,
    retryAfter: known.headers?.['Retry-After'],
  };
}

/** What the page an e-mail's confirmation link opens shows. */
export interface ConfirmPageData {
  ticket: string;
  fullName: string;
  eventTitle: string;
  /**
   * `ask`: the code is right and the e-mail waits to be confirmed (the button); `confirmed`: it is
   * already; `wrong-code`: the link's code is not one mailed for this ticket; `closed`: nothing is left to
   * confirm (the seat released, the registration cancelled, the event over, or never asked).
   */
  state: 'ask' | 'confirmed' | 'wrong-code' | 'closed';
  /** The code, posted back by the button. */
  code: string;
  /** `ask`: what confirming keeps, with its deadline ("Confirm your e-mail by 14:05 (Dhaka time) to keep your seat"). */
  asking: string | null;
  /** `closed`: what became of the registration, in the ticket's words. */
  closedText: string | null;
}

/**
 * The page an e-mail's confirmation link opens (`/tickets/{ticket}/confirm?code=…`): reading it
 * confirms nothing (mail scanners and link previews open links); its button posts the code. Undefined:
 * no such ticket (the page's 404).
 */
export async function confirmPageData(
  deps: PageDeps,
  token: string,
  code: string,
): Promise<ConfirmPageData | undefined> {
  const now = deps.now();
  const found = await readConfirmLink(deps.db, token, code, now);
  if (!found) return undefined;
  const { registration, confirmation, event } = found.details;
  const waiting = awaitsConfirmation(registration.status, confirmation) && !ticketEventOver({ event }, now);
  const state: ConfirmPageData['state'] = !found.codeValid
    ? 'wrong-code'
    : waiting
      ? 'ask'
      : confirmation?.state === 'confirmed' && registration.status !== 'cancelled'
        ? 'confirmed'
        : 'closed';
  return {
    ticket: registration.ticket,
    fullName: registration.fullName,
    eventTitle: event.title,
    state,
    code,
    asking: state === 'ask' && waiting ? pendingText(confirmation) : null,
    closedText:
      state !== 'closed'
        ? null
        : confirmation?.state === 'released'
          ? `${SEAT_RELEASED}.`
          : registration.status === 'cancelled'
            ? 'This registration is cancelled.'
            : 'There is nothing to confirm on this ticket now.',
  };
}

/**
 * "Confirm my e-mail" posted from the page the e-mail's link opens, a plain form (no script needed):
 * the same service as the API's POST /tickets/:ticket/confirm, with the code the form carries.
 * Confirmed, it leads to the ticket's page, which says so in words and takes focus there; refused
 * because of the registration's state (its seat released, cancelled, nothing to confirm), to the
 * ticket's page, which shows that state; a wrong or missing code, a post from another site or not a
 * form, a page saying it was not confirmed; an unknown ticket is a 404. Never cached (TICKET_PAGE_HEADERS).
 */
export async function answerConfirmPost(
  deps: PageDeps,
  request: Request,
  token: string,
  waitUntil?: WaitUntil,
): Promise<TicketPostAnswer> {
  try {
    const data = await readForm(request, deps.siteUrl);
    const { code } = validate(confirmCodeSchema, { code: formText(data, CONFIRM_CODE_PARAMETER) });
    await confirmByTicket({ db: deps.db, pageCache: deps.pageCache }, token, code, deps.now());
    return { kind: 'redirect', location: `${ticketPath(token)}?${JUST_CONFIRMED_PARAMETER}` };
  } catch (err) {
    const known = toHttpError(err);
    if (!known) throw err;
    return refusalPage(
      known,
      token,
      'Not confirmed',
      'Open the link in the latest e-mail we sent you and press the button there.',
    );
  } finally {
    // A release on the way (its holder's mail), or this confirmation (a promotion), may have queued mail.
    sendMailSoon(deps, waitUntil);
  }
}

/**
 * "Send the e-mail again" posted from a ticket's page, a plain form: the same service as the API's
 * POST /tickets/:ticket/confirmation-mail. Asked, it leads to the ticket's page, which says the e-mail is
 * on its way; nothing left to confirm, to the ticket's page, which shows why; a limit or a refused post,
 * a page saying so; an unknown ticket is a 404.
 */
export async function answerSendAgainPost(
  deps: PageDeps,
  request: Request,
  token: string,
  clientAddress: string | undefined,
  waitUntil?: WaitUntil,
): Promise<TicketPostAnswer> {
  try {
    await readForm(request, deps.siteUrl);
    await askConfirmationAgain(
      { db: deps.db, mailEnabled: deps.mail.enabled },
      token,
      limitAddress(clientAddress),
      deps.now(),
    );
    sendMailSoon(deps, waitUntil);
    return { kind: 'redirect', location: `${ticketPath(token)}?${SENT_AGAIN_PARAMETER}` };
  } catch (err) {
    const known = toHttpError(err);
    if (!known) throw err;
    return refusalPage(known, token, 'Not sent', 'Open your ticket again and try once more later.');
  }
}
