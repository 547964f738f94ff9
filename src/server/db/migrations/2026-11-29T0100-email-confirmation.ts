import { sql, type Kysely } from 'kysely';

/**
 * "Confirm by e-mail": an event may ask each registrant to open the link in their e-mail before their
 * seat is theirs for good. Such a registration holds its seat until `hold_until`; not confirmed by
 * then, it is cancelled and its seat given to the next in line (`hold_released_at` says so, for the
 * ticket's words). `email_confirmation` is null where nothing was asked, 'pending' until the link is
 * used, 'confirmed' after. No new kind of mail: a message is composed from the registration as it is
 * when sent, so the ticket and promotion messages carry the request while it is pending.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('registration_confirm_by_email', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('registration_hold_minutes', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(30)
        .check(sql`registration_hold_minutes between 5 and 1440`),
    )
    .execute();
  await db.schema
    .alterTable('registrations')
    .addColumn('email_confirmation', 'text', (c) => c.check(sql`email_confirmation in ('pending', 'confirmed')`))
    .addColumn('hold_until', 'timestamptz')
    .addColumn('hold_released_at', 'timestamptz')
    .execute();
  // The release finds the holds that ran out (few at any time) by this.
  await db.schema
    .createIndex('registrations_hold_until')
    .on('registrations')
    .column('hold_until')
    .where(sql.ref('hold_until'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('registrations_hold_until').execute();
  await db.schema
    .alterTable('registrations')
    .dropColumn('hold_released_at')
    .dropColumn('hold_until')
    .dropColumn('email_confirmation')
    .execute();
  await db.schema
    .alterTable('events')
    .dropColumn('registration_hold_minutes')
    .dropColumn('registration_confirm_by_email')
    .execute();
}
