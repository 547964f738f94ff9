import { sql, type Kysely } from 'kysely';

/**
 * The audit trail becomes readable by a person: each row keeps the name of the record and of the
 * account as they were at the time (a later rename or the account's deletion leaves them), and the old
 * and new values of the fields it changed, for the fields whose values the trail may keep
 * (src/server/services/audit.service.ts decides which: never a password, never what a visitor sent). Rows
 * written before this keep field names only: their name and values stay empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('audit_log')
    .addColumn('account_name', 'text')
    .addColumn('entity_name', 'text')
    // {"title": {"from": "Old", "to": "New"}}; a create has only "to".
    .addColumn('changes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('audit_log')
    .dropColumn('changes')
    .dropColumn('entity_name')
    .dropColumn('account_name')
    .execute();
}
