/**
 * "Confirm by e-mail" (an event's `registration.confirmByEmail`, offered only where the site sends
 * e-mail), against seats filled with made-up addresses. The rules, in one place:
 *
 * - Every registration on such an event is asked to confirm its e-mail address ('pending'), by the
 *   link in its e-mail: `/tickets/{ticket}/confirm?code=…`, whose page has the "Confirm my e-mail"
 *   button (opening the page changes nothing, so a mail scanner that fetches the link confirms nobody).
 *   The code is the proof of the mailbox: each message that asks to confirm carries one of its own
 *   (server/auth/confirmation-code.ts, only its hash stored); the ticket, which the registration's
 *   answer hands to whoever registered, confirms nothing, and the ticket's page only offers to send the
 *   e-mail again, to the address registered.
 * - A pending registration that takes a seat on registering holds it for the event's hold time
 *   (default 30 minutes) from then (holdEnd: the registrant is at the form). One given a seat from the
 *   waitlist did not ask for it at that moment, and may be asleep: its hold counts only Dhaka's
 *   daytime, 08:00 to 22:00, and ends by the event's start (promotedHoldEnd, src/lib/dhaka-time.ts).
 *   Confirmed in time, the seat is theirs; not confirmed, it is released: the registration is
 *   cancelled (by the system, audited), its holder is told by e-mail (`hold-released`), and the seat
 *   goes to the first on the waitlist, who then holds it the same way unless confirmed already (a
 *   waitlisted person may confirm while waiting).
 * - Someone already checked in at the door keeps their seat: the door treats a held seat as confirmed.
 * - A seat staff confirm, or a registration staff change, holds nothing: staff vouch for it. Turning
 *   the setting off drops the pending requests: held seats stay as they are.
 *
 * Released seats are given on the next time anyone registers, reads the event's seats or confirms,
 * and by the scheduled job (every few minutes); until then a ticket whose hold ran out already reads
 * as released, so no one is told a seat is theirs after its time.
 */
import type { RegistrationStatus, TicketConfirmation } from '../types.ts';
import { statusText } from './registration-view.ts';
import { formatDhakaClock, formatDhakaDateTime } from '../dhaka-time.ts';
import { MINUTE_MS } from '../durations.ts';
import { CONFIRM_BUTTON } from './confirmation-code.ts';

/** The end of the hold of a seat taken on registering at `now` (a seat given from the waitlist: promotedHoldEnd). */
export const holdEnd = (now: Date, minutes: number): Date => new Date(now.getTime() + minutes * MINUTE_MS);

/** What the ticket and the staff list know of a registration (times as stored: Date or ISO). */
export interface ConfirmationFacts {
  status: RegistrationStatus;
  emailConfirmation: 'pending' | 'confirmed' | null;
  holdUntil: Date | string | null;
  holdReleasedAt: Date | string | null;
  checkedInAt: Date | string | null;
}

const iso = (t: Date | string) => new Date(t).toISOString();

/** Whether the seat's hold has run out at `now` (released, whether or not the release has run yet). */
export function holdExpired(r: ConfirmationFacts, now: Date): boolean {
  return (
    r.status === 'confirmed' &&
    r.emailConfirmation === 'pending' &&
    r.holdUntil !== null &&
    new Date(r.holdUntil).getTime() <= now.getTime() &&
    r.checkedInAt === null
  );
}

/** The ticket's confirmation at `now`; undefined where none was asked (or it was cancelled otherwise). */
export function ticketConfirmation(r: ConfirmationFacts, now: Date): TicketConfirmation | undefined {
  if (r.status === 'cancelled' && r.holdReleasedAt !== null)
    return { state: 'released', releasedAt: iso(r.holdReleasedAt) };
  if (holdExpired(r, now)) return { state: 'released', releasedAt: iso(r.holdUntil!) };
  if (r.status === 'cancelled' || r.emailConfirmation === null) return undefined;
  if (r.emailConfirmation === 'confirmed') return { state: 'confirmed' };
  return { state: 'pending', holdUntil: r.status === 'confirmed' && r.holdUntil !== null ? iso(r.holdUntil) : null };
}

/**
 * Whether a ticket waits for its e-mail to be confirmed, in a way that matters to its holder: a seat
 * held until then, or a place in line. (A seat staff confirmed holds nothing and asks nothing.)
 */
export const awaitsConfirmation = (
  status: RegistrationStatus,
  confirmation: TicketConfirmation | null | undefined,
): confirmation is Extract<TicketConfirmation, { state: 'pending' }> =>
  confirmation?.state === 'pending' &&
  status !== 'cancelled' &&
  (confirmation.holdUntil !== null || status === 'waitlisted');

/**
 * The form's words before sending, on an event that confirms by e-mail: what to press on the page the
 * mail's link opens, and what it keeps (a seat, or with every seat taken, the first claim on one that frees up).
 */
