import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { walkInLimitReached } from '../../lib/check-in/door-pass-rules.ts';
import { onEventDay } from '../../lib/dhaka-time.ts';
import { formatEventDay } from '../../lib/format.ts';
import type { WalkInRequest } from '../../lib/schemas/door-pass.schema.ts';
import type { WalkInItem } from '../../lib/types.ts';
import { purgeStalePages, stalePages } from '../caching/purges.ts';
import type { Database, DoorPassRow } from '../db/schema.ts';
import { insertCheckIn, walkInsOfEvent } from '../repositories/attendance.repository.ts';
import { auditedChange } from '../repositories/audit.repository.ts';
import { walkInsAddedBy } from '../repositories/door-passes.repository.ts';
import {
  countSeats,
  deleteRegistration,
  findRegistration,
  insertWalkIn,
  lockEvent,
  seatsAndRegistrationOf,
} from '../repositories/registrations.repository.ts';
import {
  CHECK_IN_ID_TAKEN,
  checkInAuditRow,
  checkInRefusal,
  recordCheckIn,
  sameScan,
  type CheckedIn,
  type Scanner,
} from './attendance.service.ts';
import { auditRow } from './audit.service.ts';
import { conflictError, notFoundError } from './domain-errors.ts';
import type { EditDeps } from './edit-deps.ts';
import { fillFreedSeats, newTicket } from './registrations.service.ts';

/**
 * Walk-ins: people added at the door (by the event's staff, or its door pass), registered and checked
 * in at once; and, for staff, the list of them and removing one added by mistake. The messages are what
 * the check-in and attendance pages show, as they are.
 */

export const WALK_IN_FULL_FOR_PASS = 'The event is full: only its staff can add walk-ins now';
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
}

/**
 * Adds someone at the door: registered and checked in at once, marked a walk-in, never sent mail; one
 * transaction under the event's row lock with its audit row, like a registration. `id` is the phone's
 * id for it: sent again, it answers the first one's result and adds nobody. `at` is when it is recorded
 * (the scan time of a queued walk-in).
 *
 * - An e-mail already registered for the event is that person: a confirmed registration is checked in
 *   (as a name picked from the list would be: its own name, `already` if it was), a waitlisted or
 *   cancelled one refused as its check-in would be. Nobody is added.
 * - With a door pass: only on the event's day (Dhaka: both when it was scanned and when it arrives), and
 *   at most the pass's walk-in limit (counting those it added that are still registered). Its end and
 *   revocation are the route's to judge.
 * - The event full (confirmed >= capacity): refused for a pass; staff are told the capacity and count,
 *   and add them when they confirm (`exceedCapacity`).
 *
 * The event's public seat count is purged once a walk-in is committed.
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
      if (!event) throw notFoundError('Event not found');
      const earlier = await sameScan(tx, scanId, eventId);
      if (earlier) return { ...earlier, created: false, recorded: false, eventTitle: event.title };
      // Sent on the day and scanned on it: a phone's clock alone cannot move a walk-in onto the day.
      if (pass && !(onEventDay(event, at) && onEventDay(event, now)))
        throw conflictError(walkInNotToday(event.eventDate));
      const email = request.email ?? '';
      const { confirmed, existing } = email
        ? await seatsAndRegistrationOf(tx, eventId, email)
        : { ...(await countSeats(tx, eventId)), existing: undefined };
      if (existing) {
        // The person registered: their registration is checked in, as by name, or refused as it would be.
        const registration = await findRegistration(tx, existing.id);
        if (!registration) throw notFoundError('Registration not found');
        const refused = checkInRefusal(registration, eventId);
        if (refused) throw conflictError(refused, [{ path: 'email', message: refused }]);
        const recorded = await recordCheckIn(tx, scanner, registration, scanId, at);
        return { ...recorded, created: false, eventTitle: event.title };
      }
      if (pass) {
        const added = await walkInsAddedBy(tx, pass.id);
        if (added >= pass.walkInLimit)
          throw conflictError(walkInLimitReached(pass.walkInLimit), undefined, { walkInLimit: pass.walkInLimit });
      }
      const capacity = event.registration.capacity;
      if (capacity !== null && confirmed >= capacity) {
        if (pass) throw conflictError(WALK_IN_FULL_FOR_PASS);
        if (!request.exceedCapacity)
          throw conflictError(walkInOverCapacity(confirmed, capacity), undefined, { capacity, registered: confirmed });
      }
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
      if (!recorded) throw conflictError(CHECK_IN_ID_TAKEN);
      return {
        result: 'checked-in' as const,
        registrationId: row.id,
        fullName: row.fullName,
        checkedInAt: at,
        walkIn: true,
        created: true,
        recorded: true,
        eventTitle: event.title,
      };
    },
    ({ recorded, result, created, eventTitle }) =>
      recorded ? checkInAuditRow(scanner, scanId, result, eventTitle, created) : undefined,
  );
  if (done.created) await purgeStalePages(edit.pageCache, stalePages.registration(eventId));
  return {
    result: done.result,
    registrationId: done.registrationId,
    fullName: done.fullName,
    checkedInAt: done.checkedInAt,
    walkIn: done.walkIn,
    created: done.created,
  };
}

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
      if (!event || !registration || registration.eventId !== event.id) throw notFoundError(WALK_IN_NOT_FOUND);
      if (!registration.walkIn) throw conflictError(NOT_A_WALK_IN);
      await deleteRegistration(tx, registration.id);
      if (registration.status === 'confirmed') await fillFreedSeats(tx, event, now);
      return { id: registration.id, status: registration.status, eventTitle: event.title, walkIn: true };
    },
    (removed) => auditRow(edit.actor, 'registration', { action: 'delete', before: removed }),
  );
  await purgeStalePages(edit.pageCache, stalePages.registration(eventId));
}
