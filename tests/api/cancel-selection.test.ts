import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { MAX_SELECTION } from '../../src/lib/schemas/registration.schema.ts';
import type { NetworkGroupList, RegistrationList, SelectionCancelled } from '../../src/lib/types.ts';
import { NOT_OF_THIS_EVENT } from '../../src/server/services/registrations.service.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, type TestApi } from '../support/api-server.ts';
import { testClock } from '../support/clock.ts';
import * as registration from '../support/registration.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';

/**
 * Staff see bursts and cancel them: an event's registrations grouped by the network they came from
 * (an anonymous label, never the address), and a selection cancelled in one action: one audit row per
 * registration, the freed seats given to the waitlist in order, each cancelled person mailed through
 * the outbox under their mailbox's cap; those already in the room (checked in, walk-ins) are left as
 * they are. Every refusal changes nothing. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
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
  chapters: { alpha: 'Alpha Chapter', beta: 'Beta Chapter' },
  now: clock.now,
  config: () => ({ mail: { smtpUrl: smtp.url, from: 'Events <events@ieeecsbdc.test>', linkOrigin: undefined } }),
});
let api: TestApi;
let alpha: TestChapter;
let beta: TestChapter;
let app: ReturnType<typeof createApi>;
beforeAll(() => {
  ({ api } = setUp);
  ({ alpha, beta } = setUp.chapters);
  app = createApi({ ...api.deps, now: clock.now });
});

let eventCount = 0;
const siteEvent = async (capacity: number | null, token = alpha.token) =>
  (await registration.siteEvent(api, token, { capacity }, { title: `Burst Day ${++eventCount}` })).id;

/** Someone registered from `address` (with this e-mail address when given), with their registration's id. */
async function register(address: string, eventId: string, email?: string) {
  const answer = await registration.register(app, eventId, email ? { email } : {}, { address });
  return { ...answer, id: await registration.registrationId(api, answer.ticket) };
}

const groupsOf = async (eventId: string, token = alpha.token) => {
  const res = await api.call(`/events/${eventId}/registrations/networks`, json('GET', undefined, token));
  expect(res.status).toBe(200);
  return { res, body: (await res.json()) as NetworkGroupList };
};
/** `token` null: signed out. */
const cancel = (eventId: string, body: unknown, token: string | null = alpha.token) =>
  api.call(`/events/${eventId}/registrations/cancel`, json('POST', body, token ?? undefined));

/**
 * Everything a cancellation could change, to prove a refused one changed nothing; taken once the mail
 * of earlier requests is sent (sending drops messages that no longer apply).
 */
const snapshot = async () => {
  await api.deps.mail.idle();
  return JSON.stringify({
    registrations: await api.db.selectFrom('registrations').selectAll().orderBy('seq').execute(),
    outbox: await api.db
      .selectFrom('emailOutbox')
      .select(['kind', 'registrationId'])
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
    audit: await api.db.selectFrom('auditLog').select(['entityId', 'action']).orderBy('at').orderBy('id').execute(),
  });
};

