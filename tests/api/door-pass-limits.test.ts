import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { providePageDeps } from '../../src/server/runtime/page-deps.ts';
import { setAdminPassword } from '../../src/server/services/admin-accounts.service.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { ADMIN, createChapter, json, login, type TestApi } from '../support/api-server.ts';
import { attendanceHelpers } from '../support/attendance.ts';
import { asPhone, createPass, openLink } from '../support/door-passes.ts';

/**
 * What a door pass may do, attacked as a thief of a lost phone or an unlucky volunteer would: late
 * check-ins after its end (and nothing after a revocation), walk-ins on the event's day only and up to
 * the pass's limit, an e-mail already registered, staff removing a walk-in, and passes revoked with
 * their maker's sessions. Each answer and what is stored. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL. The clock is the test's: no waiting.
 */
const START = new Date('2030-03-01T00:00:00Z');
/** The sample event's day (10 March 2030, 10:00-13:00 in Dhaka, 04:00-07:00 UTC), an hour in. */
const ON_THE_DAY = new Date('2030-03-10T05:00:00Z');
let clock = START;
const setUp = useTestApi({ chapters: { alpha: 'Alpha Chapter', beta: 'Beta Chapter' }, now: () => clock });
let api: TestApi;
let app: ReturnType<typeof createApi>;
let admin: string;
let alpha: TestChapter;
let beta: TestChapter;
const SLOT = Symbol.for('ieee-cs-bdc.page-deps');
beforeAll(() => {
  ({ api, admin } = setUp);
  ({ alpha, beta } = setUp.chapters);
  app = createApi({ ...api.deps, now: () => clock });
  providePageDeps(api.deps);
});
afterAll(() => {
  delete (globalThis as Record<symbol, unknown>)[SLOT];
});
beforeEach(() => {
  clock = START;
});
const { createEvent, register } = attendanceHelpers(
  () => api,
  () => app,
);

/** An event of Alpha's (or the account's given) with a pass made before it and opened on its day. */
async function eventWithPass(passBody: Record<string, unknown> = { name: 'Rafi' }, eventFields = {}, token?: string) {
  const event = await createEvent(token ?? alpha.token, eventFields);
  const pass = await createPass(api, event.id, token ?? alpha.token, passBody);
  clock = ON_THE_DAY;
  const cookie = await openLink(pass.url);
  return { event, pass, cookie };
}

const walkIn = (eventId: string, init: RequestInit) => api.call(`/events/${eventId}/walk-ins`, init);
const checkIn = (eventId: string, init: RequestInit) => api.call(`/events/${eventId}/check-ins`, init);
const registrationsOf = (eventId: string) =>
  api.db.selectFrom('registrations').selectAll().where('eventId', '=', eventId).orderBy('seq').execute();
const checkInsOf = (eventId: string) =>
  api.db.selectFrom('checkIns').selectAll().where('eventId', '=', eventId).orderBy('at').execute();
const passesOf = async (eventId: string, token = alpha.token) =>
  (await (await api.call(`/events/${eventId}/door-passes`, json('GET', undefined, token))).json()).passes as {
    id: string;
    name: string;
    revokedAt: string | null;
    revokedReason: string | null;
    checkIns: number;
    scans: number;
    lateCheckIns: number;
    walkIns: number;
    walkInLimit: number;
    lastUsedAt: string | null;
  }[];
const auditOf = (entity: string) =>
  api.db.selectFrom('auditLog').selectAll().where('entityType', '=', entity).orderBy('at').execute();
const oversize = (body: Record<string, unknown>) => ({ ...body, padding: 'x'.repeat(1_100_000) });

