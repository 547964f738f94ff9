import type { Insertable, Kysely } from 'kysely';
import type { ContactListQuery } from '../../lib/schemas/people.schema.ts';
import type { SupportMessage } from '../../lib/types.ts';
import type { Database, SupportMessageRow, SupportMessageTable } from '../db/schema.ts';
import { apiIds, isoTime } from './api-shape.ts';
import { deleteWithAudit, type AuditRow } from './audit.repository.ts';
import { byId, findById, type FindById } from './ids.ts';
import { matchesEveryWord } from './search-sql.ts';

/** Messages from the public contact form, stamped with the server's clock (`deps.now`). */
export type NewSupportMessage = Omit<Insertable<SupportMessageTable>, 'id' | 'handledAt'> & { createdAt: Date };

const toSupportMessage = (row: SupportMessageRow): SupportMessage => ({
  ...apiIds(row.id),
  name: row.name,
  email: row.email,
  message: row.message,
  createdAt: isoTime(row.createdAt),
  handled: row.handledAt !== null,
  handledAt: row.handledAt === null ? null : isoTime(row.handledAt),
});

export async function insertSupportMessage(db: Kysely<Database>, message: NewSupportMessage): Promise<void> {
  await db.insertInto('supportMessages').values(message).execute();
}

/** Newest first. */
export async function listSupportMessages(db: Kysely<Database>): Promise<SupportMessage[]> {
  const rows = await db.selectFrom('supportMessages').selectAll().orderBy('createdAt', 'desc').orderBy('id').execute();
  return rows.map(toSupportMessage);
}

/** The messages a query's search and filter select (before paging). */
function matching(db: Kysely<Database>, { q, handled }: Pick<ContactListQuery, 'q' | 'handled'>) {
  let query = db.selectFrom('supportMessages');
  if (handled !== 'all') query = query.where('handledAt', handled === 'handled' ? 'is not' : 'is', null);
  // Every word somewhere in the name, the e-mail or the message (the one rule: src/lib/search.ts).
  return query.where((eb) => matchesEveryWord(eb, ['name', 'email', 'message'], q));
}

/** One page of the messages matching the query, newest first, and how many match in all. */
export async function pageSupportMessages(
  db: Kysely<Database>,
  query: ContactListQuery,
): Promise<{ contacts: SupportMessage[]; total: number }> {
  const [rows, counted] = await Promise.all([
    matching(db, query)
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    matching(db, query)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { contacts: rows.map(toSupportMessage), total: Number(counted.total) };
}

export async function countUnhandledSupportMessages(db: Kysely<Database>): Promise<number> {
  const { count } = await db
    .selectFrom('supportMessages')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('handledAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Marks a message handled (keeping the first time it was, if it already is) or unhandled again.
 * Undefined when there is no such message.
 */
export function setSupportMessageHandled(
  db: Kysely<Database>,
  id: string,
  handled: boolean,
  now: Date,
): Promise<SupportMessage | undefined> {
  return byId(id, async (messageId) => {
    const row = await db
      .updateTable('supportMessages')
      .set((eb) => ({ handledAt: handled ? eb.fn.coalesce('handledAt', eb.val(now)) : null }))
      .where('id', '=', messageId)
      .returningAll()
      .executeTakeFirst();
    return row && toSupportMessage(row);
  });
}

/** See FindById (ids.ts) for what `lock` holds. */
export const findSupportMessage: FindById<SupportMessage> = findById(async (db, id, lock) => {
  const query = db.selectFrom('supportMessages').selectAll().where('id', '=', id);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  return row && toSupportMessage(row);
});

/** Deletes a message with its audit row (one statement). False when there was none. */
export function deleteSupportMessage(db: Kysely<Database>, id: string, audit: AuditRow): Promise<boolean> {
  return deleteWithAudit(db, 'supportMessages', id, audit);
}
