import { sql, type Kysely } from 'kysely';

/**
 * Events can be saved as drafts, seen only by their chapter and admins until published. Every event
 * that existed before this migration was already public, so the column defaults to 'published'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('published')
        .check(sql`status in ('draft', 'published')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('status').execute();
}
