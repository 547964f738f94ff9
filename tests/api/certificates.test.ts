import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import type { PageCache } from '../../src/server/caching/page-cache.ts';
import {
  LOCAL_CERTIFICATES_INTERVAL_MS,
  runScheduledJobs,
  startLocalJobs,
} from '../../src/server/jobs/scheduled-jobs.ts';
import { findCertificate } from '../../src/server/services/certificates.service.ts';
import { deletePersonalDataOfPastEvents } from '../../src/server/services/registrations.service.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, sampleEvent, type TestApi } from '../support/api-server.ts';
import { attendanceHelpers } from '../support/attendance.ts';

/**
 * Certificates of attendance. Staff issue them for everyone checked in (again and
 * again: only the new ones get one), or they are issued by themselves once the event has ended; the
 * ticket then links to its certificate's verify page; staff withdraw one with a reason; retention
 * leaves certificates with their copy of the name. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
const START = new Date('2030-03-01T00:00:00Z');
let clock = START;
const purged: string[][] = [];
const recording: PageCache = { purge: async (tags) => void purged.push([...tags]) };
const setUp = useTestApi({
  chapters: { alpha: 'Alpha Chapter', beta: 'Beta Chapter' },
  now: () => clock,
  pageCache: recording,
});
let api: TestApi;
let app: ReturnType<typeof createApi>;
let admin: string;
let alpha: TestChapter;
let beta: TestChapter;
beforeAll(() => {
  ({ api, admin } = setUp);
  ({ alpha, beta } = setUp.chapters);
  app = createApi({ ...api.deps, now: () => clock });
});
beforeEach(() => {
  clock = START;
  purged.length = 0;
});
const { createEvent, register, checkIn } = attendanceHelpers(
  () => api,
  () => app,
);

const issue = (eventId: string, token: string | undefined = alpha.token) =>
  api.call(`/events/${eventId}/certificates`, json('POST', undefined, token));
const list = async (eventId: string, token = alpha.token) =>
  (await (await api.call(`/events/${eventId}/certificates`, json('GET', undefined, token))).json()).certificates as {
    id: string;
    fullName: string;
    registrationId: string | null;
    withdrawnAt: string | null;
    verifyUrl: string;
  }[];
const withdraw = (id: string, body: unknown, token: string | undefined = alpha.token) =>
  api.call(`/certificates/${id}`, json('PATCH', body, token));
const ticketView = async (ticket: string) => (await api.call(`/tickets/${ticket}`)).json();
const certificateAudit = () =>
  api.db.selectFrom('auditLog').selectAll().where('entityType', '=', 'certificate').orderBy('at').execute();

/**
 * An event with two attendees checked in on its day (one with a Bangla name) and one no-show; the clock
 * is left at the event's end (13:00 in Dhaka, the sample event's), when certificates can be issued.
 */
async function attendedEvent(overrides: Record<string, unknown> = {}) {
  clock = START; // registration is open before the event
  const event = await createEvent(alpha.token, { title: 'Certified Workshop', ...overrides });
  const day = String(overrides.eventDate ?? sampleEvent().eventDate);
  const bangla = await register(event.id, { fullName: 'তাসনিম রহমান', email: 'tasnim@example.org' });
  const english = await register(event.id, { fullName: 'Arif Hossain', email: 'arif@example.org' });
  const noShow = await register(event.id, { fullName: 'Nobody Came', email: 'nobody@example.org' });
  clock = new Date(`${day}T04:05:00Z`);
  for (const { ticket } of [bangla, english])
    expect((await checkIn(event.id, { ticket }, alpha.token)).status).toBe(200);
  clock = new Date(`${day}T07:00:00Z`);
  return { event, bangla, english, noShow };
}

