import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { dhakaInstant, eventEnd, promotedHoldEnd } from '../../lib/dhaka-time.ts';
import {
  CONFIRM_CODE_MISSING,
  CONFIRM_CODE_WRONG,
  holdEnd,
  MAX_CONFIRMATION_CODE_LENGTH,
  SEAT_RELEASED,
  ticketConfirmation,
} from '../../lib/registration/email-confirmation.ts';
import {
  ALREADY_REGISTERED,
  EVENT_NOT_FOUND,
  REGISTRATION_NOT_FOUND,
  TICKET_NOT_FOUND,
  type ErrorCodeOf,
} from '../../lib/api-errors.ts';
import type { RegistrationListQuery } from '../../lib/schemas/registration.schema.ts';
import { MAX_SELECTION } from '../../lib/schemas/registration.schema.ts';
import type {
  EventItem,
  NetworkGroup,
  Registrant,
  RegistrationCounts,
  RegistrationOverviewItem,
  RegistrationSettings,
  RegistrationSummary,
  StaffRegistration,
  TicketConfirmation,
} from '../../lib/types.ts';
import type { PageCache } from '../caching/page-cache.ts';
import { purgeStalePages, stalePages } from '../caching/purges.ts';
import { pgErrorCode } from '../db/errors.ts';
import type { Database, RegistrationRow } from '../db/schema.ts';
import { auditedChange, insertAuditRow, insertAuditRows } from '../repositories/audit.repository.ts';
import { activeCertificateOf, hasWithdrawnCertificate } from '../repositories/certificates.repository.ts';
import { confirmationCodeHashes } from '../repositories/confirmation-codes.repository.ts';
import { matchesStoredCode } from '../auth/confirmation-code.ts';
import { enqueueEmail, enqueueEmails } from '../repositories/email-outbox.repository.ts';
import { findEvent } from '../repositories/events.repository.ts';
import {
  activeByNetwork,
  cancelRegistrations,
  confirmEmail,
  countSeats,
  heldSeatsByNetwork,
  networkGroups,
  registrationsOfEvent,
  waitlistInOrder,
  deleteRegistration,
  dropEmailConfirmations,
  eventsWithExpiredHolds,
  hasExpiredHold,
  releaseExpiredHolds,
  deleteRegistrationsOfEventsEndedBefore,
  seatsAndRegistrationOf,
  findByTicket,
  findRegistration,
  findRegistrationByEmail,
  insertRegistration,
  findRegistrations,
  registrationCounts,
  lockEvent,
  promoteWaitlisted,
  registrationOverview,
  setStatus,
  toStaffRegistration,
  waitlistPosition,
  type LockedEvent,
} from '../repositories/registrations.repository.ts';
import { isCanonicalId } from '../../lib/ids.ts';
import type { ChapterScope } from '../repositories/viewer-scope.ts';
import { auditRow, type Actor } from './audit.service.ts';
import { conflictError, invalidInput, notAllowed, notFoundError } from './domain-errors.ts';
import type { EditDeps } from './edit-deps.ts';
import { chooseForSeats, mayHoldAnother, seatsAsOf } from './seat-holds.service.ts';
import { DAY_MS } from '../../lib/durations.ts';
import { TICKET_BYTES } from '../../lib/registration/ticket-format.ts';
import { freeSeats } from '../../lib/registration/seats.ts';

/**
 * Registration on the site: taking, freeing and giving seats, the ticket, the staff list,
 * and deleting personal data after the event. Every change of seats runs in one transaction that
 * locks the event's row first (registrations.repository.ts), queues its mail in the same transaction
 * (email-outbox.repository.ts), and purges the event's public summary once committed.
 */

export const NOT_ON_SITE = 'Registration for this event is not on this site';
export const NOT_OPEN_YET = 'Registration has not opened yet';
export const CLOSED = 'Registration has closed';
export { ALREADY_REGISTERED };

/** What a public write needs: the database and the CDN cache of the event's summary. */
export interface RegistrationDeps {
  db: Kysely<Database>;
  pageCache: PageCache;
  /** Whether the site sends e-mail: an event confirms by e-mail only then (email-confirmation.ts). */
  mailEnabled?: boolean | undefined;
}

/** Who releases a seat whose e-mail was not confirmed in time, in the audit trail. */
export const HOLD_RELEASE_ACTOR: Actor = { id: null, name: 'System', email: 'system (e-mail not confirmed in time)' };
export const NOTHING_TO_CONFIRM = 'This registration has no e-mail address waiting to be confirmed';
export const CONFIRM_CANCELLED = 'This registration is cancelled';
export const CONFIRM_NEEDS_MAIL =
  'Confirm by e-mail needs the site to send e-mail: set SMTP_URL first, or leave it off';

/** A new ticket, in the one form tickets have (lib/registration/ticket-format.ts). */
export const newTicket = () => randomBytes(TICKET_BYTES).toString('base64url');

