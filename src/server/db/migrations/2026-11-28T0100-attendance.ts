import { sql, type Kysely } from 'kysely';

/**
 * Attendance. Each scan at the door is a check-in, named by the id the scanning phone gives it
 * (a retry of the same scan is the same row); the first scan of a ticket sets the registration's
 * `checked_in_at`, so two doors never count one person twice. Certificates of attendance keep a copy
 * of the attendee's name: they outlive the registration, whose personal data retention deletes (its
 * link is then set null, and the check-ins lose theirs the same way).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('certificate_signatory_name', 'text')
    .addColumn('certificate_signatory_title', 'text')
    .addColumn('certificates_auto', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('check_ins')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('registration_id', 'uuid', (c) => c.references('registrations.id').onDelete('set null'))
    .addColumn('result', 'text', (c) => c.notNull().check(sql`result in ('checked-in', 'already')`))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('by_account', 'uuid')
    .execute();
  // The arrivals chart reads an event's check-ins; a registration's delete finds its check-ins by the other.
  await db.schema.createIndex('check_ins_event_at').on('check_ins').columns(['event_id', 'at']).execute();
  await db.schema.createIndex('check_ins_registration').on('check_ins').column('registration_id').execute();

  await db.schema
    .createTable('certificates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('registration_id', 'uuid', (c) => c.unique().references('registrations.id').onDelete('set null'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
    .addColumn('withdrawn_at', 'timestamptz')
    .addColumn('withdrawn_reason', 'text')
    .execute();
  await db.schema.createIndex('certificates_event').on('certificates').column('event_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('certificates').execute();
  await db.schema.dropTable('check_ins').execute();
  await db.schema
    .alterTable('events')
    .dropColumn('certificates_auto')
    .dropColumn('certificate_signatory_title')
    .dropColumn('certificate_signatory_name')
    .execute();
}