describe('the event’s certificate settings', () => {
  it('default to automatic and unsigned, are set on creation and merged field by field on edits', async () => {
    const plain = await createEvent(alpha.token);
    expect(plain.certificates).toEqual({ auto: true, signatoryName: null, signatoryTitle: null });
    const signed = await createEvent(alpha.token, {
      certificates: { auto: false, signatoryName: 'ড. করিম', signatoryTitle: 'Chair' },
    });
    expect(signed.certificates).toEqual({ auto: false, signatoryName: 'ড. করিম', signatoryTitle: 'Chair' });
    const res = await api.call(
      `/events/${signed.id}`,
      json('PATCH', { certificates: { signatoryTitle: 'Past Chair' } }, alpha.token),
    );
    expect((await res.json()).event.certificates).toEqual({
      auto: false,
      signatoryName: 'ড. করিম',
      signatoryTitle: 'Past Chair',
    });
  });

  it.each([
    ['certificates.auto', { auto: 'yes' }],
    ['certificates.signatoryName', { signatoryName: 'x'.repeat(121) }],
    ['certificates.signatoryTitle', { signatoryTitle: 42 }],
  ])('refuses a bad %s with 400', async (path, certificates) => {
    const res = await api.call('/events', json('POST', sampleEvent({ certificates }), alpha.token));
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: { path: string }) => e.path)).toContain(path);
  });
});

describe('issuing certificates', () => {
  it('gives everyone checked in one, once, in one audited action; the ticket then links to its verify page', async () => {
    const { event, bangla, english, noShow } = await attendedEvent();
    const res = await issue(event.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = await res.json();
    expect(body.issued).toBe(2);
    // This server sends no e-mail: the answer promises none.
    expect(body.message).toBe('2 certificates issued');
    expect(body.certificates.map((c: { fullName: string }) => c.fullName).sort()).toEqual([
      'Arif Hossain',
      'তাসনিম রহমান',
    ]);

    // Again: nobody new, nothing issued, nothing recorded.
    expect((await (await issue(event.id)).json()).issued).toBe(0);
    expect(await list(event.id)).toHaveLength(2);
    const trail = await certificateAudit();
    expect(trail.filter((r) => r.entityId === event.id).map((r) => [r.action, r.entityName, r.changes])).toEqual([
      ['create', 'Certified Workshop certificates', { issued: { to: 2 } }],
    ]);
    expect(JSON.stringify(trail)).not.toMatch(/তাসনিম|Arif/);

    const ticket = await ticketView(bangla.ticket);
    const mine = (await list(event.id)).find((c) => c.fullName === 'তাসনিম রহমান')!;
    expect(ticket.certificate).toEqual({ id: mine.id, verifyUrl: `${api.origin}/verify/${mine.id}` });
    expect(mine.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await ticketView(noShow.ticket)).certificate).toBeUndefined();

    // Someone checked in later gets theirs from the next issue.
    await checkIn(event.id, { ticket: noShow.ticket }, alpha.token);
    expect((await (await issue(event.id)).json()).issued).toBe(1);
    expect((await ticketView(english.ticket)).certificate.id).not.toBe(mine.id);
  });

  it('is found for its verify page: name, event, chapter, signatory; unknown and malformed ids are not', async () => {
    const { event } = await attendedEvent({
      title: 'Verified Talk',
      certificates: { auto: true, signatoryName: 'Dr. Salma', signatoryTitle: 'Chair' },
    });
    await issue(event.id);
    const mine = (await list(event.id)).find((c) => c.fullName === 'তাসনিম রহমান')!;
    expect(await findCertificate(api.db, mine.id)).toEqual({
      id: mine.id,
      fullName: 'তাসনিম রহমান',
      event: {
        id: event.id,
        title: 'Verified Talk',
        eventDate: '2030-03-10',
        startTime: '10:00',
        endTime: '13:00',
        location: 'BUET Auditorium, Dhaka',
        chapterName: 'Alpha Chapter',
        chapterSlug: 'alpha',
      },
      signatoryName: 'Dr. Salma',
      signatoryTitle: 'Chair',
      issuedAt: '2030-03-10T07:00:00.000Z',
      withdrawnAt: null,
      withdrawnReason: null,
    });
    expect(await findCertificate(api.db, 'A'.repeat(22))).toBeUndefined();
    expect(await findCertificate(api.db, "x' or 1=1")).toBeUndefined();
  });

  it('refuses before the event has ended with 409 saying when, and issues nothing', async () => {
    const { event, bangla } = await attendedEvent({ title: 'Not Over Yet' });
    const trailBefore = (await certificateAudit()).length;
    // 12:59 in Dhaka, a minute before the end.
    clock = new Date('2030-03-10T06:59:00Z');
    const res = await issue(event.id);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(
      'Certificates can be issued once the event has ended (Sunday, 10 March, 1:00 PM)',
    );
    expect(await list(event.id)).toEqual([]);
    expect((await ticketView(bangla.ticket)).certificate).toBeUndefined();
    expect(await certificateAudit()).toHaveLength(trailBefore);
    // At the end: issued.
    clock = new Date('2030-03-10T07:00:00Z');
    expect((await (await issue(event.id)).json()).issued).toBe(2);
  });

  it('gives each attendee one certificate when two staff issue at once', async () => {
    const { event } = await attendedEvent();
    const answers = await Promise.all([issue(event.id), issue(event.id, admin)].map(async (r) => (await r).json()));
    expect(answers.map((a) => a.issued).reduce((a, b) => a + b)).toBe(2);
    expect(await list(event.id)).toHaveLength(2);
  });

  it('is for the event’s chapter and admins only', async () => {
    const { event } = await attendedEvent();
    expect((await api.call(`/events/${event.id}/certificates`, { method: 'POST' })).status).toBe(401);
    expect((await issue(event.id, beta.token)).status).toBe(403);
    expect((await api.call(`/events/${event.id}/certificates`, json('GET', undefined, beta.token))).status).toBe(403);
    expect(await list(event.id)).toEqual([]);
    expect((await issue(event.id, admin)).status).toBe(200);
  });
});