type Window = Pick<RegistrationSettings, 'mode' | 'opensAt' | 'closesAt'>;

/** A refusal of a change: its code and its message. */
interface Refusal {
  code: ErrorCodeOf<409>;
  message: string;
}

/** Why a registration sent now would be refused (undefined: it would be taken). An event that has ended is closed. */
function refusal(
  settings: Window,
  event: { eventDate: string; startTime: string; endTime: string },
  now: Date,
): Refusal | undefined {
  if (settings.mode !== 'site') return { code: 'registration_not_on_site', message: NOT_ON_SITE };
  const t = now.getTime();
  if (settings.opensAt && t < Date.parse(settings.opensAt))
    return { code: 'registration_not_open', message: NOT_OPEN_YET };
  if ((settings.closesAt && t >= Date.parse(settings.closesAt)) || t >= eventEnd(event))
    return { code: 'registration_closed', message: CLOSED };
  return undefined;
}

/** Whether the event takes registrations now (the public summary's `open`). */
export const isRegistrationOpen = (
  event: Pick<EventItem, 'eventDate' | 'startTime' | 'endTime'> & { registration: Window },
  now: Date,
) => refusal(event.registration, event, now) === undefined;

/**
 * The public summary of an event found by the caller (GET /events/:id/registration, the event's page):
 * seats and settings, no personal data.
 */
export async function registrationSummary(
  db: Kysely<Database>,
  event: Pick<EventItem, 'id' | 'registration' | 'eventDate' | 'startTime' | 'endTime'>,
  now: Date,
  mailEnabled = false,
): Promise<Omit<RegistrationSummary, 'sendsEmail'>> {
  const { mode, capacity, opensAt, closesAt, questions, holdMinutes } = event.registration;
  // What the seats are now, a hold that ran out released and given on, though no release has run: a read writes nothing.
  const { confirmed, waitlisted } = await seatsAsOf(db, event, now);
  return {
    mode,
    capacity,
    confirmed,
    waitlisted,
    seatsLeft: freeSeats(capacity, confirmed),
    open: isRegistrationOpen(event, now),
    opensAt,
    closesAt,
    questions,
    confirmByEmail: event.registration.confirmByEmail && mailEnabled,
    holdMinutes,
  };
}

export interface Registered {
  status: 'confirmed' | 'waitlisted';
  /** While waitlisted: 1 is next in line. */
  position?: number;
  ticket: string;
  registrationId: string;
  /** On an event that confirms by e-mail: pending, with the seat's hold when it took one. */
  confirmation?: TicketConfirmation;
}

/** The registrant's answers, one per question of the event, each answered. */
function checkAnswers(answers: readonly string[], questions: readonly string[]): string[] {
  if (answers.length !== questions.length)
    throw invalidInput('Please answer each question', [
      { path: 'answers', message: `Please give one answer for each of the ${questions.length} questions` },
    ]);
  const blank = answers.findIndex((a) => a.trim() === '');
  if (blank >= 0)
    throw invalidInput('Please answer each question', [
      { path: `answers.${blank}`, message: 'Please answer this question' },
    ]);
  return [...answers];
}

const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';

/**
 * Registers someone for a published event whose registration is on this site and open: a seat when
 * one is left, else a place on the waitlist; mail (registered / waitlisted) is queued with it. One
 * registration per mailbox per event (src/lib/mailbox.ts: any case, any `+tag`, Gmail's dots): a
 * repeat is refused with a message that says nothing about the registration already there. A cancelled
 * registration of the same mailbox gives way to the new one. Visitors cannot see drafts, so a draft is
 * "not found". `network` is the anonymous label of the network it came from (http/network-label.ts):
 * on an event that holds seats for unconfirmed e-mails, a network holding its share of them
 * (seat-holds.service.ts) gets a place on the waitlist that holds nothing, until the e-mail is confirmed.
 */
