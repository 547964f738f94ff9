import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import type { PageCache } from '../../src/server/caching/page-cache.ts';
import { runScheduledJobs } from '../../src/server/jobs/scheduled-jobs.ts';
import { SEAT_RELEASED } from '../../src/lib/registration/email-confirmation.ts';
import { CONFIRM_NEEDS_MAIL } from '../../src/server/services/registrations.service.ts';
import type { RegistrationResult, RegistrationSummary, TicketView } from '../../src/lib/types.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, sampleEvent, type TestApi } from '../support/api-server.ts';
import { testClock } from '../support/clock.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';

/**
 * "Confirm by e-mail": an event may hold each new seat until the link in its e-mail is used. The
 * setting needs e-mail; a held seat is kept by confirming, and released to the first on the waitlist
 * when its time runs out (on the next registration, seat count, confirmation or scheduled run; the
 * clock is moved, nobody waits). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

/** The tags purged, in order: a release must drop the event's cached seat count. */
const purged: string[] = [];
const recordingCache: PageCache = {
  purge: async (tags) => {
    purged.push(...tags);
  },
};

// 09:00 in Dhaka, days before the sample event: a seat given from the waitlist is held for the plain
// hold time by day (at night it would wait for the morning: people-mails.test.ts).
const clock = testClock({ start: new Date('2030-03-01T03:00:00Z') });
const setUp = useTestApi({
  chapters: { alpha: 'Alpha Chapter' },
  now: clock.now,
  pageCache: recordingCache,
  config: () => ({ mail: { smtpUrl: smtp.url, from: 'Events <events@ieeecsbdc.test>', linkOrigin: undefined } }),
});
let api: TestApi;
let alpha: TestChapter;
/** The same API in process, each registrant from an address of its own (the per-address limit is not tested here). */
let app: ReturnType<typeof createApi>;
/** The same API and database with e-mail off. */
let mailless: ReturnType<typeof createApi>;
beforeAll(() => {
  ({ api } = setUp);
  ({ alpha } = setUp.chapters);
  app = createApi(api.deps);
  mailless = createApi({ ...api.deps, mail: { ...api.deps.mail, enabled: false } });
});
beforeEach(() => {
  purged.length = 0;
});

const MINUTE = 60_000;
let addressCounter = 0;
const call = (target: ReturnType<typeof createApi>, path: string, init: RequestInit = {}) => {
  addressCounter += 1;
  return target.request(`/api/v1${path}`, init, {
    incoming: { socket: { remoteAddress: `10.9.${addressCounter >> 8}.${addressCounter & 255}` } },
  });
};

let eventCount = 0;
async function confirmingEvent(capacity: number | null, holdMinutes?: number): Promise<string> {
  const res = await call(
    app,
    '/events',
    json(
      'POST',
      sampleEvent({
        title: `Rust Workshop ${++eventCount}`,
        registration: { mode: 'site', capacity, confirmByEmail: true, ...(holdMinutes ? { holdMinutes } : {}) },
      }),
      alpha.token,
    ),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { event: { _id: string } }).event._id;
}

