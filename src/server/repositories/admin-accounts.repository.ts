import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The queries behind creating and resetting admin accounts from the deploy and the shell. */
type Db = Kysely<Database>;

export async function anyAdminExists(db: Db): Promise<boolean> {
  const row = await db.selectFrom('chapters').select('id').where('isAdmin', '=', true).limit(1).executeTakeFirst();
  return row !== undefined;
}

export function findAccountByEmail(db: Db, email: string) {
  return db
    .selectFrom('chapters')
    .select(['id', 'isAdmin', 'sessionVersion'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function slugInUse(db: Db, slug: string): Promise<boolean> {
  return (await db.selectFrom('chapters').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined;
}

export async function insertAdmin(
  db: Db,
  account: { name: string; email: string; slug: string; passwordHash: string },
): Promise<string> {
  const row = await db
    .insertInto('chapters')
    .values({ ...account, phone: '', isAdmin: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new password also bumps the session version, so every token issued before it stops working. */
export async function replacePassword(db: Db, id: string, passwordHash: string, now: Date): Promise<void> {
  await db
    .updateTable('chapters')
    .set((eb) => ({ passwordHash, passwordChangedAt: now, sessionVersion: eb('sessionVersion', '+', 1) }))
    .where('id', '=', id)
    .execute();
}