export async function register(
  { db, pageCache, mailEnabled = false }: RegistrationDeps,
  eventId: string,
  registrant: Omit<Registrant, 'website'>,
  now: Date,
  network: string | null = null,
): Promise<Registered> {
  let result: Registered;
  try {
    result = await db.transaction().execute(async (tx) => {
      const event = await lockEvent(tx, eventId);
      if (!event || event.status !== 'published') throw notFoundError('event_not_found', EVENT_NOT_FOUND);
      const refused = refusal(event.registration, event, now);
      if (refused) throw conflictError(refused.code, refused.message);
      const answers = checkAnswers(registrant.answers, event.registration.questions);
      // Seats whose time to confirm ran out go to those waiting before this one counts what is left
      // (only an event that confirms by e-mail holds seats: turning it off ends every hold).
      if (event.registration.confirmByEmail) await releaseHolds(tx, event, now);

      const { confirmed, waitlisted, waitlistedReady, heldByNetwork, existing } = await seatsAndRegistrationOf(
        tx,
        event.id,
        registrant.email,
        network,
      );
      if (existing && existing.status !== 'cancelled') throw conflictError('already_registered', ALREADY_REGISTERED);
      if (existing) await deleteRegistration(tx, existing.id);

      const capacity = event.registration.capacity;
      const seatFree = capacity === null || confirmed < capacity;
      // Without e-mail the link could not reach anyone: an event confirms by e-mail only while mail is on.
      const confirming = event.registration.confirmByEmail && mailEnabled;
      // A seat taken now would be held: not while this network already holds its share of unconfirmed seats.
      const heldBack = seatFree && confirming && network !== null && !mayHoldAnother(heldByNetwork);
      const status = seatFree && !heldBack ? 'confirmed' : 'waitlisted';
      const holdUntil = confirming && status === 'confirmed' ? holdEnd(now, event.registration.holdMinutes) : null;
      const row = await insertRegistration(
        tx,
        {
          eventId: event.id,
          ticket: newTicket(),
          fullName: registrant.fullName,
          email: registrant.email,
          phone: registrant.phone,
          institution: registrant.institution,
          ieeeMemberId: registrant.ieeeMemberId,
          answers,
          status,
          createdAt: now,
          emailConfirmation: confirming ? 'pending' : null,
          holdUntil,
          network,
        },
        status === 'confirmed' ? 'registered' : 'waitlisted',
      );
      // Everyone waiting arrived before (the lock orders arrivals): one still to confirm is last in
      // line; one asked nothing waits behind only those who are not waiting for a confirmation either.
      const position = status !== 'waitlisted' ? undefined : (confirming ? waitlisted : waitlistedReady) + 1;
      return {
        status,
        ticket: row.ticket,
        registrationId: row.id,
        ...(position !== undefined ? { position } : {}),
        ...(confirming
          ? {
              confirmation: {
                state: 'pending',
                holdUntil: holdUntil && holdUntil.toISOString(),
                ...(heldBack ? { seatFree: true as const } : {}),
              },
            }
          : {}),
      } satisfies Registered;
    });
  } catch (err) {
    // Two registrations of one address that met anyway (the lock makes this unlikely): the same answer.
    if (isUniqueViolation(err)) throw conflictError('already_registered', ALREADY_REGISTERED);
    throw err;
  }
  await purgeStalePages(pageCache, stalePages.registration(eventId));
  return result;
}

export interface TicketDetails {
  registration: RegistrationRow;
  /** While waitlisted. */
  position?: number;
  event: EventItem;
  /** Its certificate of attendance, once issued and while not withdrawn. */
  certificate?: { id: string };
  /** Its certificate of attendance was withdrawn (and none is active). */
  certificateWithdrawn?: true;
  /** On an event that confirms by e-mail (email-confirmation.ts). */
  confirmation?: TicketConfirmation;
}

/**
 * What a ticket shows: the registration, its place in line while waitlisted, and its event. Undefined:
 * no such ticket. A seat whose time to confirm ran out reads as cancelled (released) at once, though
 * the release itself may not have run yet: reading a ticket changes nothing.
 */
export async function readTicket(db: Kysely<Database>, ticket: string, now: Date): Promise<TicketDetails | undefined> {
  const stored = await findByTicket(db, ticket);
  if (!stored) return undefined;
  let confirmation = ticketConfirmation(stored, now);
  const registration: RegistrationRow =
    confirmation?.state === 'released' ? { ...stored, status: 'cancelled' } : stored;
  const found = await findEvent(db, registration.eventId, 'staff');
  if (!found) return undefined;
  // Only someone checked in can hold a certificate: the others' tickets cost no query for it.
  const certificate = registration.checkedInAt ? await activeCertificateOf(db, registration.id) : undefined;
  const withdrawn =
    registration.checkedInAt && !certificate ? await hasWithdrawnCertificate(db, registration.id) : false;
  const waiting = registration.status === 'waitlisted';
  // Waiting to confirm while a seat is free (their network held its share): confirming takes it.
  if (waiting && confirmation?.state === 'pending') {
    const { capacity } = found.item.registration;
    if (capacity === null || (await countSeats(db, registration.eventId)).confirmed < capacity)
      confirmation = { ...confirmation, seatFree: true };
  }
  return {
    registration,
    event: found.item,
    ...(waiting ? { position: await waitlistPosition(db, registration.eventId, registration) } : {}),
    ...(certificate ? { certificate } : {}),
    ...(withdrawn ? { certificateWithdrawn: true as const } : {}),
    ...(confirmation ? { confirmation } : {}),
  };
}

/** When an event starts (its date and start time, Dhaka time). */
type EventSchedule = { eventDate: string; startTime: string };