describe('withdrawing a certificate', () => {
  it('says why on its verify page, takes it off the ticket, purges its page and is audited once', async () => {
    const { event, bangla } = await attendedEvent({ title: 'Withdrawn Event' });
    await issue(event.id);
    const mine = (await list(event.id)).find((c) => c.fullName === 'তাসনিম রহমান')!;
    clock = new Date('2030-03-12T00:00:00Z');
    const res = await withdraw(mine.id, { withdrawn: true, reason: 'Left before the sessions began' });
    expect(res.status).toBe(200);
    expect((await res.json()).certificate).toMatchObject({
      id: mine.id,
      withdrawnAt: '2030-03-12T00:00:00.000Z',
      withdrawnReason: 'Left before the sessions began',
    });
    expect(purged).toContainEqual([`certificate-${mine.id}`]);
    expect(await findCertificate(api.db, mine.id)).toMatchObject({
      withdrawnAt: '2030-03-12T00:00:00.000Z',
      withdrawnReason: 'Left before the sessions began',
    });
    expect((await ticketView(bangla.ticket)).certificate).toBeUndefined();
    // Issuing again does not undo it.
    expect((await (await issue(event.id)).json()).issued).toBe(0);

    // Again: nothing changes, nothing recorded, nothing purged.
    purged.length = 0;
    clock = new Date('2030-03-13T00:00:00Z');
    expect((await withdraw(mine.id, { withdrawn: true, reason: 'Another reason' })).status).toBe(200);
    expect(purged).toEqual([]);
    expect((await findCertificate(api.db, mine.id))?.withdrawnReason).toBe('Left before the sessions began');
    const trail = (await certificateAudit()).filter((r) => r.entityId === mine.id);
    expect(trail.map((r) => [r.action, r.entityName, r.fields, r.changes])).toEqual([
      [
        'update',
        'Withdrawn Event certificate',
        ['reason', 'withdrawn'],
        {
          reason: { from: null, to: 'Left before the sessions began' },
          withdrawn: { from: false, to: true },
        },
      ],
    ]);
  });

  it('refuses a missing reason with 400, another chapter with 403, an unknown certificate with 404', async () => {
    const { event } = await attendedEvent();
    await issue(event.id);
    const [first] = await list(event.id);
    const noReason = await withdraw(first!.id, { withdrawn: true, reason: '  ' });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).errors.map((e: { path: string }) => e.path)).toEqual(['reason']);
    const notTrue = await withdraw(first!.id, { withdrawn: false, reason: 'x' });
    expect(notTrue.status).toBe(400);
    expect((await notTrue.json()).errors.map((e: { path: string }) => e.path)).toEqual(['withdrawn']);
    expect((await withdraw(first!.id, { withdrawn: true, reason: 'x' }, beta.token)).status).toBe(403);
    expect((await api.call(`/certificates/${first!.id}`, json('PATCH', { withdrawn: true, reason: 'x' }))).status).toBe(
      401,
    );
    expect((await withdraw('B'.repeat(22), { withdrawn: true, reason: 'x' })).status).toBe(404);
    expect((await list(event.id)).every((c) => c.withdrawnAt === null)).toBe(true);
  });
});

