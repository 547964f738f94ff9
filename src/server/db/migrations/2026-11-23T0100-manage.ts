import { sql, type Kysely } from 'kysely';

/**
 * Support messages get a handled state: when an admin marked one handled (null: still to answer).
 * Existing messages start unhandled, so nothing received before this change is lost from view.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('support_messages').addColumn('handled_at', 'timestamptz').execute();
  // The sidebar counts the unhandled messages on every dashboard page: a partial index keeps that cheap.
  await db.schema
    .createIndex('support_messages_unhandled_idx')
    .on('support_messages')
    .column('created_at')
    .where(sql.ref('handled_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('support_messages_unhandled_idx').execute();
  await db.schema.alterTable('support_messages').dropColumn('handled_at').execute();
}
