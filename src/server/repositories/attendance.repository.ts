import { sql, type Kysely } from 'kysely';
import type { CheckInResult, CheckInRow, Database, RegistrationRow } from '../db/schema.ts';

/**
 * Check-ins at the door. The first scan of a ticket sets its registration's `checked_in_at`
 * in one conditional update (`... where checked_in_at is null`): on PostgreSQL a second door's update
 * of the same row waits for the first to commit, then finds it set and changes nothing, so one person
 * is never counted twice. Each scan is a row of `check_ins` named by the scanning phone's own id.
 */

export function findCheckIn(db: Kysely<Database>, id: string): Promise<CheckInRow | undefined> {
  return db.selectFrom('checkIns').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Sets the registration's first check-in to `now` unless it has one; the time set, or undefined when it had one. */
export async function markCheckedIn(
  db: Kysely<Database>,
  registrationId: string,
  now: Date,
): Promise<Date | undefined> {
  const row = await db
    .updateTable('registrations')
    .set({ checkedInAt: now, updatedAt: now })
    .where('id', '=', registrationId)
    .where('checkedInAt', 'is', null)
    .returning('checkedInAt')
    .executeTakeFirst();
  return row?.checkedInAt ?? undefined;
}

/** The registration's first check-in, as committed (read after a conditional update that found it set). */
export async function checkedInAt(db: Kysely<Database>, registrationId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('registrations')
    .select('checkedInAt')
    .where('id', '=', registrationId)
    .executeTakeFirst();
  return row?.checkedInAt ?? null;
}

export interface NewCheckIn {
  id: string;
  eventId: string;
  registrationId: string;
  result: CheckInResult;
  at: Date;
  byAccount: string | null;
  /** The door pass that scanned, when a volunteer's phone did. */
  doorPassId?: string | null;
  /** Sent by a pass after its end (scanned before it). */
  sentLate?: boolean;
}

/** Records a scan; false when a scan of this id is there already (the same phone's retry, sent twice at once). */
export async function insertCheckIn(db: Kysely<Database>, checkIn: NewCheckIn): Promise<boolean> {
  const rows = await db
    .insertInto('checkIns')
    .values(checkIn)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** The registrations of the event, in arrival order: the attendance report and its CSV are worked out from them. */
export function registrationsOfEvent(db: Kysely<Database>, eventId: string): Promise<RegistrationRow[]> {
  return db.selectFrom('registrations').selectAll().where('eventId', '=', eventId).orderBy('seq').execute();
}

/** The door list's rows: every registration of the event not cancelled, in arrival order; no e-mail, no phone (the ticket only to be hashed). */
export function doorListOfEvent(db: Kysely<Database>, eventId: string) {
  return db
    .selectFrom('registrations')
    .select(['id', 'ticket', 'fullName', 'status', 'institution', 'checkedInAt', 'walkIn'])
    .where('eventId', '=', eventId)
    .where('status', '!=', 'cancelled')
    .orderBy('seq')
    .execute();
}

/**
 * The one count across doors: people checked in, and confirmed registrations (walk-ins included), for
 * the whole event, in one query (the check-in page polls it).
 */
export async function doorCount(
  db: Kysely<Database>,
  eventId: string,
): Promise<{ checkedIn: number; expected: number }> {
  const row = await db
    .selectFrom('registrations')
    .select([
      sql<string>`count(*) filter (where status = 'confirmed' and checked_in_at is not null)`.as('checkedIn'),
      sql<string>`count(*) filter (where status = 'confirmed')`.as('expected'),
    ])
    .where('eventId', '=', eventId)
    .executeTakeFirstOrThrow();
  return { checkedIn: Number(row.checkedIn), expected: Number(row.expected) };
}

/** A walk-in as staff see it on the attendance page: who added them (a door pass, or a staff account). */
export function walkInsOfEvent(db: Kysely<Database>, eventId: string) {
  return db
    .selectFrom('registrations as r')
    .leftJoin('checkIns as c', (join) => join.onRef('c.registrationId', '=', 'r.id').on('c.result', '=', 'checked-in'))
    .leftJoin('doorPasses as p', 'p.id', 'c.doorPassId')
    .leftJoin('chapters as a', 'a.id', 'c.byAccount')
    .select([
      'r.id',
      'r.fullName',
      'r.institution',
      'r.checkedInAt',
      'p.name as passName',
      'p.createdByName as passMaker',
      'a.name as accountName',
    ])
    .where('r.eventId', '=', eventId)
    .where('r.walkIn', '=', true)
    .where('r.status', '=', 'confirmed')
    .orderBy('r.seq')
    .execute();
}
