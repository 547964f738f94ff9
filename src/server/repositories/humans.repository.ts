import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Human } from '../../lib/types.ts';
import type { Database, HumanRow, HumanTable } from '../db/schema.ts';
import { apiIds } from './api-shape.ts';
import { audited, type AuditNote } from './audit.repository.ts';
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

export async function insertHuman(db: Kysely<Database>, fields: HumanFields, audit: AuditNote): Promise<Human> {
  // The id is chosen here so the audit row, written by the same statement, can name it.
  const id = randomUUID();
  return toHuman(
    await audited(db, audit, id)
      .insertInto('humans')
      .values({ ...fields, id })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

export function findHuman(db: Kysely<Database>, id: string): Promise<Human | undefined> {
  return byId(id, async (humanId) => {
    const row = await db.selectFrom('humans').selectAll().where('id', '=', humanId).executeTakeFirst();
    return row && toHuman(row);
  });
}

/** Deletes a human the caller has found (so the audit row names a record that existed). */
export async function deleteHuman(db: Kysely<Database>, id: string, audit: AuditNote): Promise<void> {
  await audited(db, audit, id).deleteFrom('humans').where('id', '=', id).execute();
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