describe('after a pass’s natural end', () => {
  // The pass ends at 09:00 UTC (the event's end plus two hours); late check-ins are taken until 11:00.
  it('takes a check-in scanned before the end for two hours, marked as sent late in the list and the audit', async () => {
    const { event, pass, cookie } = await eventWithPass({ name: 'Rafi' }, { title: 'Late Workshop' });
    const onTime = await register(event.id, { fullName: 'On Time' });
    const late = await register(event.id, { fullName: 'Sent Late' });
    const after = await register(event.id, { fullName: 'Scanned After' });
    const tooLate = await register(event.id, { fullName: 'Sent Too Late' });
    clock = new Date('2030-03-10T08:00:00Z');
    expect((await checkIn(event.id, asPhone(cookie, 'POST', { ticket: onTime.ticket }))).status).toBe(200);

    clock = new Date('2030-03-10T10:30:00Z');
    const lateId = randomUUID();
    const sent = await checkIn(
      event.id,
      asPhone(cookie, 'POST', { ticket: late.ticket, id: lateId, scannedAt: '2030-03-10T08:50:00Z' }),
    );
    expect(sent.status).toBe(200);
    const answer = await sent.json();
    expect(answer).toMatchObject({
      result: 'checked-in',
      fullName: 'Sent Late',
      checkedInAt: '2030-03-10T08:50:00.000Z',
    });
    // Sent again (the answer was lost): the same check-in, recorded once.
    clock = new Date('2030-03-10T10:45:00Z');
    const again = await checkIn(
      event.id,
      asPhone(cookie, 'POST', { ticket: late.ticket, id: lateId, scannedAt: '2030-03-10T08:50:00Z' }),
    );
    expect(await again.json()).toEqual(answer);

    // Scanned at or after the end: never taken.
    const scannedAfter = await checkIn(
      event.id,
      asPhone(cookie, 'POST', { ticket: after.ticket, id: randomUUID(), scannedAt: '2030-03-10T09:00:00Z' }),
    );
    expect(scannedAfter.status).toBe(403);
    expect((await scannedAfter.json()).message).toBe('Scanned after this door pass expired');
    // Without a scan time it is the pass acting now: it has expired.
    const now = await checkIn(event.id, asPhone(cookie, 'POST', { ticket: after.ticket }));
    expect(now.status).toBe(401);
    expect((await now.json()).message).toBe('This door pass has expired');
    expect((await api.call(`/events/${event.id}/door`, asPhone(cookie))).status).toBe(401);
    // Two hours after the end the pass's token lapses with its cookie: even a scan from before the end is not taken.
    clock = new Date('2030-03-10T11:00:00Z');
    const sentTooLate = await checkIn(
      event.id,
      asPhone(cookie, 'POST', { ticket: tooLate.ticket, id: randomUUID(), scannedAt: '2030-03-10T08:59:00Z' }),
    );
    expect(sentTooLate.status).toBe(401);

    const rows = await checkInsOf(event.id);
    expect(rows.map((r) => [r.at.toISOString(), r.sentLate, r.doorPassId])).toEqual([
      ['2030-03-10T08:00:00.000Z', false, pass.id],
      ['2030-03-10T08:50:00.000Z', true, pass.id],
    ]);
    expect((await registrationsOf(event.id)).map((r) => [r.fullName, r.checkedInAt?.toISOString() ?? null])).toEqual([
      ['On Time', '2030-03-10T08:00:00.000Z'],
      ['Sent Late', '2030-03-10T08:50:00.000Z'],
      ['Scanned After', null],
      ['Sent Too Late', null],
    ]);
    const [listed] = await passesOf(event.id);
    expect(listed).toMatchObject({ checkIns: 2, scans: 2, lateCheckIns: 1, lastUsedAt: '2030-03-10T10:45:00.000Z' });
    const audit = (await auditOf('check-in')).filter((r) => rows.some((c) => c.id === r.entityId));
    expect(audit.map((r) => [r.entityName, r.changes])).toEqual([
      ['Late Workshop check-in', { result: { to: 'checked-in' } }],
      ['Late Workshop check-in', { result: { to: 'checked-in' }, sentLate: { to: true } }],
    ]);
  });

  it('takes no walk-in, whatever its scan time: nothing stored', async () => {
    const { event, cookie } = await eventWithPass();
    clock = new Date('2030-03-10T09:30:00Z');
    const queued = await walkIn(
      event.id,
      asPhone(cookie, 'POST', { fullName: 'Queued Walker', id: randomUUID(), scannedAt: '2030-03-10T08:55:00Z' }),
    );
    expect(queued.status).toBe(403);
    expect((await queued.json()).message).toBe(
      'This door pass had expired when the walk-in was sent: ask the event’s staff to add them',
    );
    const live = await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'Live Walker' }));
    expect(live.status).toBe(401);
    expect(await registrationsOf(event.id)).toEqual([]);
    expect(await checkInsOf(event.id)).toEqual([]);
  });
});

