import type { Kysely } from 'kysely';

/**
 * The address a chapter's public page shows (its mailto), when the account sets one. Until then the
 * page shows the login e-mail, as it always has.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chapters').addColumn('public_email', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chapters').dropColumn('public_email').execute();
}
