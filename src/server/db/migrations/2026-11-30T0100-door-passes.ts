import { sql, type Kysely } from 'kysely';

/**
 * Door passes and walk-ins. A door pass lets a volunteer's phone run one event's door without a chapter
 * account: its secret is in the link staff hand over and only its SHA-256 is stored (`secret_hash`,
 * unique). It keeps a copy of its creator's name and e-mail, so the audit trail can name them after
 * their account is renamed or closed. A check-in made with a pass names it (`door_pass_id`).
 *
 * A walk-in is a registration made at the door (`walk_in`), checked in at once. Its e-mail is optional:
 * one given is kept as typed; none is stored as the empty string, which the one-registration-per-address
 * rule then leaves out (so two walk-ins without an address never clash). No mail is ever queued for a
 * walk-in (email-outbox.repository.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('door_passes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('valid_until', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('chapters.id').onDelete('set null'))
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_by_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_by', 'uuid', (c) => c.references('chapters.id').onDelete('set null'))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('door_passes_event').on('door_passes').columns(['event_id', 'created_at']).execute();

  await db.schema
    .alterTable('check_ins')
    .addColumn('door_pass_id', 'uuid', (c) => c.references('door_passes.id').onDelete('set null'))
    .execute();
  // The passes' list counts each pass's check-ins by this.
  await db.schema.createIndex('check_ins_door_pass').on('check_ins').column('door_pass_id').execute();

  await db.schema
    .alterTable('registrations')
    .addColumn('walk_in', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.dropIndex('registrations_event_email').execute();
  await db.schema
    .createIndex('registrations_event_email')
    .on('registrations')
    .unique()
    .columns(['event_id', sql`lower(email)`])
    .where(sql.ref('email'), '<>', '')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from registrations where email = ''`.execute(db);
  await db.schema.dropIndex('registrations_event_email').execute();
  await db.schema
    .createIndex('registrations_event_email')
    .on('registrations')
    .unique()
    .columns(['event_id', sql`lower(email)`])
    .execute();
  await db.schema.alterTable('registrations').dropColumn('walk_in').execute();
  await db.schema.dropIndex('check_ins_door_pass').execute();
  await db.schema.alterTable('check_ins').dropColumn('door_pass_id').execute();
  await db.schema.dropTable('door_passes').execute();
}