describe('walk-ins with a pass', () => {
  it('only on the event’s day in Dhaka, judged by the scan time: four days before, or scanned the evening before, is a 409; staff may any day', async () => {
    const event = await createEvent(alpha.token);
    const pass = await createPass(api, event.id, alpha.token, { name: 'Rafi' });
    clock = new Date('2030-03-06T05:00:00Z');
    const cookie = await openLink(pass.url);
    const early = await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'Too Early' }));
    expect(early.status).toBe(409);
    expect((await early.json()).message).toBe(
      'Walk-ins are added on the event’s day, Sunday, 10 March: this door pass cannot add them now',
    );
    // 23:59 in Dhaka on the 9th is 17:59 UTC: queued then and sent the next morning, it is refused.
    clock = ON_THE_DAY;
    const queuedEve = await walkIn(
      event.id,
      asPhone(cookie, 'POST', { fullName: 'Eve Walker', id: randomUUID(), scannedAt: '2030-03-09T17:59:00Z' }),
    );
    expect(queuedEve.status).toBe(409);
    expect(await registrationsOf(event.id)).toEqual([]);
    // Midnight in Dhaka (18:00 UTC on the 9th) starts the day.
    clock = new Date('2030-03-09T18:00:00Z');
    expect((await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'Midnight Walker' }))).status).toBe(201);
    // Scanned late on the day (23:00 in Dhaka) and sent after midnight, while the pass still works: the
    // scan time is on the day, so it is taken. One scanned after midnight is not.
    const long = await createPass(api, event.id, alpha.token, { name: 'Long', validUntil: '2030-03-11T12:00:00Z' });
    const longPhone = await openLink(long.url);
    clock = new Date('2030-03-10T19:00:00Z');
    const afterMidnight = await walkIn(
      event.id,
      asPhone(longPhone, 'POST', { fullName: 'Night Walker', id: randomUUID(), scannedAt: '2030-03-10T17:00:00Z' }),
    );
    expect(afterMidnight.status).toBe(201);
    expect(await afterMidnight.json()).toMatchObject({ checkedInAt: '2030-03-10T17:00:00.000Z', walkIn: true });
    const nextDay = await walkIn(event.id, asPhone(longPhone, 'POST', { fullName: 'Next Day Walker' }));
    expect(nextDay.status).toBe(409);
    // Staff record someone who came, whatever the day.
    clock = new Date('2030-03-12T05:00:00Z');
    expect((await walkIn(event.id, json('POST', { fullName: 'Staff Added' }, alpha.token))).status).toBe(201);
    expect((await registrationsOf(event.id)).map((r) => r.fullName)).toEqual([
      'Midnight Walker',
      'Night Walker',
      'Staff Added',
    ]);
  });

  it('an evening event’s default pass takes a walk-in scanned before midnight and sent after it', async () => {
    // 20:00 to 23:30 in Dhaka on 10 March: the pass works until 01:30 on the 11th (19:30 UTC).
    const { event, cookie } = await eventWithPass({ name: 'Rafi' }, { startTime: '20:00', endTime: '23:30' });
    clock = new Date('2030-03-10T18:30:00Z');
    const sent = await walkIn(
      event.id,
      asPhone(cookie, 'POST', { fullName: 'Evening Walker', id: randomUUID(), scannedAt: '2030-03-10T17:05:00Z' }),
    );
    expect(sent.status).toBe(201);
    // At 00:30, after the event's day, someone new is no walk-in of the pass's.
    const late = await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'After Midnight' }));
    expect(late.status).toBe(409);
    expect((await registrationsOf(event.id)).map((r) => [r.fullName, r.checkedInAt])).toEqual([
      ['Evening Walker', new Date('2030-03-10T17:05:00Z')],
    ]);
  });

  it('up to the pass’s limit: the next is a clear 409, a retry or a registered e-mail is no new walk-in', async () => {
    const { event, pass, cookie } = await eventWithPass({ name: 'Rafi', walkInLimit: 2 });
    const has = await register(event.id, { fullName: 'Has Registered', email: 'has@example.org' });
    const firstId = randomUUID();
    expect((await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'First', id: firstId }))).status).toBe(201);
    expect((await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'Second' }))).status).toBe(201);
    const third = await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'Third', exceedCapacity: true }));
    expect(third.status).toBe(409);
    expect(await third.json()).toEqual({
      success: false,
      code: 'walk_in_limit_reached',
      message: 'This door pass has added its 2 walk-ins, its limit: ask the event’s staff to add more',
      walkInLimit: 2,
    });
    // A retry of the first adds nobody and is answered; someone registered is checked in.
    expect((await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'First', id: firstId }))).status).toBe(200);
    const registered = await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'Has', email: 'has@example.org' }));
    expect(registered.status).toBe(200);
    // Scanned again at the door: a scan sent, nobody new.
    expect(await (await checkIn(event.id, asPhone(cookie, 'POST', { ticket: has.ticket }))).json()).toMatchObject({
      result: 'already',
    });
    // Staff are not limited by a pass's limit.
    expect((await walkIn(event.id, json('POST', { fullName: 'By Staff' }, alpha.token))).status).toBe(201);
    expect((await registrationsOf(event.id)).map((r) => [r.fullName, r.walkIn])).toEqual([
      ['Has Registered', false],
      ['First', true],
      ['Second', true],
      ['By Staff', true],
    ]);
    expect((await passesOf(event.id)).find((p) => p.id === pass.id)).toMatchObject({
      walkIns: 2,
      walkInLimit: 2,
      checkIns: 3,
      scans: 4,
    });
    // Staff remove one of its walk-ins: the pass may add one more.
    const second = (await registrationsOf(event.id)).find((r) => r.fullName === 'Second')!;
    expect(
      (await api.call(`/events/${event.id}/walk-ins/${second.id}`, json('DELETE', undefined, alpha.token))).status,
    ).toBe(200);
    expect((await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'Third' }))).status).toBe(201);
    expect((await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'Fourth' }))).status).toBe(409);
  });

  it('the limit holds when two are sent at once; a pass made with 0 adds none', async () => {
    const { event, cookie } = await eventWithPass({ name: 'Rafi', walkInLimit: 1 });
    const both = await Promise.all(
      ['At Once One', 'At Once Two'].map((fullName) => walkIn(event.id, asPhone(cookie, 'POST', { fullName }))),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await registrationsOf(event.id)).length).toBe(1);
    const none = await createPass(api, event.id, alpha.token, { name: 'Mitu', walkInLimit: 0 });
    const refused = await walkIn(event.id, asPhone(await openLink(none.url), 'POST', { fullName: 'Nobody' }));
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(
      'This door pass cannot add walk-ins: ask the event’s staff to add them',
    );
    expect((await registrationsOf(event.id)).length).toBe(1);
  });

  it('the limit is chosen when the pass is made (default 20): bad values are a 400 naming it, nothing stored', async () => {
    const event = await createEvent(alpha.token);
    const passes = () => api.db.selectFrom('doorPasses').select('id').where('eventId', '=', event.id).execute();
    for (const walkInLimit of [-1, 1.5, '5', 501, null, true]) {
      const res = await api.call(
        `/events/${event.id}/door-passes`,
        json('POST', { name: 'Rafi', walkInLimit }, alpha.token),
      );
      expect(res.status, String(walkInLimit)).toBe(400);
      expect((await res.json()).errors.map((e: { path: string }) => e.path)).toEqual(['walkInLimit']);
    }
    const tooBig = await api.call(
      `/events/${event.id}/door-passes`,
      json('POST', oversize({ name: 'Rafi', walkInLimit: 5 }), alpha.token),
    );
    expect(tooBig.status).toBe(413);
    expect(await passes()).toEqual([]);
    expect((await createPass(api, event.id, alpha.token, { name: 'Max', walkInLimit: 500 })).walkInLimit).toBe(500);
    expect((await createPass(api, event.id, alpha.token, { name: 'Default' })).walkInLimit).toBe(20);
    const created = (await auditOf('door-pass')).at(-1)!;
    expect(created.changes).toMatchObject({ walkInLimit: { to: 20 } });
  });
});