/**
 * Confirms as many waitlisted people as `capacity` (null: unlimited) now leaves room for beside the
 * `confirmed` seats, in the waitlist's order (those who confirmed their e-mail first, each in arrival
 * order), with mail telling each; in the caller's transaction, which holds the event's lock. On an
 * event that confirms by e-mail, those whose e-mail is not confirmed yet hold their seat for its hold
 * time counted by day in Dhaka (promotedHoldEnd: a seat given at night waits for the morning), and
 * are passed over while their network holds its share (seat-holds.service.ts). The ids promoted.
 */
async function promoteIntoFreeSeats(
  tx: Transaction<Database>,
  eventId: string,
  settings: Pick<RegistrationSettings, 'capacity' | 'confirmByEmail' | 'holdMinutes'>,
  confirmed: number,
  now: Date,
  schedule: EventSchedule,
): Promise<string[]> {
  const { capacity } = settings;
  const free = freeSeats(capacity, confirmed);
  if (free === 0) return [];
  const waiting = await waitlistInOrder(tx, eventId);
  if (waiting.length === 0) return [];
  const holding = settings.confirmByEmail;
  const held = holding && waiting.some((w) => w.pending) ? await heldSeatsByNetwork(tx, eventId) : new Map();
  const holdUntil = holding
    ? promotedHoldEnd(now, settings.holdMinutes, dhakaInstant(schedule.eventDate, schedule.startTime))
    : null;
  const promoted = await promoteWaitlisted(tx, eventId, chooseForSeats(waiting, held, free, holding), now, holdUntil);
  await enqueueEmails(
    tx,
    promoted.map((registrationId) => ({ kind: 'promoted' as const, registrationId })),
  );
  return promoted;
}

/**
 * A confirmed seat was freed, or a hold ended: the first in line gets what is free (nothing moves
 * unless registration is on the site).
 */
export async function fillFreedSeats(tx: Transaction<Database>, event: LockedEvent, now: Date): Promise<string[]> {
  if (event.registration.mode !== 'site') return [];
  const { confirmed } = await countSeats(tx, event.id);
  return promoteIntoFreeSeats(tx, event.id, event.registration, confirmed, now, event);
}

/**
 * Releases the event's seats whose time to confirm the e-mail ran out, and gives them to those waiting;
 * in the caller's transaction, which holds the event's lock. Each release is audited as the system's
 * (no one signed in did it), and its holder's "your held seat was released" mail queued, in the same
 * transaction: a seat is released once (the update takes only seats still held), so a second run, or
 * one waiting on the lock meanwhile, finds nothing and mails no one. The ids released.
 */
async function releaseHolds(tx: Transaction<Database>, event: LockedEvent, now: Date): Promise<string[]> {
  const released = await releaseExpiredHolds(tx, event.id, now);
  await enqueueEmails(
    tx,
    released.map((registrationId) => ({ kind: 'hold-released' as const, registrationId })),
  );
  for (const id of released)
    await insertAuditRow(
      tx,
      auditRow(HOLD_RELEASE_ACTOR, 'registration', {
        action: 'update',
        before: { id, status: 'confirmed', eventTitle: event.title },
        after: { id, status: 'cancelled', eventTitle: event.title },
      })!,
    );
  if (released.length > 0) await fillFreedSeats(tx, event, now);
  return released;
}

/**
 * Releases the event's seats whose time to confirm ran out (if any: a look without the lock first, so
 * the common case costs one small query), gives them on, and purges the event's summary. How many.
 */
export async function releaseExpiredHoldsOf(
  { db, pageCache }: RegistrationDeps,
  eventId: string,
  now: Date,
): Promise<number> {
  if (!(await hasExpiredHold(db, eventId, now))) return 0;
  const released = await db.transaction().execute(async (tx) => {
    const event = await lockEvent(tx, eventId);
    return event ? releaseHolds(tx, event, now) : [];
  });
  if (released.length > 0) await purgeStalePages(pageCache, stalePages.registration(eventId));
  return released.length;
}

/** The scheduled release: every event's seats whose time to confirm ran out. How many, in all. */
export async function releaseAllExpiredHolds(deps: RegistrationDeps, now: Date): Promise<number> {
  let released = 0;
  for (const eventId of await eventsWithExpiredHolds(deps.db, now))
    released += await releaseExpiredHoldsOf(deps, eventId, now);
  return released;
}

/**
 * Whether `code` is one mailed for this registration (auth/confirmation-code.ts: compared in constant
 * time). A registration that was never asked to confirm has none.
 */
async function codeConfirms(db: Kysely<Database>, registration: RegistrationRow, code: string): Promise<boolean> {
  if (code === '' || code.length > MAX_CONFIRMATION_CODE_LENGTH) return false;
  return matchesStoredCode(code, await confirmationCodeHashes(db, registration.id));
}

/** What the page of a confirmation link shows: the ticket, and whether the link's code confirms it. */
export interface ConfirmLink {
  details: TicketDetails;
  codeValid: boolean;
}

