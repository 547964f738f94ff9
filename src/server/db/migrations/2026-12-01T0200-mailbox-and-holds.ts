import { sql, type Kysely } from 'kysely';
import { canonicalMailbox } from '../../../lib/mailbox.ts';

/**
 * One mailbox is one person; a script cannot hold an event.
 *
 * - `registrations.mailbox`: the address's canonical form (src/lib/mailbox.ts), which decides "already
 *   registered for this event" through the unique index that replaces the one on `lower(email)`. The
 *   address itself stays as typed. Existing rows are filled here. Registrations made before this rule
 *   that now name one mailbox twice for one event (`victim+1@`, `victim+2@`) are all kept as they are:
 *   nobody loses a seat or a place in line when the site is updated. One of them stands for the mailbox
 *   (the one not cancelled, else the earliest; of several not cancelled, the earliest): it gets the
 *   column; the others keep it null, which the index leaves out, and stay until their holder or staff
 *   cancel them (the registrations page groups them by network and cancels a selection).
 * - `registrations.network`: an anonymous label of the network a registration came from (a keyed hash
 *   of the address as the rate limits count it, never the address), for staff to see bursts and for the
 *   limit on unconfirmed seat holds per network; null before this and for walk-ins. It goes with its
 *   registration (retention deletes the row).
 * - A seat's hold for an unconfirmed e-mail lasts at most 60 minutes (it was up to a day): events set
 *   longer are set to 60, and holds running now end at the latest 60 minutes after this runs.
 * - The outbox takes a new kind, `cancelled`: staff cancelling a selection tell each person.
 */
const HOLD_CEILING_MINUTES = 60;
const PAGE = 5000;
const UPDATE_CHUNK = 1000;

interface Row {
  id: string;
  eventId: string;
  email: string;
  status: string;
  seq: string;
}

/** Whether `a` rather than `b` stands for their shared mailbox: one not cancelled first, then the earlier. */
const stands = (a: Row, b: Row) =>
  (a.status === 'cancelled') !== (b.status === 'cancelled') ? b.status === 'cancelled' : BigInt(a.seq) < BigInt(b.seq);

async function fillMailboxes(db: Kysely<unknown>): Promise<void> {
  const holders = new Map<string, Row & { mailbox: string }>();
  let after = '0';
  for (;;) {
    const { rows } = await sql<Row>`
      select id, event_id as "eventId", email, status, seq::text as seq from registrations
      where seq > ${after}::bigint order by seq limit ${PAGE}`.execute(db);
    for (const row of rows) {
      const mailbox = canonicalMailbox(row.email);
      // A walk-in without an address names no mailbox: '' is left out of the index, as before.
      const key = mailbox === '' ? `${row.id}` : `${row.eventId} ${mailbox}`;
      const held = holders.get(key);
      if (!held || stands(row, held)) holders.set(key, { ...row, mailbox });
    }
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.seq;
  }
  const values = [...holders.values()];
  for (let i = 0; i < values.length; i += UPDATE_CHUNK) {
    const chunk = values.slice(i, i + UPDATE_CHUNK);
    await sql`
      update registrations as r set mailbox = v.mailbox
      from (values ${sql.join(chunk.map((v) => sql`(${v.id}::uuid, ${v.mailbox}::text)`))}) as v(id, mailbox)
      where r.id = v.id`.execute(db);
  }
}

/** Replaces the check of the events' hold minutes by one with these bounds (its name was chosen by the database). */
async function holdMinutesCheck(db: Kysely<unknown>, max: number): Promise<void> {
  await sql`
    do $$
    declare c record;
    begin
      for c in
        select conname from pg_constraint
        where conrelid = 'events'::regclass and contype = 'c'
          and pg_get_constraintdef(oid) like '%registration_hold_minutes%'
      loop
        execute format('alter table events drop constraint %I', c.conname);
      end loop;
    end $$
  `.execute(db);
  await sql`alter table events add constraint events_registration_hold_minutes_check
    check (registration_hold_minutes between 5 and ${sql.lit(max)})`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('registrations').addColumn('mailbox', 'text').addColumn('network', 'text').execute();
  await fillMailboxes(db);
  await db.schema.dropIndex('registrations_event_email').execute();
  await db.schema
    .createIndex('registrations_event_mailbox')
    .on('registrations')
    .unique()
    .columns(['event_id', 'mailbox'])
    .where(sql.ref('mailbox'), '<>', '')
    .execute();
  // The limit on holds per network, and staff's groups, find an event's registrations of one network by this.
  await db.schema
    .createIndex('registrations_event_network')
    .on('registrations')
    .columns(['event_id', 'network'])
    .where(sql.ref('network'), 'is not', null)
    .execute();

  await sql`update events set registration_hold_minutes = ${sql.lit(HOLD_CEILING_MINUTES)}
    where registration_hold_minutes > ${sql.lit(HOLD_CEILING_MINUTES)}`.execute(db);
  await holdMinutesCheck(db, HOLD_CEILING_MINUTES);
  await sql`update registrations set hold_until = now() + make_interval(mins => ${sql.lit(HOLD_CEILING_MINUTES)})
    where hold_until > now() + make_interval(mins => ${sql.lit(HOLD_CEILING_MINUTES)})`.execute(db);

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
          'cancelled'
        );
      end loop;
    end $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from email_outbox where kind = 'cancelled'`.execute(db);
  await sql`
    do $$
    declare c record;
    begin
      for c in
        select conname, pg_get_constraintdef(oid) as def from pg_constraint
        where conrelid = 'email_outbox'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%cancelled%'
      loop
        execute format('alter table email_outbox drop constraint %I', c.conname);
        execute format(
          'alter table email_outbox add constraint %I %s',
          c.conname,
          regexp_replace(c.def, ' OR \\(kind = ''cancelled''::text\\)', '')
        );
      end loop;
    end $$
  `.execute(db);
  await holdMinutesCheck(db, 1440);
  await db.schema.dropIndex('registrations_event_network').execute();
  await db.schema.dropIndex('registrations_event_mailbox').execute();
  await db.schema
    .createIndex('registrations_event_email')
    .on('registrations')
    .unique()
    .columns(['event_id', sql`lower(email)`])
    .where(sql.ref('email'), '<>', '')
    .execute();
  await db.schema.alterTable('registrations').dropColumn('network').dropColumn('mailbox').execute();
}