describe('a walk-in whose e-mail is already registered', () => {
  it('checks that registration in, named as registered; a second time answers already', async () => {
    const { event, cookie } = await eventWithPass({ name: 'Rafi' }, { title: 'Known Workshop' });
    await register(event.id, { fullName: 'নুসরাত জাহান', email: 'Nusrat@Example.org' });
    const id = randomUUID();
    const first = await walkIn(
      event.id,
      asPhone(cookie, 'POST', { fullName: 'Nusrat J', email: 'nusrat@example.ORG', id }),
    );
    expect(first.status).toBe(200);
    const answer = await first.json();
    expect(answer).toEqual({
      success: true,
      result: 'checked-in',
      registrationId: expect.any(String),
      fullName: 'নুসরাত জাহান',
      checkedInAt: ON_THE_DAY.toISOString(),
      walkIn: false,
    });
    // The same walk-in sent again (a retry) is answered the same.
    expect(
      await (
        await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'Nusrat J', email: 'nusrat@example.org', id }))
      ).json(),
    ).toEqual(answer);
    clock = new Date('2030-03-10T05:30:00Z');
    const second = await walkIn(
      event.id,
      json('POST', { fullName: 'Nusrat', email: 'NUSRAT@example.org' }, alpha.token),
    );
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({
      result: 'already',
      fullName: 'নুসরাত জাহান',
      checkedInAt: ON_THE_DAY.toISOString(),
      walkIn: false,
    });
    expect((await registrationsOf(event.id)).map((r) => [r.fullName, r.walkIn])).toEqual([['নুসরাত জাহান', false]]);
    // Audited as the check-ins they are (no walk-in), never naming the person.
    const audit = (await auditOf('check-in')).filter((r) => r.entityName === 'Known Workshop check-in');
    expect(audit.map((r) => r.changes)).toEqual([{ result: { to: 'checked-in' } }, { result: { to: 'already' } }]);
    expect(JSON.stringify(audit)).not.toMatch(/nusrat|নুসরাত/i);
  });

  /** An event of one seat: Seated cancelled (their seat went to Waiting), Waiting Two on the waitlist. */
  async function fullEventWithWaitlist(title = 'Waitlist Workshop') {
    const setup = await eventWithPass({ name: 'Rafi' }, { title, registration: { mode: 'site', capacity: 1 } });
    const { event } = setup;
    await register(event.id, { fullName: 'Seated', email: 'seated@example.org' });
    await register(event.id, { fullName: 'Waiting', email: 'waiting@example.org' });
    const seatedRow = (await registrationsOf(event.id))[0]!;
    const cancelled = await api.call(
      `/registrations/${seatedRow.id}`,
      json('PATCH', { status: 'cancelled' }, alpha.token),
    );
    expect(cancelled.status).toBe(200);
    await register(event.id, { fullName: 'Waiting Two', email: 'waiting2@example.org' });
    return setup;
  }
  const mailsTo = async (registrationId: string) =>
    (await api.db.selectFrom('emailOutbox').select('kind').where('registrationId', '=', registrationId).execute()).map(
      (m) => m.kind,
    );

  it('a waitlisted one who came takes a seat and is checked in: a pass needs a free seat, staff confirm exceeding it', async () => {
    const { event, cookie } = await fullEventWithWaitlist();
    const before = await registrationsOf(event.id);
    // The pass: no seat is free, so only staff may seat them. Nothing changes.
    const byPass = await walkIn(
      event.id,
      asPhone(cookie, 'POST', { fullName: 'Waiting 2', email: 'Waiting2@Example.org' }),
    );
    expect(byPass.status).toBe(409);
    expect(await byPass.json()).toEqual({
      success: false,
      code: 'event_full_for_pass',
      message: 'On the waitlist, and the event is full: only its staff can give them a seat now',
    });
    // Staff are asked first, with the figures, as for any walk-in to a full event.
    const asked = await walkIn(
      event.id,
      json('POST', { fullName: 'Waiting 2', email: 'waiting2@example.org' }, alpha.token),
    );
    expect(asked.status).toBe(409);
    expect(await asked.json()).toEqual({
      success: false,
      code: 'event_full',
      message: 'The event is full (1 of 1): adding a walk-in exceeds its capacity',
      capacity: 1,
      registered: 1,
    });
    expect(await registrationsOf(event.id)).toEqual(before);
    expect(await checkInsOf(event.id)).toEqual([]);
    // They confirm: the registration is the seat, checked in, answered by its registered name.
    clock = new Date('2030-03-10T05:20:00Z');
    const id = randomUUID();
    const seated = await walkIn(
      event.id,
      json('POST', { fullName: 'Waiting 2', email: 'waiting2@example.org', exceedCapacity: true, id }, alpha.token),
    );
    expect(seated.status).toBe(200);
    expect(await seated.json()).toEqual({
      success: true,
      result: 'checked-in',
      registrationId: before[2]!.id,
      fullName: 'Waiting Two',
      checkedInAt: '2030-03-10T05:20:00.000Z',
      walkIn: false,
    });
    const after = await registrationsOf(event.id);
    expect(after.map((r) => [r.fullName, r.status, r.walkIn, r.checkedInAt])).toEqual([
      ['Seated', 'cancelled', false, null],
      ['Waiting', 'confirmed', false, null],
      ['Waiting Two', 'confirmed', false, clock],
    ]);
    // Audited as the status change and the check-in it is, in one go; no mail (they are at the door).
    const audit = (await auditOf('registration')).filter((r) => r.entityId === before[2]!.id);
    expect(audit.map((r) => [r.action, r.accountName, r.entityName, r.changes])).toEqual([
      [
        'update',
        'Alpha Chapter',
        'Waitlist Workshop registration',
        { status: { from: 'waitlisted', to: 'confirmed' } },
      ],
    ]);
    expect((await auditOf('check-in')).filter((r) => r.entityId === id).map((r) => r.changes)).toEqual([
      { result: { to: 'checked-in' } },
    ]);
    expect(await mailsTo(before[2]!.id)).toEqual(['waitlisted']);
    // Sent again (a retry): the same check-in, nobody else seated.
    const retry = await walkIn(
      event.id,
      json('POST', { fullName: 'Waiting 2', email: 'waiting2@example.org', exceedCapacity: true, id }, alpha.token),
    );
    expect(retry.status).toBe(200);
    expect(await checkInsOf(event.id)).toHaveLength(1);
    // The seat freed next goes to nobody else's waitlist entry of theirs: there is none left.
    const waitingRow = after[1]!;
    await api.call(`/registrations/${waitingRow.id}`, json('PATCH', { status: 'cancelled' }, alpha.token));
    expect(await mailsTo(before[2]!.id)).toEqual(['waitlisted']);
    expect((await registrationsOf(event.id)).filter((r) => r.status === 'confirmed').map((r) => r.fullName)).toEqual([
      'Waiting Two',
    ]);
  });

  it('a pass seats a waitlisted one when a seat is free (held back for an unconfirmed e-mail, say)', async () => {
    const { event, cookie } = await eventWithPass({ name: 'Rafi' }, { title: 'Free Seat Workshop' });
    await register(event.id, { fullName: 'নুসরাত জাহান', email: 'nusrat@example.org' });
    const row = (await registrationsOf(event.id))[0]!;
    // Waiting while seats are free: what a network holding its share of unconfirmed seats leaves.
    await api.db.updateTable('registrations').set({ status: 'waitlisted' }).where('id', '=', row.id).execute();
    const res = await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'Nusrat', email: 'NUSRAT@example.org' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ result: 'checked-in', fullName: 'নুসরাত জাহান', walkIn: false });
    expect((await registrationsOf(event.id)).map((r) => [r.status, r.walkIn, r.checkedInAt])).toEqual([
      ['confirmed', false, ON_THE_DAY],
    ]);
    const audit = (await auditOf('registration')).filter((r) => r.entityId === row.id);
    expect(audit.map((r) => r.accountName)).toEqual(['Rafi (door pass by Alpha Chapter)']);
    expect(JSON.stringify(audit)).not.toMatch(/nusrat|নুসরাত/i);
  });

  it('a cancelled one gives way: the walk-in takes its place under every walk-in rule, audited', async () => {
    const { event, cookie } = await fullEventWithWaitlist('Given Way Workshop');
    const seatedRow = (await registrationsOf(event.id))[0]!;
    // The pass: the event is full, so the walk-in is refused, and the cancelled registration stays.
    const byPass = await walkIn(
      event.id,
      asPhone(cookie, 'POST', { fullName: 'Seated Again', email: 'SEATED@example.org' }),
    );
    expect(byPass.status).toBe(409);
    expect((await byPass.json()).message).toBe('The event is full: only its staff can add walk-ins now');
    expect((await registrationsOf(event.id))[0]).toEqual(seatedRow);
    // Staff, once they confirm exceeding the capacity: added in its place, under the name typed.
    const added = await walkIn(
      event.id,
      json('POST', { fullName: 'Seated Again', email: 'seated+door@example.org', exceedCapacity: true }, alpha.token),
    );
    expect(added.status).toBe(201);
    const answer = await added.json();
    expect(answer).toMatchObject({ result: 'checked-in', fullName: 'Seated Again', walkIn: true });
    expect(answer.alsoRegistered).toBeUndefined();
    const rows = await registrationsOf(event.id);
    expect(rows.map((r) => [r.fullName, r.email, r.status, r.walkIn])).toEqual([
      ['Waiting', 'waiting@example.org', 'confirmed', false],
      ['Waiting Two', 'waiting2@example.org', 'waitlisted', false],
      ['Seated Again', 'seated+door@example.org', 'confirmed', true],
    ]);
    expect(await mailsTo(answer.registrationId)).toEqual([]);
    const audit = (await auditOf('registration')).filter((r) => r.entityId === seatedRow.id);
    expect(audit.map((r) => [r.action, r.accountName, r.entityName])).toEqual([
      ['update', 'Alpha Chapter', 'Given Way Workshop registration'],
      ['delete', 'Alpha Chapter', 'Given Way Workshop registration'],
    ]);
    // The mailbox is registered once again: the same e-mail once more is that walk-in, checked in already.
    const again = await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'Seated', email: 'seated@example.org' }));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ result: 'already', fullName: 'Seated Again', walkIn: true });
  });

  it('a new walk-in whose name is registered already is added (names are shared), and the answer names those registrations', async () => {
    const { event, cookie } = await eventWithPass({ name: 'Rafi' });
    for (const [fullName, email] of [
      ['Rahim Uddin', 'rahim@example.org'],
      ['Karim Ali', 'karim@example.org'],
      ['Gone Away', 'gone@example.org'],
    ])
      await register(event.id, { fullName, email });
    const [rahim, karim, gone] = await registrationsOf(event.id);
    await checkIn(event.id, json('POST', { registration: rahim!.id }, alpha.token));
    // One who cancelled, and one waiting while seats are free (a network's share of unconfirmed seats).
    await api.call(`/registrations/${gone!.id}`, json('PATCH', { status: 'cancelled' }, alpha.token));
    await api.db.updateTable('registrations').set({ status: 'waitlisted' }).where('id', '=', karim!.id).execute();
    const named = async (fullName: string) => {
      const res = await walkIn(event.id, asPhone(cookie, 'POST', { fullName }));
      expect(res.status, fullName).toBe(201);
      return (await res.json()).alsoRegistered;
    };
    expect(await named('  rahim   UDDIN ')).toEqual([
      { registrationId: rahim!.id, fullName: 'Rahim Uddin', status: 'confirmed', checkedIn: true },
    ]);
    expect(await named('Karim Ali')).toEqual([
      { registrationId: karim!.id, fullName: 'Karim Ali', status: 'waitlisted', checkedIn: false },
    ]);
    expect(await named('Gone Away')).toBeUndefined();
    expect(await named('Someone New')).toBeUndefined();
    // Each was added all the same: the walk-in before counts too (walk-ins are registrations).
    expect((await named('Karim Ali')).map((r: { fullName: string }) => r.fullName)).toEqual(['Karim Ali', 'Karim Ali']);
    expect((await registrationsOf(event.id)).filter((r) => r.walkIn).length).toBe(5);
  });
});

