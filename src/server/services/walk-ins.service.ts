import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { walkInLimitReached } from '../../lib/check-in/door-pass-rules.ts';
import { onEventDay } from '../../lib/dhaka-time.ts';
import { formatEventDay } from '../../lib/format.ts';
import type { WalkInRequest } from '../../lib/schemas/door-pass.schema.ts';
import type { SameNameRegistration, WalkInItem } from '../../lib/types.ts';
import { purgeStalePages, stalePages } from '../caching/purges.ts';
import type { Database, DoorPassRow, RegistrationRow } from '../db/schema.ts';
import { insertCheckIn, walkInsOfEvent } from '../repositories/attendance.repository.ts';
import { auditedChange, insertAuditRow } from '../repositories/audit.repository.ts';
import { walkInsAddedBy } from '../repositories/door-passes.repository.ts';
import {
  countSeats,
  deleteRegistration,
  findRegistration,
  insertWalkIn,
  lockEvent,
  registrationsNamed,
  seatsAndRegistrationOf,
  setStatus,
} from '../repositories/registrations.repository.ts';
import {
  CHECK_IN_ID_TAKEN,
  checkInAuditRow,
  recordCheckIn,
  sameScan,
  type CheckedIn,
  type Scanner,
} from './attendance.service.ts';
import { auditRow } from './audit.service.ts';
import { EVENT_NOT_FOUND, REGISTRATION_NOT_FOUND } from '../../lib/api-errors.ts';
import { conflictError, notFoundError } from './domain-errors.ts';
import type { EditDeps } from './edit-deps.ts';
import { fillFreedSeats, newTicket } from './registrations.service.ts';

/**
 * Walk-ins: people added at the door (by the event's staff, or its door pass), registered and checked
 * in at once; and, for staff, the list of them and removing one added by mistake. The messages are what
 * the check-in and attendance pages show, as they are.
 */

export const WALK_IN_FULL_FOR_PASS = 'The event is full: only its staff can add walk-ins now';
/** A pass finds someone on the waitlist at the door, and no seat is free. */
export const WAITLISTED_FULL_FOR_PASS =
  'On the waitlist, and the event is full: only its staff can give them a seat now';
export const walkInOverCapacity = (registered: number, capacity: number) =>
  `The event is full (${registered} of ${capacity}): adding a walk-in exceeds its capacity`;
/** A door pass adds walk-ins on the event's day only (Dhaka time). */
export const walkInNotToday = (eventDate: string) =>
  `Walk-ins are added on the event’s day, ${formatEventDay(eventDate)}: this door pass cannot add them now`;
export const WALK_IN_NOT_FOUND = 'Walk-in not found';
export const NOT_A_WALK_IN = 'Only someone added at the door can be removed: cancel a registration instead';

export interface WalkedIn extends CheckedIn {
  /** False when nobody was added: a retry of a walk-in already added (same id), or an e-mail already registered. */
  created: boolean;
  /** A new walk-in's namesakes among the event's confirmed and waitlisted registrations (at most three). */
  alsoRegistered?: SameNameRegistration[];
}

/** How many namesakes a walk-in's answer names: enough to recognise someone, short enough to read at the door. */
const NAMESAKES_SHOWN = 3;

/**
 * Adds someone at the door: registered and checked in at once, marked a walk-in, never sent mail; one
 * transaction under the event's row lock with its audit row, like a registration. `id` is the phone's
 * id for it: sent again, it answers the first one's result and adds nobody. `at` is when it is recorded
 * (the scan time of a queued walk-in).
 *
 * - An e-mail already registered for the event is that person, answered by their registered name:
 *   - confirmed: their registration is checked in (as a name picked from the list would be, `already`
 *     if it was). Nobody is added.
 *   - waitlisted: they came, so their registration takes a seat and is checked in, under a walk-in's
 *     rule of seats (a pass needs a free one; staff may exceed the capacity once they confirm), audited
 *     as staff confirming it would be. Nobody is added, nothing is mailed (they are at the door).
 *   - cancelled: it gives way, as it does to a new registration of the same mailbox: it is deleted
 *     (audited) and the walk-in is added in its place, under every walk-in rule.
 * - With a door pass: only on the event's day in Dhaka, judged by when it was scanned (`at`: never after
 *   now, never before the pass was made, never after its end, which the route enforces; so an evening's
 *   walk-in queued at 23:00 and sent after midnight is taken), and at most the pass's walk-in limit
 *   (counting those it added that are still registered). Its end and revocation are the route's to judge.
 * - The event full (confirmed >= capacity): refused for a pass; staff are told the capacity and count,
 *   and add them when they confirm (`exceedCapacity`).
 * - A new walk-in whose name is also a confirmed or waitlisted registration's is added (two people may
 *   share a name), and the answer names those registrations (`alsoRegistered`), so the door can tell
 *   when it is one person twice.
 *
 * The event's public seat count is purged once a walk-in is committed or a waitlisted one seated.
 */