/**
 * The page an e-mail's confirmation link opens (`/tickets/{ticket}/confirm?code=…`): the ticket as
 * readTicket reads it, and whether the code is one mailed for it. Reading it confirms nothing (mail
 * scanners open links); its button posts the code. Undefined: no such ticket.
 */
export async function readConfirmLink(
  db: Kysely<Database>,
  ticket: string,
  code: string,
  now: Date,
): Promise<ConfirmLink | undefined> {
  const details = await readTicket(db, ticket, now);
  if (!details) return undefined;
  return { details, codeValid: await codeConfirms(db, details.registration, code) };
}

/**
 * The e-mail's holder confirms it: the code comes from the link in a message that asked to confirm
 * (never from the ticket, which the registration's answer hands to whoever registered), so a script that
 * registers made-up addresses confirms none. Refused, with nothing changed: no code (400), a code not
 * mailed for this registration (403), a registration that was never asked to confirm (409). Then the
 * seat's hold ends and the seat is theirs; on the waitlist, they move ahead of everyone still to confirm,
 * and take a seat at once if one is free. Too late, the seat was released (409, saying so; the release
 * runs now if it had not yet, and its mail is queued). Confirming again answers the same. Unknown ticket:
 * 404. The confirmation and the registration's status after it.
 */
export async function confirmByTicket(
  { db, pageCache }: RegistrationDeps,
  ticket: string,
  code: string,
  now: Date,
): Promise<{ confirmation: TicketConfirmation; status: RegistrationRow['status'] }> {
  if (code === '') throw invalidInput(CONFIRM_CODE_MISSING, [{ path: 'code', message: CONFIRM_CODE_MISSING }]);
  const stored = await findByTicket(db, ticket);
  if (!stored) throw notFoundError('ticket_not_found', TICKET_NOT_FOUND);
  if (stored.emailConfirmation === null && stored.holdReleasedAt === null)
    throw conflictError('nothing_to_confirm', NOTHING_TO_CONFIRM);
  if (!(await codeConfirms(db, stored, code))) throw notAllowed(CONFIRM_CODE_WRONG, 'confirmation_code_wrong');
  const outcome = await db.transaction().execute(async (tx) => {
    const event = await lockEvent(tx, stored.eventId);
    if (!event) throw notFoundError('ticket_not_found', TICKET_NOT_FOUND);
    const released = await releaseHolds(tx, event, now);
    // Read again under the event's lock: a release or a staff change may have come first.
    const registration = await findByTicket(tx, ticket);
    if (!registration) throw notFoundError('ticket_not_found', TICKET_NOT_FOUND);
    const confirmation = ticketConfirmation(registration, now);
    const seatsMoved = released.length > 0;
    if (confirmation?.state === 'released' || registration.status === 'cancelled' || !confirmation)
      return { confirmation, registration, seatsMoved, eventId: event.id };
    let promoted: string[] = [];
    if (confirmation.state === 'pending') {
      await confirmEmail(tx, registration.id, now);
      // Confirmed while waiting, this one is now served before every unconfirmed one: a seat that is
      // free (its network held its share) is theirs at once. A hold that ended lets the next of its
      // network hold a free seat in turn.
      promoted = await fillFreedSeats(tx, event, now);
    }
    return {
      confirmation: { state: 'confirmed' } as const,
      registration: promoted.includes(registration.id)
        ? { ...registration, status: 'confirmed' as const }
        : registration,
      seatsMoved: seatsMoved || promoted.length > 0,
      eventId: event.id,
    };
  });
  // The releases commit even when this ticket's answer is a refusal: they are the clock's, not the caller's.
  if (outcome.seatsMoved) await purgeStalePages(pageCache, stalePages.registration(outcome.eventId));
  if (outcome.confirmation?.state === 'released') throw conflictError('seat_released', SEAT_RELEASED);
  if (outcome.registration.status === 'cancelled') throw conflictError('cancelled', CONFIRM_CANCELLED);
  if (!outcome.confirmation) throw conflictError('nothing_to_confirm', NOTHING_TO_CONFIRM);
  return { confirmation: outcome.confirmation, status: outcome.registration.status };
}

/** Who cancels with a ticket: its holder, who has no account; the trail keeps nothing of theirs. */
export const TICKET_HOLDER_ACTOR: Actor = { id: null, name: 'Ticket holder', email: 'cancelled with their own ticket' };

export const CANCEL_AFTER_CHECK_IN =
  'You have been checked in at this event, so this registration can no longer be cancelled.';
export const CANCEL_AFTER_START =
  'This event has started, so this registration can no longer be cancelled. Please contact the organisers if something is wrong.';

/**
 * Why the holder may not cancel this registration now (undefined: they may). Once someone is checked in,
 * or the event has started (its date and start time, Dhaka time), the registration is history the
 * attendance report and certificates read: the holder can no longer undo it; staff still can, audited.
 */