describe('automatic certificates', () => {
  it('are issued by the scheduled jobs once an event has ended, unless the event says otherwise', async () => {
    const auto = await attendedEvent({ title: 'Auto Ends', eventDate: '2030-03-10', endTime: '13:00' });
    const manual = await attendedEvent({ title: 'Manual Ends', certificates: { auto: false } });
    const later = await attendedEvent({ title: 'Later Event', eventDate: '2030-03-20' });

    // 12:59 in Dhaka: not ended yet.
    clock = new Date('2030-03-10T06:59:00Z');
    let report = await runScheduledJobs({ ...api.deps, now: () => clock });
    expect(report.certificates).toEqual({ events: 0, issued: 0 });
    // 13:00: ended.
    clock = new Date('2030-03-10T07:00:00Z');
    report = await runScheduledJobs({ ...api.deps, now: () => clock });
    expect(report.certificates).toMatchObject({ issued: 2 });
    expect(await list(auto.event.id)).toHaveLength(2);
    expect(await list(manual.event.id)).toEqual([]);
    expect(await list(later.event.id)).toEqual([]);
    expect((await ticketView(auto.bangla.ticket)).certificate).toBeDefined();
    // The next run finds nothing new to issue.
    report = await runScheduledJobs({ ...api.deps, now: () => clock });
    expect(report.certificates).toMatchObject({ issued: 0 });
    const trail = (await certificateAudit()).filter((r) => r.entityId === auto.event.id);
    expect(trail.map((r) => [r.accountId, r.accountName, r.changes])).toEqual([
      [null, 'System', { issued: { to: 2 } }],
    ]);
  });
});

describe('the local server’s timers', () => {
  it('issue the certificates of ended events every quarter hour', async () => {
    const { event } = await attendedEvent({ title: 'Timer Talk', eventDate: '2030-03-10' });
    clock = new Date('2030-03-10T08:00:00Z');
    const lines: string[] = [];
    // Only the intervals are faked: the database keeps its own timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const jobs = startLocalJobs({ ...api.deps, now: () => clock }, (line) => lines.push(line));
      vi.advanceTimersByTime(LOCAL_CERTIFICATES_INTERVAL_MS - 1);
      expect(lines).toEqual([]);
      vi.advanceTimersByTime(1);
      await jobs.stop();
    } finally {
      vi.useRealTimers();
    }
    expect(lines.filter((line) => line.startsWith('Issued'))).toEqual([
      expect.stringMatching(/^Issued \d+ certificates? of attendance for \d+ ended events?$/),
    ]);
    clock = START;
    expect(await list(event.id)).toHaveLength(2);
  });
});

describe('retention', () => {
  it('deletes the registration but keeps its certificate, with its copy of the name, on its verify page', async () => {
    const { event, bangla } = await attendedEvent({ eventDate: '2030-03-10' });
    await issue(event.id);
    const mine = (await list(event.id)).find((c) => c.fullName === 'তাসনিম রহমান')!;
    expect(await deletePersonalDataOfPastEvents(api.db, new Date('2030-04-20T00:00:00Z'), 30)).toBeGreaterThanOrEqual(
      3,
    );
    expect(await api.db.selectFrom('registrations').select('id').where('eventId', '=', event.id).execute()).toEqual([]);
    expect((await api.call(`/tickets/${bangla.ticket}`)).status).toBe(404);
    expect(await findCertificate(api.db, mine.id)).toMatchObject({ fullName: 'তাসনিম রহমান', withdrawnAt: null });
    expect((await list(event.id)).map((c) => c.registrationId)).toEqual([null, null]);
    // Nobody is left to issue for.
    expect((await (await issue(event.id)).json()).issued).toBe(0);
  });

  it('runs after the scheduled certificates: an event past both gets its certificates before its names go', async () => {
    const { event } = await attendedEvent({ eventDate: '2030-03-10' });
    // Long past the event and its retention (365 days by default: the server was off meanwhile).
    clock = new Date('2031-06-01T00:00:00Z');
    const report = await runScheduledJobs({ ...api.deps, now: () => clock });
    expect(report.certificates).toMatchObject({ issued: 2 });
    expect(report.retention).toBeGreaterThanOrEqual(3);
    expect(await api.db.selectFrom('registrations').select('id').where('eventId', '=', event.id).execute()).toEqual([]);
    clock = START; // the staff's session would have expired by 2031
    expect((await list(event.id)).map((c) => c.fullName).sort()).toEqual(['Arif Hossain', 'তাসনিম রহমান']);
  });
});
