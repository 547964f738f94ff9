import type { ParsedMail } from 'mailparser';
import { createApi } from '../../src/server/app.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_ATTEMPTS } from '../../src/server/email/retry.ts';
import { deliverDueEmail } from '../../src/server/email/delivery.ts';
import { createMailer } from '../../src/server/email/mailer.ts';
import { createSmtpTransport } from '../../src/server/email/transport.ts';
import {
  LOCAL_MAIL_INTERVAL_MS,
  LOCAL_RETENTION_INTERVAL_MS,
  runScheduledJobs,
  startLocalJobs,
} from '../../src/server/jobs/scheduled-jobs.ts';
import { bootstrap, describeBootstrap } from '../../src/server/runtime/bootstrap.ts';
import { claimDueEmail, enqueueEmail } from '../../src/server/repositories/email-outbox.repository.ts';
import { json, type TestApi } from '../support/api-server.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { testClock } from '../support/clock.ts';
import { callWithHost } from '../support/forged-host.ts';
import * as registration from '../support/registration.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';

/**
 * The ticket e-mails go through an outbox to a real SMTP server this file starts,
 * and what arrived is read back. A failing or hung server never delays or loses a registration; a
 * refused message is retried later (the clock moves, nobody sleeps); two deliveries at once never send
 * a message twice. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const FROM = 'IEEE CS BDC Events <events@ieeecsbdc.test>';
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
  config: () => ({ mail: { smtpUrl: smtp.url, from: FROM, linkOrigin: undefined } }),
});
let api: TestApi;
let alpha: TestChapter;
beforeAll(() => {
  ({ api } = setUp);
  ({ alpha } = setUp.chapters);
});
beforeEach(() => {
  smtp.mode = 'accept';
});

let eventCount = 0;
/** A published event of Alpha's taking registrations on the site. */
const siteEvent = async (capacity: number | null = null, title = `Rust Workshop ${++eventCount}`) =>
  (await registration.siteEvent(api, alpha.token, { capacity }, { title })).id;

const register = (target: TestApi, eventId: string, fullName: string, email: string) =>
  registration.register(target, eventId, { fullName, email, institution: 'BUET' });

/** The outbox rows of one registration, by its ticket. */
async function outboxOf(target: TestApi, ticket: string) {
  return target.db
    .selectFrom('emailOutbox as o')
    .innerJoin('registrations as r', 'r.id', 'o.registrationId')
    .select(['o.kind', 'o.attempts', 'o.sentAt', 'o.lastError', 'o.nextAttemptAt', 'o.leaseUntil'])
    .where('r.ticket', '=', ticket)
    .orderBy('o.createdAt')
    .execute();
}

/** What arrived for one address, oldest first. */
const arrivedFor = (address: string): ParsedMail[] =>
  smtp.accepted.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === address.toLowerCase());