export const cancelRefusal = (
  registration: { checkedInAt: Date | string | null },
  event: { eventDate: string; startTime: string },
  now: Date,
): string | undefined => cancelRefusalOf(registration, event, now)?.message;

function cancelRefusalOf(
  registration: { checkedInAt: Date | string | null },
  event: { eventDate: string; startTime: string },
  now: Date,
): Refusal | undefined {
  if (registration.checkedInAt) return { code: 'cancel_after_check_in', message: CANCEL_AFTER_CHECK_IN };
  if (now.getTime() >= dhakaInstant(event.eventDate, event.startTime).getTime())
    return { code: 'cancel_after_start', message: CANCEL_AFTER_START };
  return undefined;
}

/**
 * Cancels the registration a ticket names, audited in the same transaction as done by its holder. A
 * confirmed seat goes to the first waitlisted person in the same transaction. Cancelling again changes
 * nothing and answers the same. Refused (409 with the reason) once the holder is checked in or the
 * event has started. Unknown ticket: 404.
 */
export async function cancelByTicket(
  { db, pageCache }: RegistrationDeps,
  ticket: string,
  now: Date,
): Promise<{ status: 'cancelled' }> {
  const done = await auditedChange(
    db,
    async (tx) => {
      const found = await findByTicket(tx, ticket);
      if (!found) throw notFoundError('ticket_not_found', TICKET_NOT_FOUND);
      if (found.status === 'cancelled') return undefined;
      const event = await lockEvent(tx, found.eventId);
      // Read again under the event's lock: a staff change or a check-in may have come first.
      const registration = await findByTicket(tx, ticket);
      if (!event || !registration) throw notFoundError('ticket_not_found', TICKET_NOT_FOUND);
      if (registration.status === 'cancelled') return undefined;
      const refused = cancelRefusalOf(registration, event, now);
      if (refused) throw conflictError(refused.code, refused.message);
      const after = await setStatus(tx, registration.id, 'cancelled', now);
      // A check-in at the door holds no event lock: one that committed after the read above is seen by
      // the update (it waits for the row, then returns it as the check-in left it), and undoes this.
      if (after.checkedInAt) throw conflictError('cancel_after_check_in', CANCEL_AFTER_CHECK_IN);
      if (registration.status === 'confirmed') await fillFreedSeats(tx, event, now);
      return { before: registration, after, event };
    },
    (done) =>
      done &&
      auditRow(TICKET_HOLDER_ACTOR, 'registration', {
        action: 'update',
        before: { id: done.before.id, status: done.before.status, eventTitle: done.event.title },
        after: { id: done.after.id, status: done.after.status, eventTitle: done.event.title },
      }),
  );
  if (done) await purgeStalePages(pageCache, stalePages.registration(done.event.id));
  return { status: 'cancelled' };
}

/** Staff's filters of the attendee list. */
/** The staff list's rows per page when a client asks for a page without saying how many. */
export const REGISTRATION_PAGE_SIZE = 20;

export interface StaffList {
  /** Over every registration of the event, whatever the search. */
  counts: RegistrationCounts;
  /** Those the search and status select, in arrival order: one page when asked, else all of them. */
  registrations: StaffRegistration[];
  /** How many the search and status select in all. */
  total: number;
  /** When a page was asked for. */
  paging?: { page: number; pageSize: number; totalPages: number };
}

/**
 * The event's registrations for its staff, in arrival order, searched by the one rule (every word in the
 * name, e-mail, institution, phone or IEEE member number; any case) and filtered by status or
 * check-in, a page of them when `page` or `pageSize` is given; the counts are over all of them.
 */
export async function staffRegistrations(
  db: Kysely<Database>,
  eventId: string,
  { q, status, network, page, pageSize }: RegistrationListQuery = {},
): Promise<StaffList> {
  const paged = page !== undefined || pageSize !== undefined;
  const size = pageSize ?? REGISTRATION_PAGE_SIZE;
  const at = page ?? 1;
  const [counts, found] = await Promise.all([
    registrationCounts(db, eventId),
    findRegistrations(db, eventId, {
      q,
      status,
      network,
      page: paged ? { limit: size, offset: (at - 1) * size } : undefined,
    }),
  ]);
  return {
    counts,
    ...found,
    ...(paged ? { paging: { page: at, pageSize: size, totalPages: Math.max(1, Math.ceil(found.total / size)) } } : {}),
  };
}

/** Every registration of the event, in arrival order (the CSV export). */
export async function allRegistrations(db: Kysely<Database>, eventId: string): Promise<StaffRegistration[]> {
  return (await findRegistrations(db, eventId, {})).registrations;
}

/**
 * Staff confirm or cancel one registration (its event's chapter or an admin; the route checks), audited
 * with the change in one transaction. Confirming takes a seat: refused while every seat is taken (staff
 * raise the capacity first), and mail tells the person. Cancelling a confirmed seat gives it to the
 * first in line. Setting the status it already has changes nothing.
 */
