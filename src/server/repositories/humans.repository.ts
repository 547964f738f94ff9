import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Human } from '../../lib/types.ts';
import type { Database, HumanRow, HumanTable } from '../db/schema.ts';
import { apiIds } from './api-shape.ts';
import { deleteWithAudit, type AuditRow } from './audit.repository.ts';
import { byId } from './ids.ts';

export type HumanFields = Omit<Insertable<HumanTable>, 'id' | 'createdAt'>;
export type HumanChanges = Omit<Updateable<HumanTable>, 'id' | 'createdAt'>;

const toHuman = (row: HumanRow): Human => ({
  ...apiIds(row.id),
  name: row.name,
  image: row.image,
  description: row.description,
});

/** Newest first. */
export async function listHumans(db: Kysely<Database>): Promise<Human[]> {
  const rows = await db.selectFrom('humans').selectAll().orderBy('createdAt', 'desc').orderBy('id').execute();
  return rows.map(toHuman);
}

export async function insertHuman(db: Kysely<Database>, fields: HumanFields): Promise<Human> {
  return toHuman(await db.insertInto('humans').values(fields).returningAll().executeTakeFirstOrThrow());
}

/**
 * `lock`: hold the row until the transaction ends, so the edit reads what it changes (a
 * transaction's alone: outside one the lock would end with the read).
 */
export function findHuman(tx: Transaction<Database>, id: string, options: { lock: true }): Promise<Human | undefined>;
export function findHuman(db: Kysely<Database>, id: string, options?: { lock?: false }): Promise<Human | undefined>;
export function findHuman(
  db: Kysely<Database>,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<Human | undefined> {
  return byId(id, async (humanId) => {
    const query = db.selectFrom('humans').selectAll().where('id', '=', humanId);
    const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
    return row && toHuman(row);
  });
}

/** Deletes a human with its audit row (one statement). False when there was none. */
export function deleteHuman(db: Kysely<Database>, id: string, audit: AuditRow): Promise<boolean> {
  return deleteWithAudit(db, 'humans', id, audit);
}

/** The human as changed, or undefined when there was no such human. */
export function updateHuman(db: Kysely<Database>, id: string, changes: HumanChanges): Promise<Human | undefined> {
  return byId(id, async (humanId) => {
    // An empty change still answers with the human, so PATCH {} is "nothing to change", not a 404.
    const row =
      Object.keys(changes).length === 0
        ? await db.selectFrom('humans').selectAll().where('id', '=', humanId).executeTakeFirst()
        : await db.updateTable('humans').set(changes).where('id', '=', humanId).returningAll().executeTakeFirst();
    return row && toHuman(row);
  });
}