export const holdNotice = (minutes: number, full = false) =>
  full
    ? `We will e-mail you a link to confirm your address. Open it and press “${CONFIRM_BUTTON}”, so that a seat that frees up can be yours without a wait.`
    : `We will e-mail you a link to confirm your address. Open it and press “${CONFIRM_BUTTON}” within ${minutes} minutes to keep your seat.`;

/** "Confirm your e-mail by 14:05 (Dhaka time) to keep your seat": the ticket and the form's answer. */
export const confirmByText = (holdUntil: string) =>
  `Confirm your e-mail by ${formatDhakaClock(holdUntil)} (Dhaka time) to keep your seat`;

/** "Seat held until 14:05 (Dhaka time)": the status of a seat kept for an e-mail not confirmed yet. */
export const heldText = (holdUntil: string) => `Seat held until ${formatDhakaClock(holdUntil)} (Dhaka time)`;

/**
 * How a registration's status reads (the ticket, the form's answer): a seat held for an e-mail not yet
 * confirmed is "Seat held until …", never "Confirmed"; otherwise as statusText says.
 */
export function ticketStatusText(
  status: RegistrationStatus,
  position: number | null | undefined,
  confirmation: TicketConfirmation | null | undefined,
): string {
  if (status === 'confirmed' && confirmation?.state === 'pending' && confirmation.holdUntil)
    return heldText(confirmation.holdUntil);
  return statusText(status, position);
}

/** The ticket's answer to "Confirm my e-mail" (and the API's): a seat is theirs. */
export const CONFIRMED_SEAT = 'Your e-mail is confirmed: the seat is yours';
/** A waitlisted holder confirmed their e-mail: no seat is free yet, and they wait ahead of the unconfirmed. */
export const CONFIRMED_WHILE_WAITING =
  'Your e-mail is confirmed. No seat is free yet: on the waitlist you now come before everyone who has not confirmed theirs';

/** A waitlisted ticket still to confirm. */
export const CONFIRM_WHILE_WAITING =
  'Confirm your e-mail now, so that a seat that becomes free can be yours without a wait';

/**
 * A waitlisted ticket still to confirm while a seat is free: its network held its share of unconfirmed
 * seats (a script cannot hold an event), so this one holds nothing until the e-mail is confirmed.
 */
export const CONFIRM_FOR_FREE_SEAT = 'A seat is free: confirm your e-mail now and it is yours at once';
/** Why such a ticket holds nothing yet, said beside CONFIRM_FOR_FREE_SEAT. */
export const HELD_BACK =
  'Many people on your network have registered without confirming their e-mail yet, so your registration holds no seat until you confirm yours.';

/** What a pending confirmation asks, in the form's answer and on the ticket. */
export const pendingText = (pending: { holdUntil: string | null; seatFree?: true }) =>
  pending.holdUntil
    ? confirmByText(pending.holdUntil)
    : pending.seatFree
      ? CONFIRM_FOR_FREE_SEAT
      : CONFIRM_WHILE_WAITING;

export const SEAT_RELEASED = 'Your seat was released because the e-mail was not confirmed in time';

// The confirmation code's words and limit are the schema's too: they live in confirmation-code.ts,
// which imports nothing, so the schema reads them without a circle through the types.
export {
  CONFIRM_BUTTON,
  CONFIRM_CODE_MISSING,
  CONFIRM_CODE_WRONG,
  MAX_CONFIRMATION_CODE_LENGTH,
} from './confirmation-code.ts';

/** "Send the e-mail again" on a ticket with nothing to confirm. */
export const NOTHING_TO_SEND_AGAIN = 'This ticket has no e-mail address waiting to be confirmed';
/** "Send the e-mail again" on the ticket page: its button, and what it answers. */
export const SEND_AGAIN_BUTTON = 'Send the e-mail again';
export const SENT_AGAIN =
  'We are sending the e-mail again. It can take a few minutes: look in your spam folder too. Press “Confirm my e-mail” in the newest one.';

/** Where a pending ticket's page sends its holder: the e-mail, since only its link confirms. */
export const CONFIRM_IN_EMAIL = `To confirm, press “${CONFIRM_BUTTON}” in the e-mail we sent you: only its link can confirm, so that nobody can register someone else’s address.`;

/** The staff list's "E-mail confirmed" line; undefined where the event asked nothing. */
export function staffConfirmationText(r: {
  status: RegistrationStatus;
  emailConfirmation: 'pending' | 'confirmed' | null;
  holdUntil: string | null;
  holdReleasedAt: string | null;
}): string | undefined {
  if (r.status === 'cancelled' && r.holdReleasedAt) return 'No: seat released, not confirmed in time';
  if (r.emailConfirmation === 'confirmed') return 'Yes';
  if (r.emailConfirmation !== 'pending' || r.status === 'cancelled') return undefined;
  return r.holdUntil ? `Not yet: seat held until ${formatDhakaDateTime(r.holdUntil)}` : 'Not yet';
}
