import { sql, type Kysely } from 'kysely';
import type { Database, DoorPassRow } from '../db/schema.ts';
import { byId } from './ids.ts';

/**
 * Door passes. A pass is found by its secret's SHA-256 (the secret itself is never stored) when its
 * link is opened, and by its id from the signed cookie after that.
 */

export type NewDoorPass = Pick<
  DoorPassRow,
  'eventId' | 'name' | 'secretHash' | 'validUntil' | 'createdBy' | 'createdByName' | 'createdByEmail' | 'createdAt'
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

/** The event's passes, newest first, each with the check-ins (walk-ins included) made with it. */
export function doorPassesOfEvent(db: Kysely<Database>, eventId: string) {
  return db
    .selectFrom('doorPasses')
    .selectAll('doorPasses')
    .select(sql<string>`(select count(*) from check_ins where check_ins.door_pass_id = door_passes.id)`.as('checkIns'))
    .where('eventId', '=', eventId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
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
    .set({ revokedAt: now, revokedBy: by })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (revoked) return { row: revoked, revoked: true };
  const row = await findDoorPass(db, id);
  return row && { row, revoked: false };
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
