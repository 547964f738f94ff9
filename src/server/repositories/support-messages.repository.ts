import type { Insertable, Kysely } from 'kysely';
import type { SupportMessage } from '../../lib/types.ts';
import type { Database, SupportMessageRow, SupportMessageTable } from '../db/schema.ts';
import { apiIds, isoTime } from './api-shape.ts';

/** Messages from the public contact form. */
export type NewSupportMessage = Omit<Insertable<SupportMessageTable>, 'id' | 'createdAt'>;

const toSupportMessage = (row: SupportMessageRow): SupportMessage => ({
  ...apiIds(row.id),
  name: row.name,
  email: row.email,
  message: row.message,
  createdAt: isoTime(row.createdAt),
});

export async function insertSupportMessage(db: Kysely<Database>, message: NewSupportMessage): Promise<void> {
  await db.insertInto('supportMessages').values(message).execute();
}

/** Newest first. */
export async function listSupportMessages(db: Kysely<Database>): Promise<SupportMessage[]> {
  const rows = await db.selectFrom('supportMessages').selectAll().orderBy('createdAt', 'desc').orderBy('id').execute();
  return rows.map(toSupportMessage);
}
