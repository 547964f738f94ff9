import { sql, type Kysely } from 'kysely';

/**
 * Registration on this site. Each event says how people register (`link`: the event's own
 * link, as before; `site`: here; `none`), with an optional capacity, window and up to five questions.
 * Registrations hold their registrant's personal data and go with their event; `seq` is the order in
 * which they took the event's lock, so the waitlist is served in arrival order. One registration per
 * e-mail per event, whatever its case. Mail waits in an outbox written in the registration's own
 * transaction and goes with its registration (deleting personal data drops its queued mail too).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('registration_mode', 'text', (c) =>
      c
        .notNull()
        .defaultTo('link')
        .check(sql`registration_mode in ('link', 'site', 'none')`),
    )
    .addColumn('registration_capacity', 'integer', (c) => c.check(sql`registration_capacity > 0`))
    .addColumn('registration_opens_at', 'timestamptz')
    .addColumn('registration_closes_at', 'timestamptz')
    .addColumn('registration_questions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();

  await db.schema
    .createTable('registrations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('seq', 'bigint', (c) => c.generatedAlwaysAsIdentity())
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('ticket', 'text', (c) => c.notNull().unique())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('institution', 'text')
    .addColumn('ieee_member_id', 'text')
    .addColumn('answers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('confirmed', 'waitlisted', 'cancelled')`))
    .addColumn('checked_in_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('promoted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('registrations_event_email')
    .on('registrations')
    .unique()
    .columns(['event_id', sql`lower(email)`])
    .execute();
  await db.schema
    .createIndex('registrations_event_status_seq')
    .on('registrations')
    .columns(['event_id', 'status', 'seq'])
    .execute();

  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('registered', 'waitlisted', 'promoted')`))
    .addColumn('registration_id', 'uuid', (c) => c.notNull().references('registrations.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('lease_until', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('email_outbox_due').on('email_outbox').columns(['sent_at', 'next_attempt_at']).execute();
  // The cascade from a registration's delete finds its mail by this.
  await db.schema.createIndex('email_outbox_registration').on('email_outbox').column('registration_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_outbox').execute();
  await db.schema.dropTable('registrations').execute();
  await db.schema
    .alterTable('events')
    .dropColumn('registration_questions')
    .dropColumn('registration_closes_at')
    .dropColumn('registration_opens_at')
    .dropColumn('registration_capacity')
    .dropColumn('registration_mode')
    .execute();
}
