import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DoorPassRevokedReason } from '../../lib/check-in/door-pass-rules.ts';
import type { Database, DoorPassRow } from '../db/schema.ts';
import { byId } from './ids.ts';

/**
 * Door passes. A pass is found by its secret's SHA-256 (the secret itself is never stored) when its
 * link is opened, and by its id from the signed cookie after that.
 */

export type NewDoorPass = Pick<
  DoorPassRow,
  | 'eventId'
  | 'name'
  | 'secretHash'
  | 'validUntil'
  | 'createdBy'
  | 'createdByName'
  | 'createdByEmail'
  | 'createdAt'
  | 'walkInLimit'
>;

export function insertDoorPass(db: Kysely<Database>, pass: NewDoorPass): Promise<DoorPassRow> {
  return db.insertInto('doorPasses').values(pass).returningAll().executeTakeFirstOrThrow();
}

export function findDoorPass(db: Kysely<Database>, id: string): Promise<DoorPassRow | undefined> {
  return byId(id, (passId) => db.selectFrom('doorPasses').selectAll().where('id', '=', passId).executeTakeFirst());
}

export function findDoorPassBySecretHash(db: Kysely<Database>, secretHash: string): Promise<DoorPassRow | undefined> {
  return db.selectFrom('doorPasses').selectAll().where('secretHash', '=', secretHash).executeTakeFirst();
}

/**
 * The walk-ins a pass added that are still registered: the registrations its check-ins created (a
 * walk-in's own check-in is its first, `checked-in`), less those staff removed or cancelled since.
 */
const walkInsOfPass = (passId: RawBuilder<unknown>) => sql<string>`(
  select count(distinct c.registration_id) from check_ins c
    join registrations r on r.id = c.registration_id
  where c.door_pass_id = ${passId} and c.result = 'checked-in' and r.walk_in and r.status <> 'cancelled'
)`;

/**
 * The event's passes, newest first, each with what it sent: the people it checked in (`checkIns`: each
 * person's first check-in, walk-ins included, less walk-ins removed since), every scan (`scans`, repeats
 * included), the check-ins sent after the pass's end (`lateCheckIns`), and the walk-ins it added.
 */
export function doorPassesOfEvent(db: Kysely<Database>, eventId: string) {
  const scansOf = sql`(select count(*) from check_ins where check_ins.door_pass_id = door_passes.id`;
  return db
    .selectFrom('doorPasses')
    .selectAll('doorPasses')
    .select([
      sql<string>`${scansOf} and check_ins.result = 'checked-in' and check_ins.registration_id is not null)`.as(
        'checkIns',
      ),
      sql<string>`${scansOf})`.as('scans'),
      sql<string>`${scansOf} and check_ins.sent_late)`.as('lateCheckIns'),
      walkInsOfPass(sql.ref('door_passes.id')).as('walkIns'),
    ])
    .where('eventId', '=', eventId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** How many walk-ins the pass added that are still registered (its limit counts these). */
export async function walkInsAddedBy(db: Kysely<Database>, passId: string): Promise<number> {
  const row = await db.selectNoFrom(walkInsOfPass(sql.val(passId)).as('walkIns')).executeTakeFirstOrThrow();
  return Number(row.walkIns);
}

/** Revokes the pass unless it was already; the row as it is now, and whether this call revoked it. */
export async function revokeDoorPass(
  db: Kysely<Database>,
  id: string,
  by: string | null,
  now: Date,
): Promise<{ row: DoorPassRow; revoked: boolean } | undefined> {
  const revoked = await db
    .updateTable('doorPasses')
    .set({ revokedAt: now, revokedBy: by, revokedReason: 'staff' })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (revoked) return { row: revoked, revoked: true };
  const row = await findDoorPass(db, id);
  return row && { row, revoked: false };
}

/**
 * Revokes every pass the account made that could still do anything (not revoked, and not past the two
 * hours after its end in which it still sends late check-ins), saying why; the passes revoked, each
 * with its event's title, for their audit rows.
 */
export function revokeDoorPassesMadeBy(
  db: Kysely<Database>,
  accountId: string,
  by: string | null,
  reason: DoorPassRevokedReason,
  now: Date,
  workingAfter: Date,
): Promise<(DoorPassRow & { eventTitle: string })[]> {
  return db
    .with('revoked', (q) =>
      q
        .updateTable('doorPasses')
        .set({ revokedAt: now, revokedBy: by, revokedReason: reason })
        .where('createdBy', '=', accountId)
        .where('revokedAt', 'is', null)
        .where('validUntil', '>', workingAfter)
        .returningAll(),
    )
    .selectFrom('revoked')
    .innerJoin('events', 'events.id', 'revoked.eventId')
    .selectAll('revoked')
    .select('events.title as eventTitle')
    .execute() as Promise<(DoorPassRow & { eventTitle: string })[]>;
}

/**
 * Notes the pass's use. The check-in page polls the count every few seconds: the row is written at most
 * once a minute, so polling does not become a write per poll.
 */
export async function touchDoorPass(db: Kysely<Database>, id: string, now: Date, everyMs: number): Promise<void> {
  await db
    .updateTable('doorPasses')
    .set({ lastUsedAt: now })
    .where('id', '=', id)
    .where((w) => w.or([w('lastUsedAt', 'is', null), w('lastUsedAt', '<', new Date(now.getTime() - everyMs))]))
    .execute();
}