describe('networks', () => {
  it('group an event’s registrations by an anonymous label, largest first, with counts and times; no address anywhere', async () => {
    const eventId = await siteEvent(4);
    for (let i = 0; i < 5; i++) {
      await register('203.0.113.80', eventId);
      clock.advance(1_000);
    }
    await register('2001:db8:80:1::5', eventId);
    const { res, body } = await groupsOf(eventId);
    expect(res.headers.get('cache-control')).toMatch(/private/);
    expect(body.groups.map((g) => [g.total, g.confirmed, g.waitlisted, g.cancelled, g.held, g.active.length])).toEqual([
      [5, 4, 1, 0, 0, 5],
      [1, 0, 1, 0, 0, 1],
    ]);
    const [burst] = body.groups;
    expect(burst!.network).toMatch(/^[0-9A-F]{8}$/);
    // Four seconds of the test's clock apart (and whatever real time the requests took).
    const span = Date.parse(burst!.lastAt) - Date.parse(burst!.firstAt);
    expect(span).toBeGreaterThanOrEqual(4_000);
    expect(span).toBeLessThan(60_000);
    const text = JSON.stringify(body);
    for (const address of ['203.0.113', '2001:db8', '2001:0db8']) expect(text).not.toContain(address);

    // The same network has another label at another event: labels tell nothing across events.
    const other = await siteEvent(null);
    await register('203.0.113.80', other);
    expect((await groupsOf(other)).body.groups[0]!.network).not.toBe(burst!.network);

    // The list filters by a label; a bad label is a 400, another chapter's staff are refused.
    const list = await api.call(
      `/events/${eventId}/registrations?network=${burst!.network}`,
      json('GET', undefined, alpha.token),
    );
    expect(((await list.json()) as RegistrationList).registrations).toHaveLength(5);
    const none = await api.call(`/events/${eventId}/registrations?network=none`, json('GET', undefined, alpha.token));
    expect(((await none.json()) as RegistrationList).registrations).toHaveLength(0);
    const lower = burst!.network!.toLowerCase();
    expect(
      (await api.call(`/events/${eventId}/registrations?network=${lower}`, json('GET', undefined, alpha.token))).status,
    ).toBe(400);
    const stranger = await api.call(`/events/${eventId}/registrations/networks`, json('GET', undefined, beta.token));
    expect(stranger.status).toBe(403);
    expect((await api.call(`/events/${eventId}/registrations/networks`)).status).toBe(401);
    expect(
      (await api.call(`/events/${eventId.toUpperCase()}/registrations/networks`, json('GET', undefined, alpha.token)))
        .status,
    ).toBe(404);
  });
});