export async function addWalkIn(
  edit: Pick<EditDeps, 'db' | 'pageCache'>,
  scanner: Scanner,
  eventId: string,
  request: WalkInRequest,
  at: Date,
  now: Date,
  pass: Pick<DoorPassRow, 'id' | 'walkInLimit'> | undefined,
): Promise<WalkedIn> {
  const scanId = request.id ?? randomUUID();
  const done = await auditedChange(
    edit.db,
    async (tx) => {
      const event = await lockEvent(tx, eventId);
      if (!event) throw notFoundError('event_not_found', EVENT_NOT_FOUND);
      const earlier = await sameScan(tx, scanId, eventId);
      if (earlier) return { ...earlier, created: false, recorded: false, eventTitle: event.title };
      // The scan time decides the day: it is never later than now nor earlier than the pass (acceptScan),
      // and a pass that has ended adds nobody, so a phone's clock cannot move a walk-in onto the day.
      if (pass && !onEventDay(event, at)) throw conflictError('walk_in_not_today', walkInNotToday(event.eventDate));
      const email = request.email ?? '';
      const { confirmed, existing } = email
        ? await seatsAndRegistrationOf(tx, eventId, email)
        : { ...(await countSeats(tx, eventId)), existing: undefined };
      /** A seat for someone new at the door: a pass needs a free one; staff exceed the capacity once they confirm. */
      const assertSeat = (fullForPass: string) => {
        const capacity = event.registration.capacity;
        if (capacity === null || confirmed < capacity) return;
        if (pass) throw conflictError('event_full_for_pass', fullForPass);
        if (!request.exceedCapacity)
          throw conflictError('event_full', walkInOverCapacity(confirmed, capacity), undefined, {
            capacity,
            registered: confirmed,
          });
      };
      const registration = existing && (await findRegistration(tx, existing.id));
      if (existing && !registration) throw notFoundError('registration_not_found', REGISTRATION_NOT_FOUND);
      if (registration?.status === 'confirmed') {
        // The person registered: their registration is checked in, as by name.
        const recorded = await recordCheckIn(tx, scanner, registration, scanId, at);
        return { ...recorded, created: false, eventTitle: event.title };
      }
      if (registration?.status === 'waitlisted') {
        // They came: their place on the waitlist becomes the seat they are sitting in.
        assertSeat(WAITLISTED_FULL_FOR_PASS);
        const seated = await setStatus(tx, registration.id, 'confirmed', now);
        await insertAuditRow(tx, seatedAudit(scanner, registration, event.title));
        const recorded = await recordCheckIn(tx, scanner, seated, scanId, at);
        return { ...recorded, created: false, seated: true, eventTitle: event.title };
      }
      if (registration) {
        // Cancelled: it gives way to the walk-in, as it would to a new registration of this mailbox.
        await deleteRegistration(tx, registration.id);
        await insertAuditRow(
          tx,
          auditRow(scanner.actor, 'registration', {
            action: 'delete',
            before: { id: registration.id, status: registration.status, eventTitle: event.title },
          })!,
        );
      }
      if (pass) {
        const added = await walkInsAddedBy(tx, pass.id);
        if (added >= pass.walkInLimit)
          throw conflictError('walk_in_limit_reached', walkInLimitReached(pass.walkInLimit), undefined, {
            walkInLimit: pass.walkInLimit,
          });
      }
      assertSeat(WALK_IN_FULL_FOR_PASS);
      const row = await insertWalkIn(tx, {
        eventId,
        ticket: newTicket(),
        fullName: request.fullName,
        email,
        institution: request.institution,
        ieeeMemberId: request.ieeeMemberId,
        at,
        now,
      });
      const recorded = await insertCheckIn(tx, {
        id: scanId,
        eventId,
        registrationId: row.id,
        result: 'checked-in',
        at,
        byAccount: scanner.actor.id,
        doorPassId: scanner.doorPassId,
      });
      // The id is another event's check-in (that event's lock is not this one): nothing is added.
      if (!recorded) throw conflictError('check_in_id_taken', CHECK_IN_ID_TAKEN);
      const namesakes = await registrationsNamed(tx, eventId, row.fullName, row.id, NAMESAKES_SHOWN);
      return {
        result: 'checked-in' as const,
        registrationId: row.id,
        fullName: row.fullName,
        checkedInAt: at,
        walkIn: true,
        created: true,
        recorded: true,
        eventTitle: event.title,
        alsoRegistered: namesakes.map((r) => ({
          registrationId: r.id,
          fullName: r.fullName,
          status: r.status === 'waitlisted' ? ('waitlisted' as const) : ('confirmed' as const),
          checkedIn: r.checkedInAt !== null,
        })),
      };
    },
    ({ recorded, result, created, eventTitle }) =>
      recorded ? checkInAuditRow(scanner, scanId, result, eventTitle, created) : undefined,
  );
  if (done.created || ('seated' in done && done.seated))
    await purgeStalePages(edit.pageCache, stalePages.registration(eventId));
  const alsoRegistered = 'alsoRegistered' in done ? done.alsoRegistered : undefined;
  return {
    result: done.result,
    registrationId: done.registrationId,
    fullName: done.fullName,
    checkedInAt: done.checkedInAt,
    walkIn: done.walkIn,
    created: done.created,
    ...(alsoRegistered?.length ? { alsoRegistered } : {}),
  };
}

