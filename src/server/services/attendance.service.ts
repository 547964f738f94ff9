import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { CANCELLED, NOT_REGISTERED, ON_WAITLIST, type ErrorCodeOf } from '../../lib/api-errors.ts';
import { ticketHash } from '../../lib/check-in/ticket-hash.ts';
import { dhakaDay, eventEnd } from '../../lib/dhaka-time.ts';
import { beforeEventDay, formatEventDay } from '../../lib/format.ts';
import type { AttendanceReport, CheckInRequest, DoorAttendee, DoorList, EventItem } from '../../lib/types.ts';
import type { CheckInResult, Database, RegistrationRow } from '../db/schema.ts';
import {
  checkedInAt,
  doorCount,
  doorListOfEvent,
  findCheckIn,
  insertCheckIn,
  markCheckedIn,
  registrationsOfEvent,
} from '../repositories/attendance.repository.ts';
import { auditedChange } from '../repositories/audit.repository.ts';
import { eventColumn } from '../repositories/events.repository.ts';
import { byId } from '../repositories/ids.ts';
import { findByTicket, findRegistration } from '../repositories/registrations.repository.ts';
import { auditRow, type Actor } from './audit.service.ts';
import { conflictError, notFoundError } from './domain-errors.ts';
import { DAY_MS, MINUTE_MS } from '../../lib/durations.ts';

/**
 * Attendance: check-ins at the door, and the report staff write the meeting's minutes from.
 * The messages are what the check-in page shows a volunteer, as they are.
 */

export { CANCELLED, NOT_REGISTERED, ON_WAITLIST };
export const CHECK_IN_ID_TAKEN = 'This check-in id was already used for another event';
/** A check-in before the event's day, not confirmed as deliberate: the refusal names the day. */
export const checkInNotYet = (eventDate: string) =>
  `The event is on ${formatEventDay(eventDate)}: check-in opens that day. Confirm to check people in now anyway.`;

export interface CheckedIn {
  result: CheckInResult;
  registrationId: string;
  fullName: string;
  /** The ticket's first check-in. */
  checkedInAt: Date;
  /** The registration was added at the door. */
  walkIn: boolean;
}

/** Why a registration cannot be checked in at this event, with its code (undefined: it can). */
export function checkInRefusal(
  registration: RegistrationRow,
  eventId: string,
): { code: ErrorCodeOf<409>; message: string } | undefined {
  if (registration.eventId !== eventId) return { code: 'not_registered', message: NOT_REGISTERED };
  if (registration.status === 'waitlisted') return { code: 'waitlisted', message: ON_WAITLIST };
  if (registration.status === 'cancelled') return { code: 'cancelled', message: CANCELLED };
  return undefined;
}

/** Who scanned, and how: the audit trail's actor, the door pass if any, and whether it was sent late. */
export interface Scanner {
  actor: Actor;
  doorPassId: string | null;
  /** A pass's check-in scanned before its end and sent after it (stored, and said in the audit row). */
  sentLate?: boolean;
}

/**
 * Records the check-in of a registration that may be checked in (checkInRefusal said so), in the
 * caller's transaction: its first check-in answers `checked-in`, any later one `already` with the
 * first's time; the scan is a row of check_ins under the phone's id. `recorded` is false when a scan of
 * this id was made at the same time (the other one's answer is then this one's). The caller audits it.
 */
export async function recordCheckIn(
  tx: Transaction<Database>,
  scanner: Scanner,
  registration: RegistrationRow,
  scanId: string,
  now: Date,
): Promise<CheckedIn & { recorded: boolean }> {
  const setNow = await markCheckedIn(tx, registration.id, now);
  const result: CheckInResult = setNow ? 'checked-in' : 'already';
  const first = setNow ?? (await checkedInAt(tx, registration.id)) ?? now;
  const recorded = await insertCheckIn(tx, {
    id: scanId,
    eventId: registration.eventId,
    registrationId: registration.id,
    result,
    at: now,
    byAccount: scanner.actor.id,
    doorPassId: scanner.doorPassId,
    sentLate: scanner.sentLate ?? false,
  });
  if (!recorded) {
    // The same scan sent twice at once: the other one's answer is the scan's answer.
    const other = await sameScan(tx, scanId, registration.eventId);
    if (other) return { ...other, recorded: false };
  }
  return {
    result,
    registrationId: registration.id,
    fullName: registration.fullName,
    checkedInAt: first,
    walkIn: registration.walkIn,
    recorded,
  };
}

