import { sql, type Kysely } from 'kysely';

/** The message kinds this migration adds to the outbox, as SQL's list. */
const KINDS = sql.raw(`'certificate', 'certificate-withdrawn', 'hold-released'`);

/**
 * The mails people need beside their ticket: a certificate of attendance is ready (or was withdrawn),
 * and a seat held for an unconfirmed e-mail was released. Each has one cause that happens once to a
 * registration (a registration has one certificate; a hold is released once), so the outbox holds at
 * most one of each per registration: a job run twice, or two runs at once, cannot queue it twice. The
 * outbox's kinds are widened whatever kinds the check allows by now (another change may have added its
 * own), so this migration only adds to that list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
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
          'alter table email_outbox add constraint %I check ((%s) or kind in (%s))',
          c.conname,
          regexp_replace(c.def, '^CHECK \\((.*)\\)$', '\\1'),
          $kinds$'certificate', 'certificate-withdrawn', 'hold-released'$kinds$
        );
      end loop;
    end $$
  `.execute(db);
  await sql`create unique index email_outbox_once_per_cause on email_outbox (registration_id, kind)
    where kind in (${KINDS})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('email_outbox_once_per_cause').execute();
  await sql`delete from email_outbox where kind in (${KINDS})`.execute(db);
  await sql`
    do $$
    declare c record;
    begin
      for c in
        select conname, pg_get_constraintdef(oid) as def from pg_constraint
        where conrelid = 'email_outbox'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%hold-released%'
      loop
        execute format('alter table email_outbox drop constraint %I', c.conname);
        execute format(
          'alter table email_outbox add constraint %I %s',
          c.conname,
          regexp_replace(c.def, ' OR \\(kind = ANY \\(ARRAY\\[[^]]*''hold-released''::text\\]\\)\\)', '')
        );
      end loop;
    end $$
  `.execute(db);
}