export async function changeRegistrationStatus(
  edit: EditDeps,
  registrationId: string,
  status: 'confirmed' | 'cancelled',
  now: Date,
): Promise<StaffRegistration> {
  const { after, eventId } = await auditedChange(
    edit.db,
    async (tx) => {
      const current = await findRegistration(tx, registrationId);
      if (!current) throw notFoundError('registration_not_found', REGISTRATION_NOT_FOUND);
      const event = await lockEvent(tx, current.eventId);
      const before = await findRegistration(tx, registrationId);
      if (!event || !before) throw notFoundError('registration_not_found', REGISTRATION_NOT_FOUND);
      let after = before;
      if (before.status !== status) {
        if (status === 'confirmed') {
          const { confirmed } = await countSeats(tx, event.id);
          const capacity = event.registration.capacity;
          if (capacity !== null && confirmed >= capacity)
            throw conflictError(
              'event_full',
              `All ${capacity} seats are taken: raise the capacity of the event to confirm more people`,
            );
          after = await setStatus(tx, before.id, 'confirmed', now);
          await enqueueEmail(tx, { kind: 'promoted', registrationId: before.id });
        } else {
          after = await setStatus(tx, before.id, 'cancelled', now);
          if (before.status === 'confirmed') await fillFreedSeats(tx, event, now);
        }
      }
      return { before, after, eventId: event.id, eventTitle: event.title };
    },
    ({ before, after, eventTitle }) =>
      auditRow(edit.actor, 'registration', {
        action: 'update',
        before: { id: before.id, status: before.status, eventTitle },
        after: { id: after.id, status: after.status, eventTitle },
      }),
  );
  await purgeStalePages(edit.pageCache, stalePages.registration(eventId));
  const position = after.status === 'waitlisted' ? await waitlistPosition(edit.db, eventId, after) : null;
  return toStaffRegistration(after, position);
}

/** A selected id that names no registration of the event (another event's, a typo, another spelling). */
export const NOT_OF_THIS_EVENT = 'Not a registration of this event';

export interface SelectionResult {
  cancelled: number;
  alreadyCancelled: number;
  /** Left as they are: checked in, or walk-ins. */
  atTheEvent: number;
  promoted: number;
}

/**
 * Staff cancel a selection of one event's registrations (a burst from one network, say) in one
 * transaction under the event's lock: each is cancelled with its own audit row, each cancelled person
 * is told by e-mail (through the outbox, under their mailbox's cap), and the seats freed go to the
 * waitlist in its order. Every id must name a registration of this event, or nothing changes (400
 * naming each one that does not). Those already cancelled are left as they are, so the same request
 * sent again changes nothing and mails no one. So is everyone at the event (checked in, or added at the
 * door: a walk-in): a burst's network can hold someone in the room, and the group without a network
 * holds every walk-in; they keep their seat and their attendance and are mailed nothing, and the
 * answer counts them (`atTheEvent`). Staff cancel one of them, when they mean it, on its own.
 */
export async function cancelSelection(
  edit: EditDeps,
  eventId: string,
  ids: readonly string[],
  now: Date,
): Promise<SelectionResult> {
  const done = await edit.db.transaction().execute(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (!event) throw notFoundError('event_not_found', EVENT_NOT_FOUND);
    // Only the one spelling of an id names a record (ids.ts): any other is no registration of this event.
    const found = await registrationsOfEvent(tx, event.id, ids.filter(isCanonicalId));
    const before = new Map(found.map((r) => [r.id, r]));
    const strangers = ids.flatMap((id, i) =>
      before.has(id) ? [] : [{ path: `registrationIds.${i}`, message: NOT_OF_THIS_EVENT }],
    );
    if (strangers.length > 0)
      throw invalidInput(
        strangers.length === 1
          ? 'One of the selected is not a registration of this event: nothing was cancelled'
          : `${strangers.length} of the selected are not registrations of this event: nothing was cancelled`,
        strangers,
      );
    const live = found.filter((r) => r.status !== 'cancelled');
    const atTheEvent = live.filter((r) => r.checkedInAt !== null || r.walkIn).length;
    const open = live.filter((r) => r.checkedInAt === null && !r.walkIn).map((r) => r.id);
    const cancelled = await cancelRegistrations(tx, open, now);
    await insertAuditRows(
      tx,
      cancelled.map((row) =>
        auditRow(edit.actor, 'registration', {
          action: 'update',
          before: { id: row.id, status: before.get(row.id)!.status, eventTitle: event.title },
          after: { id: row.id, status: row.status, eventTitle: event.title },
        })!,
      ),
    );
    await enqueueEmails(
      tx,
      cancelled.map((row) => ({ kind: 'cancelled' as const, registrationId: row.id })),
    );
    const freed = cancelled.some((row) => before.get(row.id)!.status === 'confirmed');
    const promoted = freed ? await fillFreedSeats(tx, event, now) : [];
    return {
      cancelled: cancelled.length,
      alreadyCancelled: found.length - live.length,
      atTheEvent,
      promoted: promoted.length,
    };
  });
  if (done.cancelled > 0) await purgeStalePages(edit.pageCache, stalePages.registration(eventId));
  return done;
}