/** The audit row of a check-in recorded (never who was checked in). */
export const checkInAuditRow = (
  scanner: Scanner,
  scanId: string,
  result: CheckInResult,
  eventTitle: string,
  walkIn = false,
) =>
  auditRow(scanner.actor, 'check-in', {
    action: 'create',
    after: {
      id: scanId,
      result,
      eventTitle,
      ...(walkIn ? { walkIn: true } : {}),
      ...(scanner.sentLate ? { sentLate: true } : {}),
    },
  });

/**
 * Checks someone in at the event, audited in the same transaction: a scanned ticket's holder, or a
 * registration picked by name from the door list (by its id). The first check-in answers `checked-in`,
 * every later one (another door, another phone) `already` with the first's time. `id` is the phone's
 * id for this check-in: sending it again (a retry after a lost answer) is the same check-in, answered
 * as it was and neither recorded nor audited twice. An unknown ticket or registration is a 404; another
 * event's, a waitlisted or a cancelled one a 409 naming why. Check-in opens on the event's day (Dhaka
 * time): before it, a check-in is a 409 naming the day (errors on `early`) unless the request says
 * staff confirmed it (`early: true`). `now` is when it is recorded: the phone's scan time for a check-in
 * sent from its offline queue (routes/door-event.ts judges it). With a door pass, the check-in names it
 * (and whether it was sent after the pass's end) and the audit trail names the pass and its creator.
 */
export async function checkIn(
  db: Kysely<Database>,
  scanner: Scanner,
  event: { id: string; eventDate: string },
  request: CheckInRequest,
  now: Date,
): Promise<CheckedIn> {
  const eventId = event.id;
  const scanId = request.id ?? randomUUID();
  const done = await auditedChange(
    db,
    async (tx) => {
      const earlier = await sameScan(tx, scanId, eventId);
      if (earlier) return { ...earlier, recorded: false, eventTitle: '' };
      const registration =
        request.ticket !== undefined
          ? await findByTicket(tx, request.ticket)
          : await findRegistration(tx, request.registration);
      if (!registration) throw notFoundError('registration_not_found', NOT_REGISTERED);
      const refused = checkInRefusal(registration, eventId);
      if (refused) throw conflictError(refused.code, refused.message);
      // Someone already checked in is answered "already" whenever: nothing new is counted.
      if (!request.early && registration.checkedInAt === null && beforeEventDay(event, now)) {
        const message = checkInNotYet(event.eventDate);
        throw conflictError('check_in_too_early', message, [{ path: 'early', message }]);
      }
      const recorded = await recordCheckIn(tx, scanner, registration, scanId, now);
      const titled = recorded.recorded ? await eventColumn(tx, eventId, 'title') : undefined;
      return { ...recorded, eventTitle: titled?.title ?? '' };
    },
    ({ recorded, result, eventTitle }) => (recorded ? checkInAuditRow(scanner, scanId, result, eventTitle) : undefined),
  );
  return {
    result: done.result,
    registrationId: done.registrationId,
    fullName: done.fullName,
    checkedInAt: done.checkedInAt,
    walkIn: done.walkIn,
  };
}

/** The answer a scan of this id already got, if there was one (an id used at another event: 409). */
export async function sameScan(db: Kysely<Database>, scanId: string, eventId: string): Promise<CheckedIn | undefined> {
  const earlier = await findCheckIn(db, scanId);
  if (!earlier) return undefined;
  if (earlier.eventId !== eventId) throw conflictError('check_in_id_taken', CHECK_IN_ID_TAKEN);
  const registration = earlier.registrationId ? await findRegistration(db, earlier.registrationId) : undefined;
  // Its registration deleted since (retention, or a walk-in staff removed): nothing left to answer about.
  if (!registration) throw notFoundError('registration_not_found', NOT_REGISTERED);
  return {
    result: earlier.result,
    registrationId: registration.id,
    fullName: registration.fullName,
    checkedInAt: registration.checkedInAt ?? earlier.at,
    walkIn: registration.walkIn,
  };
}

const QUARTER_MS = 15 * MINUTE_MS;

/** Every day from `first` to `last` (YYYY-MM-DD, inclusive). */
function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += DAY_MS)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** Counts per key, every key of `keys` present (zero when none). */
function tally(keys: readonly string[], values: readonly string[]): { key: string; count: number }[] {
  const counts = new Map(keys.map((k) => [k, 0]));
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([key, count]) => ({ key, count }));
}

