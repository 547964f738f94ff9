import { sql, type Kysely } from 'kysely';

/**
 * "Confirm by e-mail" needs a secret only the e-mail carries: the ticket alone (which the registration's
 * answer hands back) no longer confirms. Each message that asks to confirm is sent with a code of its
 * own (src/server/auth/confirmation-code.ts); only the code's SHA-256 is kept here, so the table alone
 * confirms nobody. A registration may have several (every such message sent, a "send it again"
 * included): any of them confirms it. They go with their registration (retention deletes the row).
 *
 * Registrations waiting for a confirmation when this runs were mailed a link to their ticket, without a
 * code. Those holding a seat now (their hold runs for at most an hour) are sent their ticket again, with a
 * code, so no one loses a held seat because the site was updated; one waiting on the waitlist is sent a
 * code with its next message (a seat given, or "send the e-mail again" on its ticket, which explains).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_confirmation_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('registration_id', 'uuid', (c) => c.notNull().references('registrations.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('email_confirmation_codes_registration')
    .on('email_confirmation_codes')
    .column('registration_id')
    .execute();
  await sql`
    insert into email_outbox (kind, registration_id)
    select 'ticket-again', id from registrations
    where status = 'confirmed' and email_confirmation = 'pending' and hold_until > now()
      and checked_in_at is null and walk_in = false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_confirmation_codes').execute();
}