describe('staff remove a walk-in', () => {
  it('from the attendance page’s list: audited, its seat to the first on the waitlist, in one go', async () => {
    const { event, pass, cookie } = await eventWithPass(
      { name: 'Rafi' },
      { title: 'Full Workshop', registration: { mode: 'site', capacity: 1 } },
    );
    const added = await (
      await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'Mistaken Walker', institution: 'BUET' }))
    ).json();
    await register(event.id, { fullName: 'Next In Line', email: 'next@example.org' });
    const listed = await api.call(`/events/${event.id}/walk-ins`, json('GET', undefined, alpha.token));
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('private, no-store');
    expect((await listed.json()).walkIns).toEqual([
      {
        registrationId: added.registrationId,
        fullName: 'Mistaken Walker',
        institution: 'BUET',
        checkedInAt: ON_THE_DAY.toISOString(),
        addedBy: 'Rafi (door pass by Alpha Chapter)',
      },
    ]);

    const removed = await api.call(
      `/events/${event.id}/walk-ins/${added.registrationId}`,
      json('DELETE', undefined, alpha.token),
    );
    expect(removed.status).toBe(200);
    expect(removed.headers.get('cache-control')).toBe('private, no-store');
    expect(await removed.json()).toEqual({ success: true, message: 'Walk-in removed' });
    const rows = await registrationsOf(event.id);
    expect(rows.map((r) => [r.fullName, r.status])).toEqual([['Next In Line', 'confirmed']]);
    const mail = await api.db
      .selectFrom('emailOutbox')
      .select('kind')
      .where('registrationId', '=', rows[0]!.id)
      .execute();
    expect(mail.map((m) => m.kind)).toContain('promoted');
    expect(
      (await (await api.call(`/events/${event.id}/walk-ins`, json('GET', undefined, alpha.token))).json()).walkIns,
    ).toEqual([]);
    const audit = (await auditOf('registration')).filter((r) => r.entityId === added.registrationId);
    expect(audit).toMatchObject([
      { action: 'delete', accountName: 'Alpha Chapter', entityName: 'Full Workshop walk-in' },
    ]);
    expect(JSON.stringify(audit)).not.toContain('Mistaken');
    // The pass's count of people drops; what it sent stays.
    expect((await passesOf(event.id)).find((p) => p.id === pass.id)).toMatchObject({
      checkIns: 0,
      walkIns: 0,
      scans: 1,
    });
    // The phone's queue sends the removed walk-in again: it is not added back.
    clock = new Date('2030-03-10T05:10:00Z');
    const checkInRow = (await checkInsOf(event.id))[0]!;
    const replay = await walkIn(
      event.id,
      asPhone(cookie, 'POST', { fullName: 'Mistaken Walker', id: checkInRow.id, scannedAt: ON_THE_DAY.toISOString() }),
    );
    expect(replay.status).toBe(404);
    expect((await registrationsOf(event.id)).length).toBe(1);
  });

  it('is refused to anyone else, twice, for a registration, another event’s, a cross-site or oversize request', async () => {
    const { event, cookie } = await eventWithPass();
    const other = await createEvent(alpha.token);
    const otherWalkIn = await (await walkIn(other.id, json('POST', { fullName: 'Other Walker' }, alpha.token))).json();
    const { registrationId } = await (
      await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'Kept Walker' }))
    ).json();
    await register(event.id, { fullName: 'Registered One', email: 'one@example.org' });
    const registered = (await registrationsOf(event.id)).find((r) => !r.walkIn)!;
    const path = (id: string, eventId = event.id) => `/events/${eventId}/walk-ins/${id}`;
    const cases: [string, RequestInit, number, string?][] = [
      [path(registrationId), json('DELETE', undefined, beta.token), 403],
      [path(registrationId), json('DELETE'), 401],
      [path(registrationId), asPhone(cookie, 'DELETE'), 401],
      [path(registrationId.toUpperCase()), json('DELETE', undefined, alpha.token), 404, 'Walk-in not found'],
      [path('not-an-id'), json('DELETE', undefined, alpha.token), 404],
      [path(randomUUID()), json('DELETE', undefined, alpha.token), 404],
      [path(otherWalkIn.registrationId), json('DELETE', undefined, alpha.token), 404, 'Walk-in not found'],
      [
        path(registered.id),
        json('DELETE', undefined, alpha.token),
        409,
        'Only someone added at the door can be removed: cancel a registration instead',
      ],
      [
        path(registrationId),
        { method: 'DELETE', headers: { authorization: `Bearer ${alpha.token}`, origin: 'https://evil.example' } },
        403,
      ],
      [path(registrationId), json('DELETE', oversize({}), alpha.token), 413],
    ];
    for (const [at, init, status, message] of cases) {
      const res = await api.call(at, init);
      expect([at, res.status], JSON.stringify(init.headers)).toEqual([at, status]);
      if (message) expect((await res.json()).message).toBe(message);
    }
    expect((await registrationsOf(event.id)).map((r) => r.fullName)).toEqual(['Kept Walker', 'Registered One']);
    expect((await registrationsOf(other.id)).length).toBe(1);
    // Removed once, then again: 404, one audit row.
    expect((await api.call(path(registrationId), json('DELETE', undefined, admin))).status).toBe(200);
    expect((await api.call(path(registrationId), json('DELETE', undefined, admin))).status).toBe(404);
    expect((await auditOf('registration')).filter((r) => r.entityId === registrationId).length).toBe(1);
  });
});

