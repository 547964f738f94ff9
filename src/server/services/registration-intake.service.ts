import { EVENT_NOT_FOUND, TICKET_NOT_FOUND } from '../../lib/api-errors.ts';
import { awaitsConfirmation, NOTHING_TO_SEND_AGAIN } from '../../lib/registration/email-confirmation.ts';
import { ASK_THE_ORGANISER } from '../../lib/registration/registration-view.ts';
import type { Registrant } from '../../lib/types.ts';
import { isCanonicalId } from '../../lib/ids.ts';
import { conflictError, invalidInput, notFoundError, serviceBusy } from './domain-errors.ts';
import { countFormAttempt, countRegistrationAttempt } from './rate-limits.service.ts';
import { enqueueEmail } from '../repositories/email-outbox.repository.ts';
import {
  readTicket,
  register,
  sendTicketAgain,
  type Registered,
  type RegistrationDeps,
} from './registrations.service.ts';
import { countTicketAgain } from './ticket-again-limit.service.ts';

/**
 * What a visitor's registration meets before it is kept, and "Send my ticket again", whichever way
 * they came: the API's JSON (routes/registrations.routes.ts) or the event page's forms posted without
 * script (server/pages/registration-post.ts). One path, so both meet the same rules in the same order;
 * the callers only read the request (its body against the same schema, its caller's address).
 */

/** The answer to a filled honeypot: nothing is kept, and nothing says why. */
export const HONEYPOT_REFUSAL = 'Your registration could not be accepted.';
export const REGISTRATION_BUSY = 'Registration is very busy right now. Please try again in a minute.';
/** How long a registration turned away by a full line is told to wait. */
const BUSY_RETRY_SECONDS = 30;

/** A line of work with a bounded wait (http/registration-line.ts): undefined when it was full. */
export interface TaskLine {
  run<T>(task: () => Promise<T>): Promise<{ value: T } | undefined>;
}

export interface IntakeDeps extends RegistrationDeps {
  /** The process's line of registrations being taken. */
  line: TaskLine;
}

/** A registration as it arrived, its body already read against registrantSchema. */
export interface Arrival {
  eventId: string;
  registrant: Omit<Registrant, 'website'>;
  /** The honeypot as sent: people leave it empty. */
  website?: string | undefined;
  /** The caller as every limit counts it (http/client-ip.ts: IPv4 as itself, IPv6 by its /64). */
  caller: string;
  /** The anonymous label of the caller's network at this event (http/network-label.ts). */
  network: string | null;
}

/**
 * Takes a registration: an id in another spelling than the database's names no event (404 before
 * anything is counted); then, in the process's line (a full line is 503 with Retry-After), the attempt
 * is counted against the loop guard and the room's allowance (429 past either; an event that does not
 * exist counts nothing and is 404), the honeypot is refused (400), and the registration is made
 * (registrations.service.ts: open, one per mailbox, seats, the network's holds). A refused attempt gives
 * its room back its place, so a room is never locked out by its typos.
 */
export async function takeRegistration(deps: IntakeDeps, arrival: Arrival, now: Date): Promise<Registered> {
  const { db, line } = deps;
  const { eventId } = arrival;
  if (!isCanonicalId(eventId)) throw notFoundError('event_not_found', EVENT_NOT_FOUND);
  const taken = await line.run(async () => {
    // Counted before anything is checked or kept, per address and only for an event that exists: the
    // loop guard counts every attempt, the room's allowance only registrations that are kept.
    const seat = await countRegistrationAttempt(db, arrival.caller, eventId, now);
    if (!seat) throw notFoundError('event_not_found', EVENT_NOT_FOUND);
    try {
      if (arrival.website) throw invalidInput(HONEYPOT_REFUSAL);
      return await register(deps, eventId, arrival.registrant, now, arrival.network);
    } catch (err) {
      await seat.release();
      throw err;
    }
  });
  if (!taken) throw serviceBusy('registration_busy', REGISTRATION_BUSY, BUSY_RETRY_SECONDS);
  return taken.value;
}

/**
 * "Send my ticket again" for an event the caller found: the loop guard counts it as a registration
 * attempt, the mailbox's own limit too, and a registered mailbox's ticket is queued again. The caller
 * answers the same whether or not the address is registered. Without e-mail on this site nothing can be
 * sent: 409 saying whom to ask instead.
 */
export async function askTicketAgain(
  { db, mailEnabled = false }: Pick<RegistrationDeps, 'db' | 'mailEnabled'>,
  eventId: string,
  email: string,
  caller: string,
  now: Date,
): Promise<void> {
  if (!mailEnabled) throw conflictError('mail_disabled', ASK_THE_ORGANISER);
  await countFormAttempt(db, caller, now);
  await countTicketAgain(db, eventId, email, now);
  await sendTicketAgain(db, eventId, email);
}

/**
 * "Send the e-mail again" on a ticket whose e-mail is still to be confirmed: its confirmation link is
 * mailed once more (a `ticket-again` message, which carries a new code) to the address registered, never
 * to another, under the same limits as "Send my ticket again" (the caller's loop guard, counted first; the
 * mailbox's few an hour at this event; the mailbox's cap site-wide). Refused (409) when the site sends no
 * e-mail or there is nothing to confirm (confirmed already, released, cancelled, never asked); an
 * unknown ticket is a 404.
 */
export async function askConfirmationAgain(
  { db, mailEnabled = false }: Pick<RegistrationDeps, 'db' | 'mailEnabled'>,
  ticket: string,
  caller: string,
  now: Date,
): Promise<void> {
  if (!mailEnabled) throw conflictError('mail_disabled', ASK_THE_ORGANISER);
  await countFormAttempt(db, caller, now);
  const found = await readTicket(db, ticket, now);
  if (!found) throw notFoundError('ticket_not_found', TICKET_NOT_FOUND);
  const { registration, confirmation } = found;
  if (!awaitsConfirmation(registration.status, confirmation))
    throw conflictError('nothing_to_confirm', NOTHING_TO_SEND_AGAIN);
  await countTicketAgain(db, registration.eventId, registration.email, now);
  await enqueueEmail(db, { kind: 'ticket-again', registrationId: registration.id });
}
