import type { Insertable, Kysely } from 'kysely';
import type { Human } from '../../lib/types.ts';
import type { Database, HumanRow, HumanTable } from '../db/schema.ts';
import { apiIds } from './api-shape.ts';
import { byId } from './ids.ts';

export type HumanFields = Omit<Insertable<HumanTable>, 'id' | 'createdAt'>;

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

/** Deletes a profile; answers the photo it showed, or undefined when no profile has that id. */
export async function deleteHuman(db: Kysely<Database>, id: string): Promise<{ image: string } | undefined> {
  return byId(id, (humanId) => db.deleteFrom('humans').where('id', '=', humanId).returning('image').executeTakeFirst());
}
