import { sql, type Kysely } from 'kysely';

/**
 * One row per signed-in browser or API client. A token names its row, so logging out ends that
 * session on the server (the row goes) while the account's other sessions go on; a row counts only
 * while its `version` is the account's session version, so a password change or "Sign out everywhere"
 * (which bump the version) ends every session of the account at once. Rows go with their account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chapter_id', 'uuid', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_chapter_id').on('sessions').column('chapter_id').execute();
  // Expired sessions are deleted a batch at a time as new ones open, oldest first.
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
}
