import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Human } from '../../lib/types.ts';
import type { Database, HumanRow, HumanTable } from '../db/schema.ts';
import { apiIds } from './api-shape.ts';
import { deleteWithAudit, type AuditRow } from './audit.repository.ts';
import { byId, findById, type FindById } from './ids.ts';

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

/** See FindById (ids.ts) for what `lock` holds. */
export const findHuman: FindById<Human> = findById(async (db, id, lock) => {
  const query = db.selectFrom('humans').selectAll().where('id', '=', id);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  return row && toHuman(row);
});

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
