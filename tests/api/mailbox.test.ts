import type { ParsedMail } from 'mailparser';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_REGISTERED } from '../../src/lib/registration/registration-view.ts';
import { connectDatabase } from '../../src/server/db/connect.ts';
import { migrateTo } from '../../src/server/db/migrate.ts';
import { migrations } from '../../src/server/db/migrations/index.ts';
import type { Database } from '../../src/server/db/schema.ts';
import {
  findRegistrationByEmail,
  seatsAndRegistrationOf,
} from '../../src/server/repositories/registrations.repository.ts';
import { ticketAgainKey } from '../../src/server/services/ticket-again-limit.service.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, sampleEvent, type TestApi } from '../support/api-server.ts';
import { testClock } from '../support/clock.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';
import { createTestDatabase } from '../support/test-database.ts';

/**
 * One mailbox is one person: "already registered", the mail cap and the "Send my ticket again" limit
 * compare an address's canonical form (src/lib/mailbox.ts), while the address is stored and mailed as
 * typed. The attacks of the finding, replayed: victim+0..14@example.org, v.i.c.t.i.m@gmail.com, other
 * letter cases. And the migration's handling of rows registered before the rule. A real SMTP server
 * catches what is sent; the clock is moved, nobody waits. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

const clock = testClock();
const setUp = useTestApi({
  chapters: { alpha: 'Alpha Chapter' },
  now: clock.now,
  config: () => ({ mail: { smtpUrl: smtp.url, from: 'Events <events@ieeecsbdc.test>', linkOrigin: undefined } }),
});
let api: TestApi;
let alpha: TestChapter;
beforeAll(() => {
  ({ api } = setUp);
  ({ alpha } = setUp.chapters);
});

let eventCount = 0;
async function siteEvent(capacity: number | null = null): Promise<string> {
  const res = await api.call(
    '/events',
    json(
      'POST',
      sampleEvent({ title: `Mailbox Day ${++eventCount}`, registration: { mode: 'site', capacity } }),
      alpha.token,
    ),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { event: { _id: string } }).event._id;
}

const registerAs = (eventId: string, email: string, fullName = 'Victim') =>
  api.call(`/events/${eventId}/registrations`, json('POST', { fullName, email, consent: true }));

const rowsOf = (eventId: string) =>
  api.db
    .selectFrom('registrations')
    .select(['email', 'mailbox', 'status'])
    .where('eventId', '=', eventId)
    .orderBy('seq')
    .execute();

const arrivedAt = (address: string): ParsedMail[] =>
  smtp.accepted.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === address);

describe('one registration per mailbox per event', () => {
  it('victim+0..14@example.org: the first registers, the other 14 are refused as already registered, one seat and one mail', async () => {
    const eventId = await siteEvent();
    const answers = [];
    for (let i = 0; i < 15; i++) answers.push(await registerAs(eventId, `victim+${i}@example.org`));
    expect(answers.map((r) => r.status)).toEqual([201, ...Array<number>(14).fill(409)]);
    for (const refused of answers.slice(1))
      expect(await refused.json()).toEqual({ success: false, code: 'already_registered', message: ALREADY_REGISTERED });
    // Stored as typed, compared by its mailbox.
    expect(await rowsOf(eventId)).toEqual([
      { email: 'victim+0@example.org', mailbox: 'victim@example.org', status: 'confirmed' },
    ]);
    await api.deps.mail.idle();
    expect(arrivedAt('victim+0@example.org')).toHaveLength(1);
    expect(smtp.accepted.filter((m) => m.subject === `Your ticket: Mailbox Day ${eventCount}`)).toHaveLength(1);
  });

  it('v.i.c.t.i.m@gmail.com, victim@googlemail.com, VICTIM+x@gmail.com and other letter cases are one person', async () => {
    const eventId = await siteEvent();
    expect((await registerAs(eventId, 'v.i.c.t.i.m@gmail.com')).status).toBe(201);
    for (const same of ['victim@googlemail.com', 'VICTIM+x@Gmail.com', 'Vic.Tim@GMAIL.COM', ' victim@gmail.com '])
      expect((await registerAs(eventId, same)).status, same).toBe(409);
    // Another person entirely, and the same name at another provider (dots count there), get in.
    expect((await registerAs(eventId, 'victim2@gmail.com')).status).toBe(201);
    expect((await registerAs(eventId, 'v.i.c.t.i.m@example.org')).status).toBe(201);
    expect(await rowsOf(eventId)).toEqual([
      { email: 'v.i.c.t.i.m@gmail.com', mailbox: 'victim@gmail.com', status: 'confirmed' },
      { email: 'victim2@gmail.com', mailbox: 'victim2@gmail.com', status: 'confirmed' },
      { email: 'v.i.c.t.i.m@example.org', mailbox: 'v.i.c.t.i.m@example.org', status: 'confirmed' },
    ]);
  });

  it('a cancelled registration gives way to the same mailbox spelled another way; the new one is stored as typed', async () => {
    const eventId = await siteEvent();
    const first = await registerAs(eventId, 'Mina.Rahman+events@example.org', 'Mina Rahman');
    const { ticket } = (await first.json()) as { ticket: string };
    expect((await api.call(`/tickets/${ticket}`, { method: 'DELETE' })).status).toBe(200);
    expect((await registerAs(eventId, 'mina.rahman@example.org', 'Mina Rahman')).status).toBe(201);
    expect(await rowsOf(eventId)).toEqual([
      { email: 'mina.rahman@example.org', mailbox: 'mina.rahman@example.org', status: 'confirmed' },
    ]);
  });

  it('parallel registrations of one mailbox in several spellings give exactly one', async () => {
    const eventId = await siteEvent();
    const spellings = ['racer@example.org', 'RACER+1@example.org', 'racer+2@Example.org', 'Racer@example.org'];
    const statuses = await Promise.all(spellings.map((email) => registerAs(eventId, email).then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    expect(await rowsOf(eventId)).toHaveLength(1);
  });

  it('the door finds a registration by any spelling of its mailbox (what a walk-in with an e-mail is checked against)', async () => {
    const eventId = await siteEvent();
    expect((await registerAs(eventId, 'door.person@gmail.com', 'Door Person')).status).toBe(201);
    const found = await findRegistrationByEmail(api.db, eventId, 'DoorPerson+walkin@googlemail.com');
    expect(found?.status).toBe('confirmed');
    const seats = await api.db
      .transaction()
      .execute((tx) => seatsAndRegistrationOf(tx, eventId, ' DOOR.PERSON@gmail.com. '));
    expect(seats).toMatchObject({ confirmed: 1, existing: { id: found!.id, status: 'confirmed' } });
    expect(await findRegistrationByEmail(api.db, eventId, 'door.person@example.org')).toBeUndefined();
    expect(await findRegistrationByEmail(api.db, eventId, '')).toBeUndefined();
  });
});

describe('the mail cap counts a mailbox, not a spelling', () => {
  it('victim+N@example.org registered at five events gets 3 mails in the hour; the rest wait with the reason', async () => {
    const events = [];
    for (let i = 0; i < 5; i++) events.push(await siteEvent());
    for (const [i, eventId] of events.entries())
      expect((await registerAs(eventId, `capped+${i}@example.org`)).status).toBe(201);
    await api.deps.mail.idle();
    const sent = smtp.accepted.filter((m) =>
      /^capped\+\d@example\.org$/.test(m.to && !Array.isArray(m.to) ? (m.to.value[0]?.address ?? '') : ''),
    );
    expect(sent).toHaveLength(3);
    const waiting = await api.db
      .selectFrom('emailOutbox as o')
      .innerJoin('registrations as r', 'r.id', 'o.registrationId')
      .select(['o.lastError', 'r.email'])
      .where('r.mailbox', '=', 'capped@example.org')
      .where('o.sentAt', 'is', null)
      .execute();
    expect(waiting).toHaveLength(2);
    for (const row of waiting) expect(row.lastError).toBe('held: 3 messages to this address in the last hour');
    // Sent to the address as typed, each to its own spelling.
    for (const mail of sent) expect(mail.text).toContain('Dear Victim,');
  });

  it('"Send my ticket again" counts asks per mailbox: +tags and letter case share the 3 an hour', async () => {
    const eventId = await siteEvent();
    expect((await registerAs(eventId, 'asker@example.org', 'Asker')).status).toBe(201);
    const again = (email: string) => api.call(`/events/${eventId}/registrations/resend`, json('POST', { email }));
    for (const email of ['asker+1@example.org', 'ASKER@example.org', 'asker+2@Example.org'])
      expect((await again(email)).status, email).toBe(202);
    const fourth = await again('asker+3@example.org');
    expect(fourth.status).toBe(429);
    const counter = await api.db
      .selectFrom('rateLimits')
      .select('count')
      .where('key', '=', ticketAgainKey(eventId, 'asker@example.org'))
      .executeTakeFirst();
    expect(counter?.count).toBe(4);
    // What was sent went to the registered address as typed, never to a spelling someone else asked with.
    await api.deps.mail.idle();
    expect(arrivedAt('asker+1@example.org')).toEqual([]);
    expect(arrivedAt('asker@example.org').length).toBeGreaterThan(1);
  });
});

// A database of its own, migrated from nothing: PGlite's start-up is slow on a busy machine.
describe('oversize requests', () => {
  it('a registration or a "send my ticket again" over the body limit is 413: nothing stored, nothing counted', async () => {
    const eventId = await siteEvent();
    const padding = 'x'.repeat(2 * 1024 * 1024);
    for (const path of [`/events/${eventId}/registrations`, `/events/${eventId}/registrations/resend`]) {
      const res = await api.call(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fullName: 'Big', email: 'big+1@example.org', consent: true, padding }),
      });
      expect(res.status, path).toBe(413);
    }
    expect(await rowsOf(eventId)).toEqual([]);
    const counters = await api.db.selectFrom('rateLimits').select('key').where('key', 'like', `%${eventId}%`).execute();
    expect(counters).toEqual([]);
  });
});

describe('the migration to mailboxes', { timeout: 120_000 }, () => {
  it('fills every row, keeps duplicates under the new rule as they were, clamps long holds, and the index then refuses a new spelling', async () => {
    const names = Object.keys(migrations);
    const mine = names.indexOf('2026-12-01T0200-mailbox-and-holds');
    const database = await createTestDatabase();
    const { db } = await connectDatabase(database.target);
    try {
      await migrateTo(db, names[mine - 1]!);
      const chapter = await db
        .insertInto('chapters')
        .values({ name: 'Old', email: 'old@example.org', passwordHash: 'x', phone: '', slug: 'old' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { rows } = await sql<{ id: string }>`insert into events (chapter_id, title, event_date, start_time,
          end_time, location, host, registration_method, fees, banner, event_link, description,
          registration_mode, registration_capacity, registration_confirm_by_email, registration_hold_minutes)
        values (${chapter.id}, 'Before mailboxes', '2099-01-01', '10:00', '11:00', 'Dhaka', 'Host', 'Online', 0,
          '', '', '', 'site', 10, true, 1440) returning id`.execute(db);
      const eventId = rows[0]!.id;
      const add = (email: string, status: string, ticket: string, holdUntil: string | null = null) =>
        sql`insert into registrations (event_id, ticket, full_name, email, status, email_confirmation, hold_until)
          values (${eventId}, ${ticket}, 'Old', ${email}, ${status}, ${holdUntil ? 'pending' : null},
            ${holdUntil}::timestamptz)`.execute(db);
      await add('victim+1@example.org', 'cancelled', 'a'.repeat(32));
      await add('victim+2@example.org', 'confirmed', 'b'.repeat(32), '2099-01-01T00:00:00Z');
      await add('Victim+3@example.org', 'waitlisted', 'c'.repeat(32));
      await add('v.i.c.t.i.m@gmail.com', 'confirmed', 'd'.repeat(32));
      await add('', 'confirmed', 'e'.repeat(32));
      await add('', 'confirmed', 'f'.repeat(32));

      await migrateTo(db, '2026-12-01T0200-mailbox-and-holds');
      const migrated = await (db as Kysely<Database>)
        .selectFrom('registrations')
        .select(['ticket', 'email', 'mailbox', 'status', 'holdUntil'])
        .orderBy('seq')
        .execute();
      expect(migrated.map(({ ticket, email, mailbox, status }) => [ticket[0], email, mailbox, status])).toEqual([
        // The one not cancelled that came first stands for the mailbox; the others are kept, unindexed.
        ['a', 'victim+1@example.org', null, 'cancelled'],
        ['b', 'victim+2@example.org', 'victim@example.org', 'confirmed'],
        ['c', 'Victim+3@example.org', null, 'waitlisted'],
        ['d', 'v.i.c.t.i.m@gmail.com', 'victim@gmail.com', 'confirmed'],
        ['e', '', '', 'confirmed'],
        ['f', '', '', 'confirmed'],
      ]);
      // A hold set for a day ends at the latest an hour after the update.
      const { rows: now } = await sql<{ now: Date }>`select now() as now`.execute(db);
      const held = migrated[1]!.holdUntil!.getTime() - now[0]!.now.getTime();
      expect(held).toBeLessThanOrEqual(60 * 60_000);
      expect(held).toBeGreaterThan(50 * 60_000);
      const { rows: event } = await sql<{ minutes: number }>`select registration_hold_minutes as minutes
        from events where id = ${eventId}`.execute(db);
      expect(event[0]!.minutes).toBe(60);
      await expect(
        sql`update events set registration_hold_minutes = 61 where id = ${eventId}`.execute(db),
      ).rejects.toThrow();

      // The index holds the mailbox from now on: another spelling cannot be stored beside it.
      await expect(
        sql`insert into registrations (event_id, ticket, full_name, email, mailbox, status)
          values (${eventId}, ${'g'.repeat(32)}, 'New', 'VICTIM+9@example.org', 'victim@example.org', 'confirmed')`.execute(
          db,
        ),
      ).rejects.toThrow();

      // And back: the old index, the old bounds.
      await migrateTo(db, names[mine - 1]!);
      const { rows: columns } = await sql<{ name: string }>`select column_name as name from information_schema.columns
        where table_name = 'registrations' and column_name in ('mailbox', 'network')`.execute(db);
      expect(columns).toEqual([]);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