/**
 * The event's registrations grouped by the network they came from (an anonymous label each), the
 * largest groups first, with their counts, first and last times, and those not cancelled (as many as
 * one cancellation takes), so staff can select a whole group.
 */
export async function registrationNetworks(db: Kysely<Database>, eventId: string): Promise<NetworkGroup[]> {
  const [groups, active] = await Promise.all([networkGroups(db, eventId), activeByNetwork(db, eventId, MAX_SELECTION)]);
  return groups.map((group) => ({
    ...group,
    firstAt: group.firstAt.toISOString(),
    lastAt: group.lastAt.toISOString(),
    active: active.get(group.network) ?? [],
  }));
}

/** N seats are confirmed: a capacity below N is refused. */
export const capacityBelowConfirmed = (confirmed: number) =>
  `${confirmed} seats are already confirmed: the capacity cannot be lower`;

/**
 * An event edit's effect on its seats, inside the edit's transaction (which locked the event): a
 * capacity below the confirmed seats is refused (409 naming registration.capacity, nothing changed);
 * a higher capacity (or none) confirms as many waitlisted people as now fit, in arrival order, with
 * their mail. Switching the mode away from `site` keeps every registration as it is. `schedule`: the
 * event's date and start time as the edit leaves them (a hold given now ends by the start). The ids
 * promoted.
 */
export async function applyRegistrationSettings(
  tx: Transaction<Database>,
  eventId: string,
  settings: RegistrationSettings,
  now: Date,
  schedule: EventSchedule,
): Promise<string[]> {
  const { confirmed } = await countSeats(tx, eventId);
  if (settings.capacity !== null && settings.capacity < confirmed) {
    const message = capacityBelowConfirmed(confirmed);
    throw conflictError('capacity_below_confirmed', message, [{ path: 'registration.capacity', message }]);
  }
  if (settings.mode !== 'site') return [];
  return promoteIntoFreeSeats(tx, eventId, settings, confirmed, now, schedule);
}

/**
 * "Confirm by e-mail" is offered only where the site sends e-mail: turning it on without is refused
 * (409 naming registration.confirmByEmail). An event that has it on keeps it when mail is turned off
 * later (it then asks nothing of new registrants), so its other fields can still be edited.
 */
export function checkConfirmByEmail(
  settings: Pick<RegistrationSettings, 'confirmByEmail'>,
  was: Pick<RegistrationSettings, 'confirmByEmail'> | undefined,
  mailEnabled: boolean,
): void {
  if (settings.confirmByEmail && !was?.confirmByEmail && !mailEnabled)
    throw conflictError('confirm_needs_mail', CONFIRM_NEEDS_MAIL, [
      { path: 'registration.confirmByEmail', message: CONFIRM_NEEDS_MAIL },
    ]);
}

/** An event edit turned "confirm by e-mail" off: what was pending asks nothing more, and held seats are kept. */
export async function applyConfirmationSetting(
  tx: Transaction<Database>,
  eventId: string,
  settings: Pick<RegistrationSettings, 'confirmByEmail'>,
  was: Pick<RegistrationSettings, 'confirmByEmail'>,
  now: Date,
): Promise<void> {
  if (was.confirmByEmail && !settings.confirmByEmail) await dropEmailConfirmations(tx, eventId, now);
}

/** The dashboard's overview: events in scope that have not ended and take registrations here, with seats taken. */
export function overview(db: Kysely<Database>, scope: ChapterScope, now: Date): Promise<RegistrationOverviewItem[]> {
  return registrationOverview(db, scope, now);
}

/**
 * Privacy: deletes the registrations (names, e-mails, answers, and their queued mail) of every event
 * that ended more than `days` days ago (its end in Dhaka time). How many were deleted.
 */
export function deletePersonalDataOfPastEvents(db: Kysely<Database>, now: Date, days: number): Promise<number> {
  return deleteRegistrationsOfEventsEndedBefore(db, new Date(now.getTime() - days * DAY_MS));
}

/**
 * "Send my ticket again": queues the ticket's link, once more, to an address registered for the event
 * and not cancelled; for any other address nothing happens. The caller answers the same either way, so
 * the form tells no one whether an address is registered. The mail goes to the registered address
 * only, under its cap (email/mail-cap.ts).
 */
export async function sendTicketAgain(db: Kysely<Database>, eventId: string, email: string): Promise<void> {
  const registration = await findRegistrationByEmail(db, eventId, email);
  if (!registration || registration.status === 'cancelled') return;
  await enqueueEmail(db, { kind: 'ticket-again', registrationId: registration.id });
}