describe('cancelling a selection', () => {
  it('cancels a whole group in one action: an audit row each, seats to the waitlist in order, each person mailed', async () => {
    const eventId = await siteEvent(3);
    const title = `Burst Day ${eventCount}`;
    // One of them has had two mails this hour already (two other events): the cancellation is its fourth.
    for (let i = 0; i < 2; i++) await register('198.51.100.89', await siteEvent(null), 'capped+old@example.net');
    const script = [await register('203.0.113.90', eventId, 'capped@example.net')];
    for (let i = 1; i < 3; i++) script.push(await register('203.0.113.90', eventId, `script${i}@example.net`));
    const waiting = [await register('198.51.100.90', eventId), await register('198.51.100.91', eventId)];
    expect(waiting.map((w) => w.status)).toEqual(['waitlisted', 'waitlisted']);
    await api.deps.mail.idle();
    const group = (await groupsOf(eventId)).body.groups[0]!;
    expect(group.total).toBe(3);
    expect(group.active).toEqual(script.map((s) => ({ id: s.id, fullName: expect.stringMatching(/^Person /) })));

    const res = await cancel(eventId, { registrationIds: group.active.map((a) => a.id) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      message: '3 registrations cancelled; 2 people given a seat from the waitlist',
      cancelled: 3,
      alreadyCancelled: 0,
      atTheEvent: 0,
      promoted: 2,
    } satisfies SelectionCancelled);

    const rows = await api.db
      .selectFrom('registrations')
      .select(['id', 'status', 'cancelledAt'])
      .where('eventId', '=', eventId)
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'confirmed', 'confirmed']);
    const audit = await api.db
      .selectFrom('auditLog')
      .select(['entityId', 'accountName', 'changes'])
      .where('entityType', '=', 'registration')
      .where(
        'entityId',
        'in',
        script.map((s) => s.id),
      )
      .execute();
    expect(audit).toHaveLength(3);
    for (const row of audit)
      expect(row).toMatchObject({
        accountName: 'Alpha Chapter',
        changes: { status: { from: 'confirmed', to: 'cancelled' } },
      });

    // Mailed through the outbox: one "cancelled" each, with a plain-text part, under the mailbox's cap:
    // the one whose mailbox had its 3 this hour waits, with the reason.
    await api.deps.mail.idle();
    const outbox = await api.db
      .selectFrom('emailOutbox')
      .select(['registrationId', 'sentAt', 'lastError'])
      .where(
        'registrationId',
        'in',
        script.map((s) => s.id),
      )
      .where('kind', '=', 'cancelled')
      .execute();
    expect(outbox).toHaveLength(3);
    const held = outbox.filter((o) => o.sentAt === null);
    expect(held).toEqual([
      { registrationId: script[0]!.id, sentAt: null, lastError: 'held: 3 messages to this address in the last hour' },
    ]);
    const sent = smtp.accepted.filter((m) => m.subject === `Registration cancelled: ${title}`);
    expect(sent.map((m) => (m.to && !Array.isArray(m.to) ? m.to.value[0]?.address : '')).sort()).toEqual([
      'script1@example.net',
      'script2@example.net',
    ]);
    expect(sent[0]!.text).toContain(`Your registration for ${title} has been cancelled`);
    expect(sent[0]!.text).toContain(`/events/${eventId}`);
    const promoted = smtp.accepted.filter((m) => m.subject === `You have a seat: ${title}`);
    expect(promoted).toHaveLength(2);
  });

  it('leaves those already in the room (checked in, walk-ins) as they are: attendance kept, nobody mailed, counted in the answer', async () => {
    const eventId = await siteEvent(3);
    const title = `Burst Day ${eventCount}`;
    const inside = await register('203.0.113.95', eventId, 'inside@example.org');
    const burst = await register('203.0.113.95', eventId, 'burst@example.org');
    const added = await api.call(
      `/events/${eventId}/walk-ins`,
      json('POST', { fullName: 'Walk In Wali', email: 'walkin@example.org' }, alpha.token),
    );
    expect(added.status, await added.clone().text()).toBe(201);
    const waiting = await register('198.51.100.95', eventId, 'waiting@example.org');
    expect(waiting.status).toBe('waitlisted');
    const checked = await api.call(
      `/events/${eventId}/check-ins`,
      json('POST', { ticket: inside.ticket, early: true }, alpha.token),
    );
    expect(checked.status).toBe(200);
    const walkIn = await api.db
      .selectFrom('registrations')
      .select('id')
      .where('eventId', '=', eventId)
      .where('walkIn', '=', true)
      .executeTakeFirstOrThrow();

    // Selecting a group never picks them: the network's burst and the walk-ins' group (no network).
    const groups = (await groupsOf(eventId)).body.groups;
    const burstGroup = groups.find((g) => g.network !== null && g.total === 2)!;
    expect(burstGroup).toMatchObject({ atTheEvent: 1, active: [{ id: burst.id }] });
    expect(groups.find((g) => g.network === null)).toMatchObject({ atTheEvent: 1, active: [] });

    // Staff select them anyway (a list made before the check-in, a script): they are left as they are.
    await api.deps.mail.idle();
    const res = await cancel(eventId, { registrationIds: [inside.id, burst.id, walkIn.id] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      message:
        '1 registration cancelled; 2 people already checked in or added at the door left as they are; 1 person given a seat from the waitlist',
      cancelled: 1,
      alreadyCancelled: 0,
      atTheEvent: 2,
      promoted: 1,
    } satisfies SelectionCancelled);
    const statuses = await api.db
      .selectFrom('registrations')
      .select(['id', 'status'])
      .where('eventId', '=', eventId)
      .orderBy('seq')
      .execute();
    expect(statuses).toEqual([
      { id: inside.id, status: 'confirmed' },
      { id: burst.id, status: 'cancelled' },
      { id: walkIn.id, status: 'confirmed' },
      { id: waiting.id, status: 'confirmed' },
    ]);
    const report = await (await api.call(`/events/${eventId}/attendance`, json('GET', undefined, alpha.token))).json();
    expect(report).toMatchObject({ attended: 2, walkIns: 1 });
    await api.deps.mail.idle();
    const cancelledMail = await api.db
      .selectFrom('emailOutbox')
      .select('registrationId')
      .where('kind', '=', 'cancelled')
      .where('registrationId', 'in', [inside.id, burst.id, walkIn.id])
      .execute();
    expect(cancelledMail).toEqual([{ registrationId: burst.id }]);
    expect(
      smtp.accepted
        .filter((m) => m.subject === `Registration cancelled: ${title}`)
        .map((m) => (m.to && !Array.isArray(m.to) ? m.to.value[0]?.address : '')),
    ).toEqual(['burst@example.org']);
    const audited = await api.db
      .selectFrom('auditLog')
      .select('entityId')
      .where('entityType', '=', 'registration')
      .where('entityId', 'in', [inside.id, walkIn.id])
      .where('accountName', '=', 'Alpha Chapter')
      .where('action', '=', 'update')
      .execute();
    expect(audited).toEqual([]);
  });

  it('sent again (a replay), changes nothing, mails no one and writes no audit row', async () => {
    const eventId = await siteEvent(null);
    const people = [await register('203.0.113.91', eventId), await register('203.0.113.91', eventId)];
    const ids = people.map((p) => p.id);
    expect((await cancel(eventId, { registrationIds: ids })).status).toBe(200);
    const before = await snapshot();
    const again = await cancel(eventId, { registrationIds: ids });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ cancelled: 0, alreadyCancelled: 2, promoted: 0 });
    expect(await snapshot()).toBe(before);
  });

  it('refuses, changing nothing: an empty, oversize or duplicated list, another event’s id, another spelling, a stranger', async () => {
    const eventId = await siteEvent(null);
    const mine = await register('203.0.113.92', eventId);
    const elsewhere = await register('203.0.113.92', await siteEvent(null));
    const betaEvent = await siteEvent(null, beta.token);
    const before = await snapshot();
    const refusals: [string, unknown, string | null, number, string?][] = [
      ['empty', { registrationIds: [] }, alpha.token, 400, 'Select at least one registration'],
      [
        'oversize',
        { registrationIds: Array.from({ length: MAX_SELECTION + 1 }, () => mine.id) },
        alpha.token,
        400,
        `At most ${MAX_SELECTION} registrations can be cancelled at once`,
      ],
      ['duplicate', { registrationIds: [mine.id, mine.id] }, alpha.token, 400, 'This registration is listed twice'],
      ['another event', { registrationIds: [mine.id, elsewhere.id] }, alpha.token, 400, NOT_OF_THIS_EVENT],
      ['upper case', { registrationIds: [mine.id.toUpperCase()] }, alpha.token, 400, NOT_OF_THIS_EVENT],
      ['unknown', { registrationIds: ['00000000-0000-4000-8000-000000000000'] }, alpha.token, 400, NOT_OF_THIS_EVENT],
      ['not a list', { registrationIds: mine.id }, alpha.token, 400],
      ['no body', undefined, alpha.token, 415],
      ['another chapter', { registrationIds: [mine.id] }, beta.token, 403],
      ['signed out', { registrationIds: [mine.id] }, null, 401],
    ];
    for (const [name, body, token, status, message] of refusals) {
      const res = await cancel(eventId, body, token);
      expect(res.status, name).toBe(status);
      const answer = (await res.json()) as { success: boolean; message: string; errors?: { message: string }[] };
      expect(answer.success, name).toBe(false);
      if (message) expect(JSON.stringify(answer), name).toContain(message);
    }
    // The other chapter's staff cannot reach this event through their own event's address either.
    expect((await cancel(betaEvent, { registrationIds: [mine.id] }, beta.token)).status).toBe(400);
    // Another spelling of the event in the path, and a body over the size limit.
    expect((await cancel(eventId.toUpperCase(), { registrationIds: [mine.id] })).status).toBe(404);
    const huge = await api.call(`/events/${eventId}/registrations/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${alpha.token}` },
      body: JSON.stringify({ registrationIds: [mine.id], padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(await snapshot()).toBe(before);
  });

  it('names each id that is not this event’s, so staff see which', async () => {
    const eventId = await siteEvent(null);
    const mine = await register('203.0.113.93', eventId);
    const res = await cancel(eventId, { registrationIds: [mine.id, 'not-an-id', mine.id.toUpperCase()] });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: '2 of the selected are not registrations of this event: nothing was cancelled',
      errors: [
        { path: 'registrationIds.1', message: NOT_OF_THIS_EVENT },
        { path: 'registrationIds.2', message: NOT_OF_THIS_EVENT },
      ],
    });
    expect(
      (await api.db.selectFrom('registrations').select('status').where('id', '=', mine.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('confirmed');
  });
});
