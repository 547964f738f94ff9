import { sql, type Kysely } from 'kysely';

/**
 * One address receives at most a few registration e-mails an hour and a day, site-wide. What was sent
 * is counted in a table of its own: the outbox's rows go with their registration (a cancelled one is
 * replaced when the address registers again; retention deletes them), so they cannot be counted on.
 * A row holds a hash of the address (lower case), never the address, and lives a day.
 *
 * "Send my ticket again" is a message kind of its own, `ticket-again`. The outbox's kinds are widened
 * to take it whatever kinds the check allows by now (another change may have added its own), so this
 * migration only adds to that list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_sends')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('address_hash', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_sends_address').on('email_sends').columns(['address_hash', 'sent_at']).execute();
  // Rows past the longest window are deleted by their age.
  await db.schema.createIndex('email_sends_sent_at').on('email_sends').column('sent_at').execute();

  await sql`
    do $$
    declare c record;
    begin
      for c in
        select conname, pg_get_constraintdef(oid) as def from pg_constraint
        where conrelid = 'email_outbox'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%kind%'
      loop
        execute format('alter table email_outbox drop constraint %I', c.conname);
        execute format(
          'alter table email_outbox add constraint %I check ((%s) or kind = %L)',
          c.conname,
          regexp_replace(c.def, '^CHECK \\((.*)\\)$', '\\1'),
          'ticket-again'
        );
      end loop;
    end $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from email_outbox where kind = 'ticket-again'`.execute(db);
  await sql`
    do $$
    declare c record;
    begin
      for c in
        select conname, pg_get_constraintdef(oid) as def from pg_constraint
        where conrelid = 'email_outbox'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%ticket-again%'
      loop
        execute format('alter table email_outbox drop constraint %I', c.conname);
        execute format(
          'alter table email_outbox add constraint %I %s',
          c.conname,
          regexp_replace(c.def, ' OR \\(kind = ''ticket-again''::text\\)', '')
        );
      end loop;
    end $$
  `.execute(db);
  await db.schema.dropTable('email_sends').execute();
}