/**
 * The event's attendance (the figures its meeting report asks for), from its registrations: confirmed
 * ones are `registered`; those of them checked in `attended`, the rest `noShows` once the event has
 * ended (null before: they may still come); among those who
 * attended, `members` gave an IEEE member number and `guests` did not, and `walkIns` were added at the door. The charts: sign-ups per Dhaka
 * day (every registration, any status now) from the first to the later of the last and today (up to
 * the event's day), and first check-ins per quarter hour from the first arrival to the last.
 */
export async function attendanceReport(
  db: Kysely<Database>,
  event: { id: string; eventDate: string; startTime: string; endTime: string },
  now: Date,
): Promise<AttendanceReport> {
  const all = (await byId(event.id, (id) => registrationsOfEvent(db, id))) ?? [];
  const confirmed = all.filter((r) => r.status === 'confirmed');
  const attended = confirmed.filter((r) => r.checkedInAt !== null);
  const members = attended.filter((r) => r.ieeeMemberId !== null).length;

  const signupDays = all.map((r) => dhakaDay(r.createdAt)).sort();
  let signupsPerDay: AttendanceReport['signupsPerDay'] = [];
  if (signupDays.length > 0) {
    const first = signupDays[0]!;
    const today = dhakaDay(now);
    const until = event.eventDate < today ? event.eventDate : today;
    const last = [signupDays[signupDays.length - 1]!, until].sort()[1]!;
    signupsPerDay = tally(daysBetween(first, last), signupDays).map(({ key, count }) => ({ date: key, count }));
  }

  const arrivals = attended
    .map((r) => Math.floor(r.checkedInAt!.getTime() / QUARTER_MS) * QUARTER_MS)
    .sort((a, b) => a - b);
  let arrivalsPerQuarterHour: AttendanceReport['arrivalsPerQuarterHour'] = [];
  if (arrivals.length > 0) {
    const quarters: string[] = [];
    for (let t = arrivals[0]!; t <= arrivals[arrivals.length - 1]!; t += QUARTER_MS)
      quarters.push(new Date(t).toISOString());
    arrivalsPerQuarterHour = tally(
      quarters,
      arrivals.map((t) => new Date(t).toISOString()),
    ).map(({ key, count }) => ({ start: key, count }));
  }

  return {
    registered: confirmed.length,
    attended: attended.length,
    // Someone may still come until the event ends: before that, nobody is a no-show yet.
    noShows: now.getTime() >= eventEnd(event) ? confirmed.length - attended.length : null,
    members,
    guests: attended.length - members,
    walkIns: attended.filter((r) => r.walkIn).length,
    signupsPerDay,
    arrivalsPerQuarterHour,
  };
}

/** The confirmed registrations of the event, for the attendance CSV. */
export async function attendanceRows(db: Kysely<Database>, eventId: string): Promise<RegistrationRow[]> {
  const all = (await byId(eventId, (id) => registrationsOfEvent(db, id))) ?? [];
  return all.filter((r) => r.status === 'confirmed');
}

/**
 * The door list of an event: everyone registered and not cancelled, so the check-in page can answer a
 * scan while offline. Each ticket only as its hash (salted with the event's id): a ticket is its
 * holder's key, and this list is kept on volunteers' phones. Nothing else the door does not need (no
 * e-mail, no phone).
 */
export async function doorList(db: Kysely<Database>, event: EventItem): Promise<Omit<DoorList, 'success'>> {
  const rows = await doorListOfEvent(db, event.id);
  return {
    event: {
      id: event.id,
      title: event.title,
      eventDate: event.eventDate,
      startTime: event.startTime,
      endTime: event.endTime,
      location: event.location,
      capacity: event.registration.capacity,
    },
    attendees: await Promise.all(
      rows.map(async (r): Promise<DoorAttendee> => ({
        registrationId: r.id,
        ticketHash: await ticketHash(event.id, r.ticket),
        fullName: r.fullName,
        status: r.status === 'waitlisted' ? 'waitlisted' : 'confirmed',
        institution: r.institution,
        checkedInAt: r.checkedInAt?.toISOString() ?? null,
        walkIn: r.walkIn,
      })),
    ),
  };
}

/** The one count across doors (GET /events/:id/door/count): checked in, and confirmed (walk-ins included). */
export const doorCountOf = (db: Kysely<Database>, eventId: string) => doorCount(db, eventId);