describe('passes go with their maker’s sessions', () => {
  const NEW_PASSWORD = 'a-much-longer-passphrase-42';
  const ADMIN_NAME = 'IEEE Computer Society Bangladesh Chapter';
  let serial = 0;
  /** A chapter of its own (its sessions end here), with an event, two passes opened on phones, and one of the admin's. */
  async function makerWithPasses() {
    serial += 1;
    clock = START;
    const maker = await createChapter(api, admin, `Maker ${serial}`, `maker-${serial}`);
    const event = await createEvent(maker.token, { title: `Maker Event ${serial}` });
    const ended = await createPass(api, event.id, maker.token, {
      name: 'Long Gone',
      validUntil: '2030-03-01T01:00:00Z',
    });
    const mine = await createPass(api, event.id, maker.token, { name: 'Mine' });
    const also = await createPass(api, event.id, maker.token, { name: 'Also Mine' });
    const admins = await createPass(api, event.id, admin, { name: 'Admin’s' });
    clock = ON_THE_DAY;
    const phones = {
      mine: await openLink(mine.url),
      also: await openLink(also.url),
      admins: await openLink(admins.url),
    };
    return { maker, event, passes: { ended, mine, also, admins }, phones };
  }
  const states = async (eventId: string) =>
    (await passesOf(eventId, admin)).map((p) => [p.name, p.revokedReason, p.revokedAt]).sort();

  it('“Sign out everywhere” revokes the passes the account made, audited as such; a phone with one can do nothing', async () => {
    const { maker, event, passes, phones } = await makerWithPasses();
    const res = await api.call('/auth/logout-everywhere', json('POST', {}, maker.token));
    expect(res.status).toBe(200);
    const at = ON_THE_DAY.toISOString();
    expect(await states(event.id)).toEqual([
      ['Admin’s', null, null],
      ['Also Mine', 'sign-out-everywhere', at],
      ['Long Gone', null, null],
      ['Mine', 'sign-out-everywhere', at],
    ]);
    for (const phone of [phones.mine, phones.also]) {
      const refused = await checkIn(
        event.id,
        asPhone(phone, 'POST', { registration: randomUUID(), scannedAt: '2030-03-10T04:59:00Z' }),
      );
      expect(refused.status).toBe(401);
      expect((await refused.json()).message).toBe('This door pass was revoked');
    }
    expect((await api.call(`/events/${event.id}/door`, asPhone(phones.admins))).status).toBe(200);
    const audit = (await auditOf('door-pass')).filter((r) => [passes.mine.id, passes.also.id].includes(r.entityId));
    expect(audit.filter((r) => r.action === 'update').map((r) => [r.accountName, r.changes])).toEqual([
      [
        `Maker ${serial}`,
        { revoked: { from: false, to: true }, revokedReason: { from: null, to: 'sign-out-everywhere' } },
      ],
      [
        `Maker ${serial}`,
        { revoked: { from: false, to: true }, revokedReason: { from: null, to: 'sign-out-everywhere' } },
      ],
    ]);
  });

  it('a new password (own change, an admin’s reset or edit, npm run admin) revokes them, under whoever set it', async () => {
    // Own change: the session that changed it goes on; its passes do not.
    const own = await makerWithPasses();
    const changed = await api.call(
      '/auth/password',
      json('PUT', { currentPassword: own.maker.password, newPassword: NEW_PASSWORD }, own.maker.token),
    );
    expect(changed.status).toBe(200);
    expect((await states(own.event.id)).filter(([, reason]) => reason === 'password').map(([name]) => name)).toEqual([
      'Also Mine',
      'Mine',
    ]);
    // An admin's reset, and an admin's edit with a password: audited under the admin.
    for (const [method, suffix, body] of [
      ['PUT', '/password', { newPassword: NEW_PASSWORD }],
      ['PUT', '', { password: NEW_PASSWORD }],
    ] as const) {
      const { maker, event, passes, phones } = await makerWithPasses();
      const res = await api.call(`/users/${maker.slug}${suffix}`, json(method, body, admin));
      expect(res.status).toBe(200);
      expect((await states(event.id)).map(([name, reason]) => [name, reason])).toEqual([
        ['Admin’s', null],
        ['Also Mine', 'password'],
        ['Long Gone', null],
        ['Mine', 'password'],
      ]);
      const audit = (await auditOf('door-pass')).filter((r) => r.entityId === passes.mine.id && r.action === 'update');
      expect(audit.map((r) => r.accountName)).toEqual([ADMIN_NAME]);
      expect((await api.call(`/events/${event.id}/door/count`, asPhone(phones.mine))).status).toBe(401);
    }
    // npm run admin resets the admin's own password: the admin's passes go, under the system.
    const { event, passes } = await makerWithPasses();
    await setAdminPassword(api.db, ADMIN.email, NEW_PASSWORD, clock);
    // Its sessions ended with it: signed in again with the new password.
    admin = await login(api, ADMIN.email, NEW_PASSWORD);
    expect((await states(event.id)).find(([name]) => name === 'Admin’s')?.[1]).toBe('password');
    const audit = (await auditOf('door-pass')).filter((r) => r.entityId === passes.admins.id && r.action === 'update');
    expect(audit.map((r) => r.accountName)).toEqual(['System']);
    // Put back for the tests that follow.
    await setAdminPassword(api.db, ADMIN.email, ADMIN.password, clock);
    admin = await login(api, ADMIN.email, ADMIN.password);
  });

  it('deleting the account that made a pass revokes it in the same transaction, audited; its phone can do nothing', async () => {
    // A second admin makes a pass for Alpha's event (an admin's account holds no events to go with it).
    clock = START;
    await setAdminPassword(api.db, 'second-admin@test.example', 'second-admin-password-1', clock);
    const second = await login(api, 'second-admin@test.example', 'second-admin-password-1');
    const event = await createEvent(alpha.token, { title: 'Outlived Workshop' });
    const theirs = await createPass(api, event.id, second, { name: 'Rafi' });
    const alphas = await createPass(api, event.id, alpha.token, { name: 'Mitu' });
    clock = ON_THE_DAY;
    const phone = await openLink(theirs.url);
    const alphasPhone = await openLink(alphas.url);
    expect((await api.call(`/events/${event.id}/door/count`, asPhone(phone))).status).toBe(200);
    const accounts = (await (await api.call('/users', json('GET', undefined, admin))).json()).chapters as {
      slug: string;
      email: string;
    }[];
    const slug = accounts.find((a) => a.email === 'second-admin@test.example')!.slug;
    const states = async () =>
      (await passesOf(event.id, admin)).map((p) => [p.name, p.revokedReason, p.revokedAt]).sort();

    // A revocation whose audit row fails: the account is not deleted and the pass still works.
    await sql`create or replace function refuse_pass_audit() returns trigger language plpgsql as $$
      begin if new.entity_type = 'door-pass' then raise exception 'pass audit refused by the test'; end if; return new; end $$`.execute(
      api.db,
    );
    await sql`create trigger refuse_pass_audit before insert on audit_log for each row execute function refuse_pass_audit()`.execute(
      api.db,
    );
    try {
      expect((await api.call(`/users/${slug}`, json('DELETE', undefined, admin))).status).toBe(500);
    } finally {
      await sql`drop trigger refuse_pass_audit on audit_log`.execute(api.db);
    }
    expect((await api.call(`/users/${slug}`, json('GET', undefined, admin))).status).toBe(200);
    expect((await states()).every(([, reason]) => reason === null)).toBe(true);
    expect((await api.call(`/events/${event.id}/door/count`, asPhone(phone))).status).toBe(200);

    const deleted = await api.call(`/users/${slug}`, json('DELETE', undefined, admin));
    expect(deleted.status).toBe(200);
    expect(await states()).toEqual([
      ['Mitu', null, null],
      ['Rafi', 'account-deleted', ON_THE_DAY.toISOString()],
    ]);
    const audit = (await auditOf('door-pass')).filter((r) => r.entityId === theirs.id && r.action === 'update');
    expect(audit.map((r) => [r.accountName, r.changes])).toEqual([
      [
        'IEEE Computer Society Bangladesh Chapter',
        { revoked: { from: false, to: true }, revokedReason: { from: null, to: 'account-deleted' } },
      ],
    ]);
    // Its phone can do nothing, whatever its scan time says; the pass Alpha made goes on.
    const refused = await checkIn(
      event.id,
      asPhone(phone, 'POST', { registration: randomUUID(), scannedAt: '2030-03-10T04:59:00Z' }),
    );
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toBe('This door pass was revoked');
    expect((await api.call(`/events/${event.id}/door/count`, asPhone(alphasPhone))).status).toBe(200);
  });

  it('in the same transaction: a revocation whose audit row fails leaves the sessions and the passes as they were', async () => {
    const { maker, event } = await makerWithPasses();
    await sql`create or replace function refuse_pass_audit() returns trigger language plpgsql as $$
      begin if new.entity_type = 'door-pass' then raise exception 'pass audit refused by the test'; end if; return new; end $$`.execute(
      api.db,
    );
    await sql`create trigger refuse_pass_audit before insert on audit_log for each row execute function refuse_pass_audit()`.execute(
      api.db,
    );
    try {
      const res = await api.call('/auth/logout-everywhere', json('POST', {}, maker.token));
      expect(res.status).toBe(500);
    } finally {
      await sql`drop trigger refuse_pass_audit on audit_log`.execute(api.db);
    }
    expect((await states(event.id)).every(([, reason]) => reason === null)).toBe(true);
    // The account's session still counts: the sign-out did not happen either.
    expect((await api.call('/auth/account', json('GET', undefined, maker.token))).status).toBe(200);
  });
});