describe('ticket e-mails through a real SMTP server', () => {
  it('sends a confirmed registration its ticket: to, subject, link, Bangla name intact', async () => {
    const eventId = await siteEvent(null, 'সফটওয়্যার Testing & <QA> Day');
    const reg = await register(api, eventId, 'রাফিদ হাসান', 'rafid@example.com');
    expect(reg.status).toBe('confirmed');
    expect(reg.ticketUrl).toBe(`${api.origin}/tickets/${reg.ticket}`);
    expect(reg.emailed).toBe(true);
    await api.deps.mail.idle();

    const [mail, ...more] = arrivedFor('rafid@example.com');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your ticket: সফটওয়্যার Testing & <QA> Day');
    expect(mail!.to).toMatchObject({ value: [{ address: 'rafid@example.com', name: 'রাফিদ হাসান' }] });
    expect(mail!.from).toMatchObject({ value: [{ address: 'events@ieeecsbdc.test', name: 'IEEE CS BDC Events' }] });
    expect(mail!.text).toContain('Dear রাফিদ হাসান,');
    expect(mail!.text).toContain(`Your ticket: ${reg.ticketUrl}`);
    expect(mail!.text).toContain('Sunday, March 10, 2030, 10:00 AM - 1:00 PM GMT+6 (Dhaka time)');
    expect(mail!.text).toContain('BUET Auditorium, Dhaka');
    expect(mail!.html).toContain(`href="${reg.ticketUrl}"`);
    expect(mail!.html).toContain('সফটওয়্যার Testing &amp; &lt;QA&gt; Day');

    const [row] = await outboxOf(api, reg.ticket);
    expect(row).toMatchObject({ kind: 'registered', attempts: 1, lastError: null, leaseUntil: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('links to this server’s own address when no address is configured, whatever Host a request names', async () => {
    const eventId = await siteEvent();
    const answer = await callWithHost(`${api.origin}/api/v1/events/${eventId}/registrations`, 'attacker.example', {
      method: 'POST',
      body: { fullName: 'Arif Hossain', email: 'arif@example.com', consent: true },
    });
    expect(answer.status).toBe(201);
    const ticketUrl = `${api.origin}/tickets/${answer.body['ticket'] as string}`;
    expect(answer.body['ticketUrl']).toBe(ticketUrl);
    await api.deps.mail.idle();
    const [mail] = arrivedFor('arif@example.com');
    expect(mail!.text).toContain(`Your ticket: ${ticketUrl}`);
    expect(`${mail!.text}${mail!.html}`).not.toContain('attacker.example');
  });

  it('tells the waitlisted their place, and sends "promoted" when a cancel frees a seat', async () => {
    const eventId = await siteEvent(1, 'Cloud Day');
    const first = await register(api, eventId, 'Nusrat Jahan', 'nusrat@example.com');
    const second = await register(api, eventId, 'Tanvir Ahmed', 'tanvir@example.com');
    expect(second).toMatchObject({ status: 'waitlisted', position: 1 });
    await api.deps.mail.idle();
    expect(arrivedFor('tanvir@example.com').map((m) => m.subject)).toEqual(['You are on the waitlist: Cloud Day']);
    expect(arrivedFor('tanvir@example.com')[0]!.text).toContain('at position 1.');

    const cancelled = await api.call(`/tickets/${first.ticket}`, { method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    await api.deps.mail.idle();
    const promoted = arrivedFor('tanvir@example.com')[1]!;
    expect(promoted.subject).toBe('You have a seat: Cloud Day');
    expect(promoted.text).toContain(`Your ticket: ${second.ticketUrl}`);
    // The cancelled person gets their ticket once, and nothing more.
    expect(arrivedFor('nusrat@example.com').map((m) => m.subject)).toEqual(['Your ticket: Cloud Day']);
  });

  it('sends "promoted" when staff cancel a confirmed seat', async () => {
    const eventId = await siteEvent(1, 'Security Day');
    const first = await register(api, eventId, 'Rina Das', 'rina@example.com');
    await register(api, eventId, 'Sabbir Hasan', 'sabbir@example.com');
    await api.deps.mail.idle();
    const list = await api.call(`/events/${eventId}/registrations`, json('GET', undefined, alpha.token));
    const { registrations } = (await list.json()) as { registrations: { id: string; email: string }[] };
    const rina = registrations.find((r) => r.email === 'rina@example.com')!;
    const cancelled = await api.call(`/registrations/${rina.id}`, json('PATCH', { status: 'cancelled' }, alpha.token));
    expect(cancelled.status).toBe(200);
    await api.deps.mail.idle();
    expect(arrivedFor('sabbir@example.com').map((m) => m.subject)).toEqual([
      'You are on the waitlist: Security Day',
      'You have a seat: Security Day',
    ]);
    expect(first.status).toBe('confirmed');
  });

  it('sends "promoted" to those a raised capacity seats', async () => {
    const eventId = await siteEvent(1, 'Data Day');
    await register(api, eventId, 'Karim Uddin', 'karim@example.com');
    const waiting = await register(api, eventId, 'Lamia Akter', 'lamia@example.com');
    expect(waiting.status).toBe('waitlisted');
    await api.deps.mail.idle();
    const raised = await api.call(`/events/${eventId}`, json('PATCH', { registration: { capacity: 2 } }, alpha.token));
    expect(raised.status).toBe(200);
    await api.deps.mail.idle();
    expect(arrivedFor('lamia@example.com').map((m) => m.subject)).toEqual([
      'You are on the waitlist: Data Day',
      'You have a seat: Data Day',
    ]);
  });

  it('hands the send to Netlify’s waitUntil, which keeps the function alive until the mail is out', async () => {
    const eventId = await siteEvent();
    // The API as the Netlify function runs it: its context comes beside the request (netlify-entry.ts).
    const app = createApi(api.deps);
    const kept: Promise<unknown>[] = [];
    const context = { ip: '203.0.113.7', waitUntil: (promise: Promise<unknown>) => void kept.push(promise) };
    const res = await app.fetch(
      new Request(`${api.origin}/api/v1/events/${eventId}/registrations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fullName: 'Nabila Karim', email: 'nabila@example.com', consent: true }),
      }),
      { context },
    );
    expect(res.status).toBe(201);
    expect(kept).toHaveLength(1);
    await kept[0];
    expect(arrivedFor('nabila@example.com').map((m) => m.subject)).toEqual([
      `Your ticket: Rust Workshop ${eventCount}`,
    ]);
  });

  it('keeps a registration the server refuses to mail, and retries it later until it goes', async () => {
    smtp.mode = 'refuse';
    const eventId = await siteEvent(10);
    const refusedBefore = smtp.refused;
    const reg = await register(api, eventId, 'Mahin Chowdhury', 'mahin@example.com');
    await api.deps.mail.idle();
    expect(smtp.refused).toBe(refusedBefore + 1);

    // Stored and answered as usual.
    expect((await api.call(`/tickets/${reg.ticket}`)).status).toBe(200);
    const [queued] = await outboxOf(api, reg.ticket);
    expect(queued).toMatchObject({ kind: 'registered', attempts: 1, sentAt: null, leaseUntil: null });
    expect(queued!.lastError).toMatch(/try again later/);
    // Retried a minute later, not before.
    const wait = queued!.nextAttemptAt.getTime() - clock.now().getTime();
    expect(wait).toBeGreaterThan(55_000);
    expect(wait).toBeLessThanOrEqual(60_000);

    smtp.mode = 'accept';
    expect(await api.deps.mail.deliver()).toEqual({ sent: 0, failed: 0, dropped: 0, held: 0 });
    expect(arrivedFor('mahin@example.com')).toEqual([]);

    clock.advance(61_000);
    expect(await api.deps.mail.deliver()).toMatchObject({ sent: 1, failed: 0 });
    expect(arrivedFor('mahin@example.com').map((m) => m.subject)).toEqual([`Your ticket: Rust Workshop ${eventCount}`]);
    const [sent] = await outboxOf(api, reg.ticket);
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
  });

  it('gives a message up after 8 attempts, keeping it with its error', async () => {
    smtp.mode = 'refuse';
    const eventId = await siteEvent();
    const reg = await register(api, eventId, 'Farhan Kabir', 'farhan@example.com');
    await api.deps.mail.idle();
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      clock.advance(13 * 3_600_000);
      expect(await api.deps.mail.deliver()).toMatchObject({ failed: 1 });
    }
    const [given] = await outboxOf(api, reg.ticket);
    expect(given).toMatchObject({ attempts: MAX_ATTEMPTS, sentAt: null });
    expect(given!.lastError).toMatch(/^gave up after 8 attempts: .*try again later/);

    smtp.mode = 'accept';
    clock.advance(24 * 3_600_000);
    expect(await api.deps.mail.deliver()).toEqual({ sent: 0, failed: 0, dropped: 0, held: 0 });
    expect(arrivedFor('farhan@example.com')).toEqual([]);
  });

  it('does not send a queued ticket once its registration is cancelled', async () => {
    smtp.mode = 'refuse';
    const eventId = await siteEvent();
    const reg = await register(api, eventId, 'Sadia Islam', 'sadia@example.com');
    await api.deps.mail.idle();
    expect((await api.call(`/tickets/${reg.ticket}`, { method: 'DELETE' })).status).toBe(200);
    await api.deps.mail.idle();

    smtp.mode = 'accept';
    clock.advance(61_000);
    expect(await api.deps.mail.deliver()).toMatchObject({ sent: 0, dropped: 1 });
    expect(arrivedFor('sadia@example.com')).toEqual([]);
    expect(await outboxOf(api, reg.ticket)).toEqual([]);
  });

  it('answers a registration without waiting for a hung SMTP server', async () => {
    smtp.mode = 'hold';
    const eventId = await siteEvent();
    const before = smtp.accepted.length + smtp.refused;
    // The server holds the message until released, after the answer: a route that awaited the send
    // would never answer, and this test would time out.
    const reg = await register(api, eventId, 'Ayesha Siddiqua', 'ayesha@example.com');
    await smtp.arrived(before + 1);
    const [inFlight] = await outboxOf(api, reg.ticket);
    expect(inFlight!.sentAt).toBeNull();
    expect(inFlight!.leaseUntil).toBeInstanceOf(Date);

    smtp.release();
    await api.deps.mail.idle();
    expect(arrivedFor('ayesha@example.com')).toHaveLength(1);
    const [sent] = await outboxOf(api, reg.ticket);
    expect(sent!.sentAt).toBeInstanceOf(Date);
  });
});

describe('the local server’s timers', () => {
  it('retry due mail every minute and delete expired data every day', async () => {
    smtp.mode = 'refuse';
    const eventId = await siteEvent();
    const reg = await register(api, eventId, 'Timer Guest', 'timer@example.com');
    await api.deps.mail.idle();
    smtp.mode = 'accept';
    clock.advance(61_000);
    const lines: string[] = [];
    // Only the intervals are faked: the database and the SMTP server keep their own timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const jobs = startLocalJobs(api.deps, (line) => lines.push(line));
      vi.advanceTimersByTime(LOCAL_MAIL_INTERVAL_MS - 1);
      await api.deps.mail.idle();
      expect(arrivedFor('timer@example.com')).toEqual([]);
      vi.advanceTimersByTime(1);
      await api.deps.mail.idle();
      expect(arrivedFor('timer@example.com')).toHaveLength(1);

      const date = new Date(clock.now().getTime() - 400 * 86_400_000).toISOString().slice(0, 10);
      await api.db.updateTable('events').set({ eventDate: date }).where('id', '=', eventId).execute();
      vi.advanceTimersByTime(LOCAL_RETENTION_INTERVAL_MS - LOCAL_MAIL_INTERVAL_MS);
      await jobs.stop();
      expect(await api.db.selectFrom('registrations').select('id').where('ticket', '=', reg.ticket).execute()).toEqual(
        [],
      );
      expect(lines).toContain('Deleted 1 registration of events past their retention time');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('two deliveries at once', () => {
  it('never claim the same message, nor send one twice', async () => {
    const eventId = await siteEvent();
    const created = clock.now();
    const ids = await api.db
      .insertInto('registrations')
      .values(
        Array.from({ length: 24 }, (_, i) => ({
          eventId,
          ticket: `concurrent-ticket-${i}-${eventId}`,
          fullName: `Guest ${i}`,
          email: `guest${i}@example.com`,
          status: 'confirmed' as const,
          createdAt: created,
          updatedAt: created,
        })),
      )
      .returning('id')
      .execute();
    for (const { id } of ids) await enqueueEmail(api.db, { kind: 'registered', registrationId: id });
    const due = { now: clock.now(), limit: 10, leaseMs: 120_000, maxAttempts: MAX_ATTEMPTS };

    // Two claims at once take disjoint messages; a third at the same moment finds the rest only.
    const [a, b] = await Promise.all([claimDueEmail(api.db, due), claimDueEmail(api.db, due)]);
    const claimed = [...a, ...b].map((m) => m.id);
    expect(a).toHaveLength(10);
    expect(b).toHaveLength(10);
    expect(new Set(claimed).size).toBe(20);
    const rest = await claimDueEmail(api.db, { ...due, limit: 50 });
    expect(rest).toHaveLength(4);
    expect(rest.some((m) => claimed.includes(m.id))).toBe(false);

    // Their leases run out (they were never sent); two mailers (two processes) then deliver at once.
    clock.advance(121_000);
    const before = smtp.accepted.length;
    const mailerOf = () => createMailer({ db: api.db, config: api.deps.config, now: clock.now, site: api.deps.site });
    const [one, two] = [mailerOf(), mailerOf()];
    const reports = await Promise.all([one.deliver(), two.deliver()]);
    one.close();
    two.close();
    expect(reports[0].sent + reports[1].sent).toBe(24);
    const recipients = smtp.accepted.slice(before).map((m) => (Array.isArray(m.to) ? '' : m.to?.text));
    expect(recipients).toHaveLength(24);
    expect(new Set(recipients).size).toBe(24);
  });
});

describe('a slow batch', () => {
  it('hands back what its lease no longer covers, unspent, for the next run', async () => {
    const eventId = await siteEvent();
    const created = clock.now();
    const ids = await api.db
      .insertInto('registrations')
      .values(
        [0, 1, 2].map((i) => ({
          eventId,
          ticket: `slow-batch-ticket-${i}-${eventId}`,
          fullName: `Slow ${i}`,
          email: `slow${i}@example.com`,
          status: 'confirmed' as const,
          createdAt: created,
          updatedAt: created,
        })),
      )
      .returning('id')
      .execute();
    for (const { id } of ids) await enqueueEmail(api.db, { kind: 'registered', registrationId: id });
    // Each send takes 90 s of the 2-minute lease: after the first, too little is left for another.
    const smtpTransport = await createSmtpTransport(smtp.url);
    const slow = {
      send: async (mail: Parameters<typeof smtpTransport.send>[0]) => {
        await smtpTransport.send(mail);
        clock.advance(90_000);
      },
      close: () => smtpTransport.close(),
    };
    const options = { transport: slow, from: FROM, origin: api.origin, now: clock.now };
    expect(await deliverDueEmail(api.db, options)).toEqual({ sent: 1, failed: 0, dropped: 0, held: 0 });
    const rows = await api.db
      .selectFrom('emailOutbox')
      .select(['attempts', 'sentAt', 'leaseUntil'])
      .where(
        'registrationId',
        'in',
        ids.map((r) => r.id),
      )
      .orderBy('createdAt')
      .execute();
    expect(rows.filter((r) => r.sentAt !== null)).toHaveLength(1);
    expect(rows.filter((r) => r.sentAt === null)).toEqual([
      { attempts: 0, sentAt: null, leaseUntil: null },
      { attempts: 0, sentAt: null, leaseUntil: null },
    ]);
    // The next run sends the rest, one a run, each once.
    expect(await deliverDueEmail(api.db, options)).toMatchObject({ sent: 1 });
    expect(await deliverDueEmail(api.db, options)).toMatchObject({ sent: 1 });
    expect(await deliverDueEmail(api.db, options)).toMatchObject({ sent: 0 });
    slow.close();
    for (const i of [0, 1, 2]) expect(arrivedFor(`slow${i}@example.com`)).toHaveLength(1);
  });
});

describe('personal data past its time', () => {
  /** Moves an event's date this many days before the test clock's today. */
  const moveBack = async (eventId: string, days: number) => {
    const date = new Date(clock.now().getTime() - days * 86_400_000).toISOString().slice(0, 10);
    await api.db.updateTable('events').set({ eventDate: date }).where('id', '=', eventId).execute();
  };
  const stored = async (ticket: string) =>
    (await api.db.selectFrom('registrations').select('id').where('ticket', '=', ticket).execute()).length === 1;

  it('is deleted with its queued mail by the scheduled jobs, a recent event’s kept', async () => {
    smtp.mode = 'refuse';
    const oldEvent = await siteEvent();
    const recentEvent = await siteEvent();
    const old = await register(api, oldEvent, 'Old Guest', 'old@example.com');
    const recent = await register(api, recentEvent, 'Recent Guest', 'recent@example.com');
    await api.deps.mail.idle();
    smtp.mode = 'accept';
    // REGISTRATION_RETENTION_DAYS is 365: the old event ended 400 days ago, the recent one 10.
    await moveBack(oldEvent, 400);
    await moveBack(recentEvent, 10);
    expect(await outboxOf(api, old.ticket)).toHaveLength(1);
    clock.advance(61_000);

    const report = await runScheduledJobs(api.deps);
    expect(report.retention).toBe(1);
    expect(await stored(old.ticket)).toBe(false);
    expect(await outboxOf(api, old.ticket)).toEqual([]);
    expect((await api.call(`/tickets/${old.ticket}`)).status).toBe(404);
    // The recent one's refused ticket went out on the same run.
    expect(report.mail).toMatchObject({ sent: 1 });
    expect(arrivedFor('recent@example.com')).toHaveLength(1);
    expect(await stored(recent.ticket)).toBe(true);
  });

  it('is deleted at start-up too (bootstrap), as the log says', async () => {
    const eventId = await siteEvent();
    const reg = await register(api, eventId, 'Start-up Guest', 'startup@example.com');
    await api.deps.mail.idle();
    await moveBack(eventId, 366);
    const result = await bootstrap(api.db, api.deps.config, clock.now());
    expect(result).toEqual({ deletedRegistrations: 1 });
    expect(describeBootstrap(result)).toEqual([
      'Deleted 1 registration of events more than REGISTRATION_RETENTION_DAYS past.',
    ]);
    expect(await stored(reg.ticket)).toBe(false);
  });
});

describe('without SMTP_URL', () => {
  const plainSetUp = useTestApi({ now: clock.now, admin: false });
  let plain: TestApi;
  beforeAll(() => {
    plain = plainSetUp.api;
  });

  it('registers as usual, and leaves the message queued, unclaimed', async () => {
    expect(plain.deps.config.mail.smtpUrl).toBeUndefined();
    expect(plain.deps.mail.enabled).toBe(false);
    const token = (
      (await (
        await plain.call('/auth/login', json('POST', { email: 'admin@test.example', password: 'admin-password-123' }))
      ).json()) as {
        token: string;
      }
    ).token;
    const eventId = (await registration.siteEvent(plain, token)).id;
    const before = smtp.accepted.length;
    const reg = await register(plain, eventId, 'Imran Hossain', 'imran@example.com');
    expect(reg.status).toBe('confirmed');
    await plain.deps.mail.idle();
    expect(await plain.deps.mail.deliver()).toEqual({ sent: 0, failed: 0, dropped: 0, held: 0 });
    const [row] = await outboxOf(plain, reg.ticket);
    expect(row).toMatchObject({ kind: 'registered', attempts: 0, sentAt: null, leaseUntil: null, lastError: null });
    expect(smtp.accepted.length).toBe(before);
  });
});