async function register(eventId: string, name: string, target = app): Promise<RegistrationResult> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${eventId.slice(0, 8)}@example.org`;
  const res = await call(
    target,
    `/events/${eventId}/registrations`,
    json('POST', { fullName: name, email, institution: 'BUET', consent: true }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as RegistrationResult;
}

const ticketOf = async (ticket: string) => {
  const res = await call(app, `/tickets/${ticket}`);
  expect(res.status).toBe(200);
  return (await res.json()) as TicketView;
};
const confirm = (ticket: string) => call(app, `/tickets/${ticket}/confirm`, { method: 'POST' });
const summary = async (eventId: string) =>
  (await (await call(app, `/events/${eventId}/registration`)).json()) as RegistrationSummary;
const mailOf = (ticket: string) =>
  api.db
    .selectFrom('emailOutbox as o')
    .innerJoin('registrations as r', 'r.id', 'o.registrationId')
    .select('o.kind')
    .where('r.ticket', '=', ticket)
    .orderBy('o.createdAt')
    .execute();
const auditOf = (name: string) =>
  api.db
    .selectFrom('auditLog')
    .select(['accountId', 'accountName', 'accountEmail', 'action', 'changes'])
    .where('entityName', '=', name)
    .execute();

describe('the setting', () => {
  it('is refused while the site sends no e-mail, and changes nothing', async () => {
    const create = await call(
      mailless,
      '/events',
      json(
        'POST',
        sampleEvent({ title: 'No Mail Day', registration: { mode: 'site', confirmByEmail: true } }),
        alpha.token,
      ),
    );
    expect(create.status).toBe(409);
    expect(await create.json()).toMatchObject({
      message: CONFIRM_NEEDS_MAIL,
      errors: [{ path: 'registration.confirmByEmail', message: CONFIRM_NEEDS_MAIL }],
    });
    expect(await api.db.selectFrom('events').select('id').where('title', '=', 'No Mail Day').execute()).toEqual([]);

    const plain = await call(
      mailless,
      '/events',
      json('POST', sampleEvent({ title: 'Plain Day', registration: { mode: 'site' } }), alpha.token),
    );
    const { event } = (await plain.json()) as { event: { _id: string } };
    const edit = await call(
      mailless,
      `/events/${event._id}`,
      json('PATCH', { registration: { confirmByEmail: true } }, alpha.token),
    );
    expect(edit.status).toBe(409);
    const stored = await call(app, `/events/${event._id}`);
    expect(((await stored.json()) as { event: { registration: unknown } }).event.registration).toMatchObject({
      confirmByEmail: false,
      holdMinutes: 30,
    });
  });

  it('is taken with e-mail on, its hold time bounded, and the session tells the form whether mail is on', async () => {
    const eventId = await confirmingEvent(10, 45);
    const res = await call(app, `/events/${eventId}`);
    expect(((await res.json()) as { event: { registration: unknown } }).event.registration).toMatchObject({
      confirmByEmail: true,
      holdMinutes: 45,
    });
    const tooShort = await call(
      app,
      `/events/${eventId}`,
      json('PATCH', { registration: { holdMinutes: 2 } }, alpha.token),
    );
    expect(tooShort.status).toBe(400);
    expect(JSON.stringify(await tooShort.json())).toContain('The time to confirm must be at least 5 minutes');

    const session = async (target: ReturnType<typeof createApi>) =>
      (
        (await (await call(target, '/auth/session', json('GET', undefined, alpha.token))).json()) as {
          mailEnabled: boolean;
        }
      ).mailEnabled;
    expect(await session(app)).toBe(true);
    expect(await session(mailless)).toBe(false);
  });

  it('asks nothing of registrants while e-mail is off, though the event has it on', async () => {
    const eventId = await confirmingEvent(5);
    const reg = await register(eventId, 'Offline Olivia', mailless);
    expect(reg.confirmation).toBeUndefined();
    expect((await ticketOf(reg.ticket)).confirmation).toBeUndefined();
    const seen = (await (await call(mailless, `/events/${eventId}/registration`)).json()) as RegistrationSummary;
    expect(seen.confirmByEmail).toBe(false);
  });
});

describe('a held seat', () => {
  it('is held until the e-mail is confirmed; confirming keeps it, twice the same', async () => {
    const eventId = await confirmingEvent(2);
    expect(await summary(eventId)).toMatchObject({ confirmByEmail: true, holdMinutes: 30, seatsLeft: 2 });
    const reg = await register(eventId, 'Held Hasan');
    const holdUntil = new Date(clock.now().getTime() + 30 * MINUTE);
    expect(reg.status).toBe('confirmed');
    expect(reg.confirmation?.state).toBe('pending');
    const until = Date.parse((reg.confirmation as { holdUntil: string }).holdUntil);
    expect(Math.abs(until - holdUntil.getTime())).toBeLessThan(5_000);
    expect(await mailOf(reg.ticket)).toEqual([{ kind: 'registered' }]);
    expect(await ticketOf(reg.ticket)).toMatchObject({ status: 'confirmed', confirmation: { state: 'pending' } });
    expect(await summary(eventId)).toMatchObject({ confirmed: 1, seatsLeft: 1 });

    const res = await confirm(reg.ticket);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ confirmation: { state: 'confirmed' } });
    expect((await confirm(reg.ticket)).status).toBe(200);

    clock.advance(31 * MINUTE);
    expect(await ticketOf(reg.ticket)).toMatchObject({ status: 'confirmed', confirmation: { state: 'confirmed' } });
    expect(await summary(eventId)).toMatchObject({ confirmed: 1, seatsLeft: 1 });
  });

  it('is e-mailed with the link and the time to confirm by; a message due after the hold is not sent', async () => {
    const eventId = await confirmingEvent(3);
    const reg = await register(eventId, 'Mailed Mitu');
    await api.deps.mail.idle();
    const address = `mailed.mitu.${eventId.slice(0, 8)}@example.org`;
    const [mail, ...more] = smtp.accepted.filter(
      (m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === address,
    );
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Confirm your seat: Rust Workshop ${eventCount}`);
    expect(mail!.text).toContain('open your ticket and choose “Confirm my e-mail” before then');
    expect(mail!.text).toContain(`/tickets/${reg.ticket}`);

    // Queued again, but due only after the hold ran out: dropped, not sent.
    const late = await register(eventId, 'Late Mail Lina');
    await api.deps.mail.idle();
    const sentBefore = smtp.accepted.length;
    const { id } = await api.db
      .selectFrom('registrations')
      .select('id')
      .where('ticket', '=', late.ticket)
      .executeTakeFirstOrThrow();
    await api.db.insertInto('emailOutbox').values({ kind: 'registered', registrationId: id }).execute();
    clock.advance(31 * MINUTE);
    const report = await api.deps.mail.deliver();
    expect(report).toMatchObject({ sent: 0, dropped: 1 });
    expect(smtp.accepted.length).toBe(sentBefore);
  });

  it('not confirmed in time, goes to the first on the waitlist, who is mailed and holds it in turn', async () => {
    const eventId = await confirmingEvent(1);
    const first = await register(eventId, 'Slow Sadia');
    const second = await register(eventId, 'Waiting Wasim');
    expect(second.status).toBe('waitlisted');
    expect(second.confirmation).toEqual({ state: 'pending', holdUntil: null });
    expect(await summary(eventId)).toMatchObject({ confirmed: 1, waitlisted: 1, seatsLeft: 0 });

    clock.advance(30 * MINUTE + 1_000);
    // The ticket reads as released at once, before anything ran.
    expect(await ticketOf(first.ticket)).toMatchObject({ status: 'cancelled', confirmation: { state: 'released' } });
    purged.length = 0;
    // Counting the seats releases it: the summary follows, and its cached copy is purged.
    expect(await summary(eventId)).toMatchObject({ confirmed: 1, waitlisted: 0, seatsLeft: 0 });
    expect(purged).toContain(`registration-${eventId}`);

    const promoted = await ticketOf(second.ticket);
    expect(promoted).toMatchObject({ status: 'confirmed', confirmation: { state: 'pending' } });
    const heldUntil = Date.parse((promoted.confirmation as { holdUntil: string }).holdUntil);
    expect(Math.abs(heldUntil - (clock.now().getTime() + 30 * MINUTE))).toBeLessThan(5_000);
    // (Its waitlist message may have been dropped unsent by then: it no longer tells the truth.)
    expect(await mailOf(second.ticket)).toContainEqual({ kind: 'promoted' });

    const late = await confirm(first.ticket);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ message: SEAT_RELEASED });
    const rows = await api.db
      .selectFrom('registrations')
      .select(['ticket', 'status', 'holdReleasedAt'])
      .where('eventId', '=', eventId)
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => [r.ticket, r.status, r.holdReleasedAt !== null])).toEqual([
      [first.ticket, 'cancelled', true],
      [second.ticket, 'confirmed', false],
    ]);

    // The release is in the trail, as the system's (nobody signed in did it).
    const title = `Rust Workshop ${eventCount} registration`;
    expect(await auditOf(title)).toEqual([
      expect.objectContaining({
        accountId: null,
        accountName: 'System',
        action: 'update',
        changes: { status: { from: 'confirmed', to: 'cancelled' } },
      }),
    ]);
  });

  it('someone who confirmed while waiting gets a freed seat without a hold', async () => {
    const eventId = await confirmingEvent(1);
    const first = await register(eventId, 'Never Nadia');
    const second = await register(eventId, 'Ready Rafi');
    expect((await confirm(second.ticket)).status).toBe(200);
    expect((await ticketOf(second.ticket)).confirmation).toEqual({ state: 'confirmed' });

    clock.advance(30 * MINUTE + 1_000);
    // The next registration releases the seat before it counts: the waiting one gets it, the newcomer waits.
    const third = await register(eventId, 'Late Lamia');
    expect(third.status).toBe('waitlisted');
    expect(await ticketOf(first.ticket)).toMatchObject({ status: 'cancelled', confirmation: { state: 'released' } });
    expect(await ticketOf(second.ticket)).toMatchObject({ status: 'confirmed', confirmation: { state: 'confirmed' } });
    clock.advance(60 * MINUTE);
    expect(await summary(eventId)).toMatchObject({ confirmed: 1, waitlisted: 1 });
  });

  it('is released by the scheduled job too', async () => {
    const eventId = await confirmingEvent(1, 10);
    const first = await register(eventId, 'Job Jamal');
    const second = await register(eventId, 'Next Nabila');
    clock.advance(10 * MINUTE + 1_000);
    purged.length = 0;
    const report = await runScheduledJobs({ ...api.deps, pageCache: recordingCache });
    expect(report.holds).toBeGreaterThanOrEqual(1);
    expect(purged).toContain(`registration-${eventId}`);
    const rows = await api.db
      .selectFrom('registrations')
      .select(['ticket', 'status'])
      .where('eventId', '=', eventId)
      .orderBy('seq')
      .execute();
    expect(rows).toEqual([
      { ticket: first.ticket, status: 'cancelled' },
      { ticket: second.ticket, status: 'confirmed' },
    ]);
    // (Its waitlist message may have been dropped unsent by then: it no longer tells the truth.)
    expect(await mailOf(second.ticket)).toContainEqual({ kind: 'promoted' });
  });

  it('is kept by someone checked in at the door, confirmed or not', async () => {
    const eventId = await confirmingEvent(1);
    const reg = await register(eventId, 'Door Dipa');
    await api.db
      .updateTable('registrations')
      .set({ checkedInAt: clock.now() })
      .where('ticket', '=', reg.ticket)
      .execute();
    clock.advance(31 * MINUTE);
    expect(await summary(eventId)).toMatchObject({ confirmed: 1, seatsLeft: 0 });
    expect(await ticketOf(reg.ticket)).toMatchObject({ status: 'confirmed', confirmation: { state: 'pending' } });
  });

  it('shows to staff as waiting for its e-mail, in the list and the CSV', async () => {
    const eventId = await confirmingEvent(1);
    const held = await register(eventId, 'Staff Sumi');
    await register(eventId, 'Queue Quazi');
    const list = async () => {
      const res = await call(app, `/events/${eventId}/registrations`, json('GET', undefined, alpha.token));
      return (
        (await res.json()) as {
          registrations: {
            fullName: string;
            emailConfirmation: string | null;
            holdUntil: string | null;
            holdReleasedAt: string | null;
          }[];
        }
      ).registrations;
    };
    const [first, second] = await list();
    expect(first).toMatchObject({ fullName: 'Staff Sumi', emailConfirmation: 'pending' });
    expect(first!.holdUntil).not.toBeNull();
    expect(second).toMatchObject({ fullName: 'Queue Quazi', emailConfirmation: 'pending', holdUntil: null });
    const csv = await (
      await call(app, `/events/${eventId}/registrations.csv`, json('GET', undefined, alpha.token))
    ).text();
    expect(csv).toContain('Confirmed (e-mail not confirmed; seat held until');
    expect(csv).toContain('Waitlisted (e-mail not confirmed)');

    clock.advance(31 * MINUTE);
    await summary(eventId);
    const [released] = await list();
    expect(released!.holdReleasedAt).not.toBeNull();
    const after = await (
      await call(app, `/events/${eventId}/registrations.csv`, json('GET', undefined, alpha.token))
    ).text();
    expect(after).toContain('Cancelled (seat released: e-mail not confirmed in time)');
    expect(held.ticket).toBeTruthy();
  });

  it('turning the setting off keeps held seats and asks no more', async () => {
    const eventId = await confirmingEvent(1);
    const reg = await register(eventId, 'Kept Kamal');
    const off = await call(
      app,
      `/events/${eventId}`,
      json('PATCH', { registration: { confirmByEmail: false } }, alpha.token),
    );
    expect(off.status).toBe(200);
    expect((await ticketOf(reg.ticket)).confirmation).toBeUndefined();
    clock.advance(31 * MINUTE);
    expect(await ticketOf(reg.ticket)).toMatchObject({ status: 'confirmed' });
    expect(await summary(eventId)).toMatchObject({ confirmByEmail: false, confirmed: 1 });
  });

  it('a confirm for an unknown ticket is 404, for one that asked nothing 409', async () => {
    expect((await confirm('A'.repeat(32))).status).toBe(404);
    expect((await confirm('not-a-ticket')).status).toBe(404);
    const plain = await call(
      app,
      '/events',
      json('POST', sampleEvent({ title: 'Plain Mail Day', registration: { mode: 'site' } }), alpha.token),
    );
    const { event } = (await plain.json()) as { event: { _id: string } };
    const reg = await register(event._id, 'Plain Parvez');
    expect(reg.confirmation).toBeUndefined();
    const res = await confirm(reg.ticket);
    expect(res.status).toBe(409);
    expect((await ticketOf(reg.ticket)).confirmation).toBeUndefined();
  });
});
