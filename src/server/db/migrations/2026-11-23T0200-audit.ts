import { sql, type Kysely } from 'kysely';

/**
 * The audit trail: who created, changed or deleted what, and when. Field names only, never values, so
 * no password (nor its hash) can end up here. The actor is not a foreign key: the trail outlives the
 * account, and the e-mail snapshot still says who it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Null: done outside a session (the first start, `npm run admin`).
    .addColumn('account_id', 'uuid')
    .addColumn('account_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('create', 'update', 'delete')`))
    .addColumn('entity_type', 'text', (c) => c.notNull())
    // Text, not uuid: uploads are named by their storage key.
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('fields', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .execute();
  // The page lists newest first, optionally of one entity type or one account.
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at desc', 'id']).execute();
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity_type', 'at desc']).execute();
  await db.schema.createIndex('audit_log_account_idx').on('audit_log').columns(['account_id', 'at desc']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