/** The audit row of a waitlisted registration seated at the door: its status, as staff confirming it is recorded. */
const seatedAudit = (scanner: Scanner, registration: Pick<RegistrationRow, 'id'>, eventTitle: string) =>
  auditRow(scanner.actor, 'registration', {
    action: 'update',
    before: { id: registration.id, status: 'waitlisted', eventTitle },
    after: { id: registration.id, status: 'confirmed', eventTitle },
  })!;

/** The event's walk-ins (confirmed), in the order they came, with who added each. */
export async function listWalkIns(db: Kysely<Database>, eventId: string): Promise<WalkInItem[]> {
  return (await walkInsOfEvent(db, eventId)).map((row) => ({
    registrationId: row.id,
    fullName: row.fullName,
    institution: row.institution,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    addedBy:
      row.passName !== null
        ? `${row.passName} (door pass by ${row.passMaker ?? 'staff'})`
        : (row.accountName ?? 'An account since deleted'),
  }));
}

/**
 * Staff remove a walk-in (added by mistake, twice, or by a pass that should not have): the registration
 * goes, its seat to the first on the waitlist, in one transaction under the event's lock with its audit
 * row (named after the event, never the person). Only a walk-in: a registration is cancelled instead.
 * Another event's registration, or one removed already, is not found.
 */
export async function removeWalkIn(
  edit: Pick<EditDeps, 'db' | 'pageCache' | 'actor'>,
  eventId: string,
  registrationId: string,
  now: Date,
): Promise<void> {
  await auditedChange(
    edit.db,
    async (tx) => {
      const event = await lockEvent(tx, eventId);
      const registration = event && (await findRegistration(tx, registrationId));
      if (!event || !registration || registration.eventId !== event.id)
        throw notFoundError('walk_in_not_found', WALK_IN_NOT_FOUND);
      if (!registration.walkIn) throw conflictError('not_a_walk_in', NOT_A_WALK_IN);
      await deleteRegistration(tx, registration.id);
      if (registration.status === 'confirmed') await fillFreedSeats(tx, event, now);
      return { id: registration.id, status: registration.status, eventTitle: event.title, walkIn: true };
    },
    (removed) => auditRow(edit.actor, 'registration', { action: 'delete', before: removed }),
  );
  await purgeStalePages(edit.pageCache, stalePages.registration(eventId));
}
