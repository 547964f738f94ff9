import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The codes that confirm a registration's e-mail (their hashes only: src/server/auth/confirmation-code.ts).
 * A row per message that asked to confirm; they go with their registration (on delete cascade).
 */

/** Keeps the hash of a code about to be mailed; the row's id, to take it back if the mail is not sent. */
export async function addConfirmationCode(
  db: Kysely<Database>,
  { registrationId, codeHash, now }: { registrationId: string; codeHash: string; now: Date },
): Promise<string> {
  const row = await db
    .insertInto('emailConfirmationCodes')
    .values({ registrationId, codeHash, createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Takes back a code whose message was not sent. */
export async function deleteConfirmationCode(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('emailConfirmationCodes').where('id', '=', id).execute();
}

/** The hashes of every code mailed for this registration. */
export async function confirmationCodeHashes(db: Kysely<Database>, registrationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('emailConfirmationCodes')
    .select('codeHash')
    .where('registrationId', '=', registrationId)
    .execute();
  return rows.map((r) => r.codeHash);
}
