import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { deletePersonalDataOfPastEvents } from '../../src/server/services/registrations.service.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, type TestApi } from '../support/api-server.ts';
import { attendanceHelpers } from '../support/attendance.ts';

/**
 * Check-ins at the door (POST /events/:id/check-ins) and the attendance report and CSV.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL, where concurrent requests run on separate
 * connections at once: two doors scanning one ticket at the same moment.
 */
const START = new Date('2030-03-01T00:00:00Z');
/** The sample event's day (10 March 2030, 10:00-13:00 in Dhaka), an hour in: check-in is open. */
const ON_THE_DAY = new Date('2030-03-10T05:00:00Z');
/** After the sample event has ended (13:00 in Dhaka is 07:00 UTC). */
const AFTER_THE_END = new Date('2030-03-10T07:00:00Z');
let clock = START;
const setUp = useTestApi({ chapters: { alpha: 'Alpha Chapter', beta: 'Beta Chapter' }, now: () => clock });
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
});
const { createEvent, register, checkIn } = attendanceHelpers(
  () => api,
  () => app,
);

const checkInsOf = (eventId: string) =>
  api.db.selectFrom('checkIns').selectAll().where('eventId', '=', eventId).orderBy('at').execute();
const registrationOf = (ticket: string) =>
  api.db.selectFrom('registrations').selectAll().where('ticket', '=', ticket).executeTakeFirstOrThrow();
/** The door list's hash of a ticket, worked out here apart from the code under test. */
/** The code a refused check-in answers with: the door decides by it (lib/check-in/door-answer.ts). */
const refusalCode = (status: number, message: string) =>
  status === 404
    ? 'registration_not_found'
    : ({ 'On the waitlist': 'waitlisted', 'This registration was cancelled': 'cancelled' }[message] ??
      'not_registered');
const hashOf = (eventId: string, ticket: string) =>
  createHash('sha256').update(`${eventId}:${ticket}`).digest('base64url');
const auditOf = (entity: string) =>
  api.db.selectFrom('auditLog').selectAll().where('entityType', '=', entity).orderBy('at').execute();

describe('checking in at the door', () => {
  it('answers "checked-in" with the name the first time, "already" with the first time after, and audits each scan', async () => {
    const event = await createEvent(alpha.token, { title: 'Door Workshop' });
    const { ticket, ticketUrl } = await register(event.id, { fullName: 'রহিম উদ্দিন', email: 'rahim@example.org' });
    const auditBefore = (await auditOf('check-in')).length;

    clock = new Date('2030-03-10T04:02:00Z');
    const first = await checkIn(event.id, { ticket, id: randomUUID() }, alpha.token);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const registrationId = (await registrationOf(ticket)).id;
    expect(await first.json()).toEqual({
      success: true,
      result: 'checked-in',
      registrationId,
      fullName: 'রহিম উদ্দিন',
      checkedInAt: '2030-03-10T04:02:00.000Z',
    });

    // Another door, a minute later, scanning the QR code (the ticket's address).
    clock = new Date('2030-03-10T04:03:00Z');
    const second = await checkIn(event.id, { ticket: ticketUrl, id: randomUUID() }, admin);
    expect(await second.json()).toEqual({
      success: true,
      result: 'already',
      registrationId,
      fullName: 'রহিম উদ্দিন',
      checkedInAt: '2030-03-10T04:02:00.000Z',
    });

    // The ticket's holder sees the time they were checked in.
    const seen = await (await api.call(`/tickets/${ticket}`)).json();
    expect(seen.checkedInAt).toBe('2030-03-10T04:02:00.000Z');

    expect((await checkInsOf(event.id)).map((c) => c.result)).toEqual(['checked-in', 'already']);
    const trail = (await auditOf('check-in')).slice(auditBefore);
    expect(trail.map((r) => [r.action, r.entityName, r.fields, r.changes])).toEqual([
      ['create', 'Door Workshop check-in', ['result'], { result: { to: 'checked-in' } }],
      ['create', 'Door Workshop check-in', ['result'], { result: { to: 'already' } }],
    ]);
    // The trail names the event, never the attendee.
    expect(JSON.stringify(trail)).not.toMatch(/রহিম|rahim/);
  });

  it('takes a retry of the same scan (same id) as that scan: the same answer, counted and audited once', async () => {
    const event = await createEvent(alpha.token);
    const { ticket } = await register(event.id);
    const id = randomUUID();
    clock = new Date('2030-03-10T04:10:00Z');
    const first = await (await checkIn(event.id, { ticket, id }, alpha.token)).json();
    const auditAfterFirst = (await auditOf('check-in')).length;
    clock = new Date('2030-03-10T04:30:00Z');
    const retry = await checkIn(event.id, { ticket, id }, alpha.token);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(first);
    expect(first.result).toBe('checked-in');
    expect(await checkInsOf(event.id)).toHaveLength(1);
    expect(await auditOf('check-in')).toHaveLength(auditAfterFirst);

    // The same id sent again for another event is refused, and changes nothing there.
    const other = await createEvent(alpha.token);
    const otherTicket = (await register(other.id)).ticket;
    const reused = await checkIn(other.id, { ticket: otherTicket, id }, alpha.token);
    expect(reused.status).toBe(409);
    expect(await checkInsOf(other.id)).toHaveLength(0);
  });

  it('makes an id for a scan sent without one', async () => {
    const event = await createEvent(alpha.token);
    const { ticket } = await register(event.id);
    clock = ON_THE_DAY;
    expect((await (await checkIn(event.id, { ticket }, alpha.token)).json()).result).toBe('checked-in');
    expect((await (await checkIn(event.id, { ticket }, alpha.token)).json()).result).toBe('already');
    const rows = await checkInsOf(event.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.id).not.toBe(rows[1]!.id);
  });

  it('refuses another event’s ticket, a waitlisted one and a cancelled one with 409 saying why, an unknown one with 404', async () => {
    const event = await createEvent(alpha.token, { registration: { mode: 'site', capacity: 1 } });
    const other = await createEvent(alpha.token);
    const seated = await register(event.id);
    const waiting = await register(event.id);
    expect(waiting.status).toBe('waitlisted');
    const elsewhere = await register(other.id);
    const cancelled = await register(other.id);
    expect((await api.call(`/tickets/${cancelled.ticket}`, { method: 'DELETE' })).status).toBe(200);
    clock = ON_THE_DAY;

    const cases: [string, Record<string, unknown>, string, number, string][] = [
      ['another event’s ticket', { ticket: elsewhere.ticket }, event.id, 409, 'Not registered for this event'],
      ['a waitlisted ticket', { ticket: waiting.ticket }, event.id, 409, 'On the waitlist'],
      ['a cancelled ticket', { ticket: cancelled.ticket }, other.id, 409, 'This registration was cancelled'],
      ['an unknown ticket', { ticket: 'A'.repeat(32) }, event.id, 404, 'Not registered for this event'],
      ['something that is no ticket', { ticket: 'hello' }, event.id, 404, 'Not registered for this event'],
    ];
    for (const [what, body, eventId, status, message] of cases) {
      const res = await checkIn(eventId, { ...body, id: randomUUID() }, alpha.token);
      expect(res.status, what).toBe(status);
      const answer = await res.json();
      expect(answer.message, what).toBe(message);
      expect(answer.code, what).toBe(refusalCode(status, message));
    }
    // Nobody was checked in, nothing recorded.
    expect(await checkInsOf(event.id)).toEqual([]);
    expect(await checkInsOf(other.id)).toEqual([]);
    expect((await (await checkIn(event.id, { ticket: seated.ticket }, alpha.token)).json()).result).toBe('checked-in');
  });

  it('refuses bad input with 400 naming the field, a visitor with 401 and another chapter with 403', async () => {
    const event = await createEvent(alpha.token);
    const { ticket } = await register(event.id);
    const noTicket = await checkIn(event.id, {}, alpha.token);
    expect(noTicket.status).toBe(400);
    expect((await noTicket.json()).errors.map((e: { path: string }) => e.path)).toEqual(['ticket']);
    const badId = await checkIn(event.id, { ticket, id: 'scan-1' }, alpha.token);
    expect(badId.status).toBe(400);
    expect((await badId.json()).errors.map((e: { path: string }) => e.path)).toEqual(['id']);
    expect((await checkIn(event.id, { ticket }, undefined)).status).toBe(401);
    expect((await checkIn(event.id, { ticket }, beta.token)).status).toBe(403);
    expect((await checkIn(randomUUID(), { ticket }, alpha.token)).status).toBe(404);
    // Each refusal says which it is in its code (docs/api-errors.md).
    const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;
    expect(await codeOf(await checkIn(event.id, {}, alpha.token))).toBe('validation_failed');
    expect(await codeOf(await checkIn(event.id, { ticket }, undefined))).toBe('unauthenticated');
    expect(await codeOf(await checkIn(event.id, { ticket }, beta.token))).toBe('forbidden');
    expect(await codeOf(await checkIn(randomUUID(), { ticket }, alpha.token))).toBe('event_not_found');
    expect(await checkInsOf(event.id)).toEqual([]);
  });
});

describe('check-in opens on the event’s day', () => {
  it('refuses a check-in before the event’s day (Dhaka time) with 409 naming the day, unless it says it is deliberate', async () => {
    const event = await createEvent(alpha.token, { eventDate: '2030-03-10' });
    const { ticket } = await register(event.id, { fullName: 'Early Bird' });
    const { ticket: other } = await register(event.id);
    const registration = (await registrationOf(other)).id;
    const auditBefore = (await auditOf('check-in')).length;

    // 23:59 on 9 March in Dhaka: the day before.
    clock = new Date('2030-03-09T17:59:00Z');
    for (const body of [{ ticket }, { registration }, { ticket, early: false }]) {
      const res = await checkIn(event.id, { ...body, id: randomUUID() }, alpha.token);
      expect(res.status, JSON.stringify(body)).toBe(409);
      const answer = await res.json();
      expect(answer.message).toBe(
        'The event is on Sunday, 10 March: check-in opens that day. Confirm to check people in now anyway.',
      );
      expect(answer.errors.map((e: { path: string }) => e.path)).toEqual(['early']);
    }
    expect(await checkInsOf(event.id)).toEqual([]);
    expect((await registrationOf(ticket)).checkedInAt).toBeNull();
    expect(await auditOf('check-in')).toHaveLength(auditBefore);

    // Confirmed as deliberate: checked in, recorded and audited like any other.
    const early = await checkIn(event.id, { ticket, id: randomUUID(), early: true }, alpha.token);
    expect(early.status).toBe(200);
    expect(await early.json()).toMatchObject({ result: 'checked-in', fullName: 'Early Bird' });
    expect(await auditOf('check-in')).toHaveLength(auditBefore + 1);
    // Scanned again without saying so: already checked in, nothing new to confirm.
    const again = await checkIn(event.id, { ticket, id: randomUUID() }, alpha.token);
    expect(again.status).toBe(200);
    expect((await again.json()).result).toBe('already');

    // Midnight in Dhaka: the event's day, open without saying anything.
    clock = new Date('2030-03-09T18:00:00Z');
    const onTheDay = await checkIn(event.id, { registration, id: randomUUID() }, alpha.token);
    expect(onTheDay.status).toBe(200);
    expect((await onTheDay.json()).result).toBe('checked-in');
  });

  it('still refuses a waitlisted ticket said to be early, and refuses an early that is not true or false with 400', async () => {
    const event = await createEvent(alpha.token, { registration: { mode: 'site', capacity: 1 } });
    const { ticket } = await register(event.id);
    const waiting = await register(event.id);
    const waitlisted = await checkIn(event.id, { ticket: waiting.ticket, early: true }, alpha.token);
    expect(waitlisted.status).toBe(409);
    expect(await waitlisted.json()).toMatchObject({ code: 'waitlisted', message: 'On the waitlist' });
    const bad = await checkIn(event.id, { ticket, early: 'yes' }, alpha.token);
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.map((e: { path: string }) => e.path)).toEqual(['early']);
    expect(await checkInsOf(event.id)).toEqual([]);
  });
});

describe('checking in a name picked from the door list (by registration id)', () => {
  const registrationIdOf = async (ticket: string) => (await registrationOf(ticket)).id;

  it('checks them in once: the same answers and audit as a scan, a retry with the same id counted once', async () => {
    const event = await createEvent(alpha.token, { title: 'Name Search Day' });
    const { ticket } = await register(event.id, { fullName: 'Farhana Islam' });
    const registration = await registrationIdOf(ticket);
    const auditBefore = (await auditOf('check-in')).length;

    clock = new Date('2030-03-10T04:05:00Z');
    const id = randomUUID();
    const first = await checkIn(event.id, { registration, id }, alpha.token);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const answer = await first.json();
    expect(answer).toEqual({
      success: true,
      result: 'checked-in',
      registrationId: registration,
      fullName: 'Farhana Islam',
      checkedInAt: '2030-03-10T04:05:00.000Z',
    });
    // The answer was lost; the phone sends the same check-in again.
    clock = new Date('2030-03-10T04:20:00Z');
    const retry = await checkIn(event.id, { registration, id }, alpha.token);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(answer);
    expect(await checkInsOf(event.id)).toHaveLength(1);

    // Picked again (a new check-in), or their ticket scanned at another door: already, at the first time.
    for (const body of [{ registration }, { ticket }]) {
      expect(await (await checkIn(event.id, { ...body, id: randomUUID() }, admin)).json()).toMatchObject({
        result: 'already',
        registrationId: registration,
        checkedInAt: '2030-03-10T04:05:00.000Z',
      });
    }
    const trail = (await auditOf('check-in')).slice(auditBefore);
    expect(trail.map((r) => [r.action, r.entityName, r.changes])).toEqual([
      ['create', 'Name Search Day check-in', { result: { to: 'checked-in' } }],
      ['create', 'Name Search Day check-in', { result: { to: 'already' } }],
      ['create', 'Name Search Day check-in', { result: { to: 'already' } }],
    ]);
    const report = await (await api.call(`/events/${event.id}/attendance`, json('GET', undefined, alpha.token))).json();
    expect(report).toMatchObject({ registered: 1, attended: 1 });
  });

  it('refuses another event’s registration, a waitlisted and a cancelled one as it does their tickets (409), an unknown one with 404', async () => {
    const event = await createEvent(alpha.token, { registration: { mode: 'site', capacity: 1 } });
    const other = await createEvent(alpha.token);
    await register(event.id);
    const waiting = await register(event.id);
    expect(waiting.status).toBe('waitlisted');
    const elsewhere = await register(other.id);
    const cancelled = await register(other.id);
    expect((await api.call(`/tickets/${cancelled.ticket}`, { method: 'DELETE' })).status).toBe(200);
    // Another chapter's event: its registration is as foreign here as its ticket.
    const betaEvent = await createEvent(beta.token);
    const betaPerson = await register(betaEvent.id);

    const cases: [string, string, string, number, string][] = [
      ['another event’s', await registrationIdOf(elsewhere.ticket), event.id, 409, 'Not registered for this event'],
      ['another chapter’s', await registrationIdOf(betaPerson.ticket), event.id, 409, 'Not registered for this event'],
      ['a waitlisted one', await registrationIdOf(waiting.ticket), event.id, 409, 'On the waitlist'],
      ['a cancelled one', await registrationIdOf(cancelled.ticket), other.id, 409, 'This registration was cancelled'],
      ['an unknown one', randomUUID(), event.id, 404, 'Not registered for this event'],
    ];
    for (const [what, registration, eventId, status, message] of cases) {
      const res = await checkIn(eventId, { registration, id: randomUUID() }, alpha.token);
      expect(res.status, what).toBe(status);
      const answer = await res.json();
      expect(answer.message, what).toBe(message);
      expect(answer.code, what).toBe(refusalCode(status, message));
    }
    for (const id of [event.id, other.id, betaEvent.id]) expect(await checkInsOf(id)).toEqual([]);
  });

  it('refuses a registration that is no id, and a ticket and a registration at once, with 400 naming the field', async () => {
    const event = await createEvent(alpha.token);
    const { ticket } = await register(event.id);
    const registration = await registrationIdOf(ticket);
    const cases: [Record<string, unknown>, string][] = [
      [{ registration: 'nusrat' }, 'registration'],
      [{ registration: 42 }, 'registration'],
      [{ registration, ticket }, 'registration'],
    ];
    for (const [body, path] of cases) {
      const res = await checkIn(event.id, body, alpha.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).errors.map((e: { path: string }) => e.path)).toEqual([path]);
    }
    expect((await checkIn(event.id, { registration }, beta.token)).status).toBe(403);
    expect(await checkInsOf(event.id)).toEqual([]);
  });

  it('a scan and a name pick of one person at once count them once', async () => {
    const event = await createEvent(alpha.token);
    const { ticket } = await register(event.id);
    const registration = await registrationIdOf(ticket);
    clock = ON_THE_DAY;
    const answers = await Promise.all(
      [
        { body: { ticket }, token: alpha.token },
        { body: { registration }, token: admin },
      ].map(async ({ body, token }) => (await checkIn(event.id, { ...body, id: randomUUID() }, token)).json()),
    );
    expect(answers.map((a) => a.result).sort()).toEqual(['already', 'checked-in']);
    expect(await checkInsOf(event.id)).toHaveLength(2);
    const report = await (await api.call(`/events/${event.id}/attendance`, json('GET', undefined, admin))).json();
    expect(report).toMatchObject({ registered: 1, attended: 1 });
    expect(answers[0].checkedInAt).toBe(answers[1].checkedInAt);
  });
});

describe('the door list', () => {
  const door = (eventId: string, token: string | undefined) =>
    api.call(`/events/${eventId}/door`, json('GET', undefined, token));

  it('lists everyone not cancelled by registration id and ticket hash, with name, status, institution and check-in, and nothing else', async () => {
    const event = await createEvent(alpha.token, {
      title: 'Door List Day',
      registration: { mode: 'site', capacity: 2 },
    });
    const first = await register(event.id, {
      fullName: 'Nusrat Jahan',
      email: 'nusrat@example.org',
      phone: '+8801711000000',
      institution: 'BUET',
    });
    const second = await register(event.id, { fullName: 'Tanvir Ahmed', email: 'tanvir@example.org' });
    const gone = await register(event.id, { fullName: 'Gone Person' });
    const waiting = await register(event.id, { fullName: 'Waiting Person', email: 'waiting@example.org' });
    expect(waiting.status).toBe('waitlisted');
    // Cancelling a seat promotes the first on the waitlist: cancel the waitlisted one instead.
    expect(gone.status).toBe('waitlisted');
    expect((await api.call(`/tickets/${gone.ticket}`, { method: 'DELETE' })).status).toBe(200);
    clock = new Date('2030-03-10T04:02:00Z');
    await checkIn(event.id, { ticket: first.ticket, id: randomUUID() }, alpha.token);

    const res = await door(event.id, alpha.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = await res.json();
    expect(body.event).toEqual({
      id: event.id,
      title: 'Door List Day',
      eventDate: expect.any(String),
      startTime: expect.any(String),
      endTime: expect.any(String),
      location: expect.any(String),
      // Its seats, so a device offline can tell its list shows the event full.
      capacity: 2,
    });
    const entry = async (ticket: string) => ({
      registrationId: (await registrationOf(ticket)).id,
      ticketHash: hashOf(event.id, ticket),
    });
    expect(body).toEqual({
      success: true,
      event: body.event,
      attendees: [
        {
          ...(await entry(first.ticket)),
          fullName: 'Nusrat Jahan',
          status: 'confirmed',
          institution: 'BUET',
          checkedInAt: '2030-03-10T04:02:00.000Z',
          walkIn: false,
        },
        {
          ...(await entry(second.ticket)),
          fullName: 'Tanvir Ahmed',
          status: 'confirmed',
          institution: null,
          checkedInAt: null,
          walkIn: false,
        },
        {
          ...(await entry(waiting.ticket)),
          fullName: 'Waiting Person',
          status: 'waitlisted',
          institution: null,
          checkedInAt: null,
          walkIn: false,
        },
      ],
    });
    // The phone keeps only what the door needs: no e-mail, no phone, and no ticket (a ticket cancels).
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/@example\.org|8801711|Gone Person/);
    expect(text).not.toMatch(/"(?:ticket|ticketUrl|token)":/i);
    for (const { ticket, ticketUrl } of [first, second, gone, waiting]) {
      expect(text).not.toContain(ticket);
      expect(text).not.toContain(ticketUrl);
    }
  });

  it('hashes each ticket with its event’s id: the same list kept from two events shares no hash', async () => {
    const one = await createEvent(alpha.token);
    const two = await createEvent(alpha.token);
    await register(one.id);
    await register(two.id);
    const hashes = async (eventId: string) =>
      ((await (await door(eventId, alpha.token)).json()).attendees as { ticketHash: string }[]).map(
        (a) => a.ticketHash,
      );
    const [a, b] = [await hashes(one.id), await hashes(two.id)];
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    // Hashed with the other event's id, neither list's ticket is found on the other's.
    const ticketOne = (
      await api.db.selectFrom('registrations').select('ticket').where('eventId', '=', one.id).executeTakeFirstOrThrow()
    ).ticket;
    expect(a).toEqual([hashOf(one.id, ticketOne)]);
    expect(b).not.toContain(hashOf(two.id, ticketOne));
  });

  it('is for the event’s chapter and admins: 401 signed out, 403 another chapter, 404 unknown', async () => {
    const event = await createEvent(alpha.token);
    await register(event.id);
    expect((await door(event.id, admin)).status).toBe(200);
    const visitor = await door(event.id, undefined);
    expect(visitor.status).toBe(401);
    expect((await visitor.json()).success).toBe(false);
    const refused = await door(event.id, beta.token);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(
      'This event belongs to another chapter: only its chapter and admins can check people in',
    );
    expect((await door(randomUUID(), alpha.token)).status).toBe(404);
    expect((await door('not-an-id', alpha.token)).status).toBe(404);
  });
});

describe('two doors at once', { timeout: 120_000 }, () => {
  it('count each person once: one "checked-in", the other "already" with the same time', async () => {
    const event = await createEvent(alpha.token, { title: 'Two Doors' });
    const tickets: string[] = [];
    for (let i = 0; i < 10; i++) tickets.push((await register(event.id)).ticket);
    clock = new Date('2030-03-10T04:00:00Z');
    const answers = await Promise.all(
      tickets.flatMap((ticket) =>
        [alpha.token, admin].map(async (token) => {
          const res = await checkIn(event.id, { ticket, id: randomUUID() }, token);
          return { ticket, status: res.status, body: await res.json() };
        }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    for (const ticket of tickets) {
      const pair = answers.filter((a) => a.ticket === ticket).map((a) => a.body);
      expect(pair.map((b) => b.result).sort()).toEqual(['already', 'checked-in']);
      expect(pair[0].checkedInAt).toBe(pair[1].checkedInAt);
    }
    clock = AFTER_THE_END;
    const report = await (await api.call(`/events/${event.id}/attendance`, json('GET', undefined, admin))).json();
    expect(report).toMatchObject({ registered: 10, attended: 10, noShows: 0 });
    const rows = await checkInsOf(event.id);
    expect(rows.filter((r) => r.result === 'checked-in')).toHaveLength(10);
    expect(rows.filter((r) => r.result === 'already')).toHaveLength(10);
  });

  it('the same scan sent twice at once is one scan', async () => {
    const event = await createEvent(alpha.token);
    const { ticket } = await register(event.id);
    clock = ON_THE_DAY;
    const id = randomUUID();
    const answers = await Promise.all(
      [1, 2].map(async () => (await checkIn(event.id, { ticket, id }, alpha.token)).json()),
    );
    expect(answers.map((a) => a.result)).toEqual(['checked-in', 'checked-in']);
    expect(answers[0].checkedInAt).toBe(answers[1].checkedInAt);
    expect(await checkInsOf(event.id)).toHaveLength(1);
  });
});

describe('the attendance report', () => {
  it('counts registered, attended, no-shows, members and guests, with sign-ups per day and arrivals per quarter hour', async () => {
    const event = await createEvent(alpha.token, {
      title: 'Report Day',
      eventDate: '2030-03-10',
      registration: { mode: 'site', capacity: 4 },
    });
    // Sign-ups on 1 March (two, one just before midnight in Dhaka), 3 March (Dhaka: 2 March 23:59 UTC is 3 March 05:59)...
    clock = new Date('2030-03-01T03:00:00Z');
    const member = await register(event.id, { ieeeMemberId: '12345678' });
    clock = new Date('2030-03-01T17:59:00Z'); // 23:59 in Dhaka, still 1 March
    const guest = await register(event.id);
    clock = new Date('2030-03-02T23:59:00Z'); // 05:59 on 3 March in Dhaka
    const noShow = await register(event.id, { ieeeMemberId: '87654321' });
    const late = await register(event.id);
    const waiting = await register(event.id);
    expect(waiting.status).toBe('waitlisted');

    // Arrivals at 10:02 and 10:14 (one quarter), 10:31 (the quarter after next) in Dhaka.
    for (const [ticket, at] of [
      [member.ticket, '2030-03-10T04:02:00Z'],
      [guest.ticket, '2030-03-10T04:14:59Z'],
      [late.ticket, '2030-03-10T04:31:00Z'],
    ] as const) {
      clock = new Date(at);
      expect((await (await checkIn(event.id, { ticket }, alpha.token)).json()).result).toBe('checked-in');
    }
    expect(noShow.status).toBe('confirmed');

    clock = new Date('2030-03-11T00:00:00Z');
    const res = await api.call(`/events/${event.id}/attendance`, json('GET', undefined, alpha.token));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toEqual({
      success: true,
      registered: 4,
      attended: 3,
      noShows: 1,
      members: 1,
      guests: 2,
      walkIns: 0,
      signupsPerDay: [
        { date: '2030-03-01', count: 2 },
        { date: '2030-03-02', count: 0 },
        { date: '2030-03-03', count: 3 },
        ...['04', '05', '06', '07', '08', '09', '10'].map((d) => ({ date: `2030-03-${d}`, count: 0 })),
      ],
      arrivalsPerQuarterHour: [
        { start: '2030-03-10T04:00:00.000Z', count: 2 },
        { start: '2030-03-10T04:15:00.000Z', count: 0 },
        { start: '2030-03-10T04:30:00.000Z', count: 1 },
      ],
    });
  });

  it('is empty for an event nobody registered for, and only for its staff', async () => {
    const event = await createEvent(alpha.token);
    clock = AFTER_THE_END;
    const res = await api.call(`/events/${event.id}/attendance`, json('GET', undefined, admin));
    expect(await res.json()).toEqual({
      success: true,
      registered: 0,
      attended: 0,
      noShows: 0,
      members: 0,
      guests: 0,
      walkIns: 0,
      signupsPerDay: [],
      arrivalsPerQuarterHour: [],
    });
    expect((await api.call(`/events/${event.id}/attendance`)).status).toBe(401);
    const refused = await api.call(`/events/${event.id}/attendance`, json('GET', undefined, beta.token));
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(
      'This event belongs to another chapter: only its chapter and admins can see its attendance',
    );
    expect((await api.call(`/events/${event.id}/attendance.csv`, json('GET', undefined, beta.token))).status).toBe(403);
  });

  it('counts no-shows only once the event has ended: null until then', async () => {
    const event = await createEvent(alpha.token);
    const { ticket } = await register(event.id);
    await register(event.id);
    clock = ON_THE_DAY;
    expect((await checkIn(event.id, { ticket }, alpha.token)).status).toBe(200);
    const report = async () =>
      (await api.call(`/events/${event.id}/attendance`, json('GET', undefined, alpha.token))).json();
    // A minute before the end (13:00 in Dhaka), the second person may still come.
    clock = new Date('2030-03-10T06:59:00Z');
    expect(await report()).toMatchObject({ registered: 2, attended: 1, noShows: null });
    clock = AFTER_THE_END;
    expect(await report()).toMatchObject({ registered: 2, attended: 1, noShows: 1 });
  });

  it('downloads as CSV: one row per confirmed registration, attended yes or no, Bangla names intact', async () => {
    const event = await createEvent(alpha.token, { title: 'CSV Night', registration: { mode: 'site', capacity: 2 } });
    clock = new Date('2030-03-01T03:00:00Z');
    const came = await register(event.id, {
      fullName: 'সাদিয়া আক্তার',
      email: 'sadia@example.org',
      ieeeMemberId: '11223344',
    });
    await register(event.id, { fullName: '=HYPERLINK("x")', email: 'formula@example.org', institution: 'BUET' });
    await register(event.id, { fullName: 'Waiting Person', email: 'wait@example.org' });
    clock = new Date('2030-03-10T04:05:00Z');
    await checkIn(event.id, { ticket: came.ticket }, alpha.token);

    const res = await api.call(`/events/${event.id}/attendance.csv`, json('GET', undefined, alpha.token));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="csv-night-attendance.csv"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split('\r\n')).toEqual([
      'Full name,E-mail,Institution,IEEE member number,Registered at (Dhaka time),Attended,Checked in at (Dhaka time),Walk-in',
      'সাদিয়া আক্তার,sadia@example.org,,"=""11223344""",2030-03-01 09:00,yes,2030-03-10 10:05,no',
      `"'=HYPERLINK(""x"")",formula@example.org,BUET,,2030-03-01 09:00,no,,no`,
      '',
    ]);
  });
});

describe('retention', () => {
  it('keeps the check-ins of deleted registrations, without the link to them', async () => {
    clock = new Date('2030-02-01T00:00:00Z');
    const event = await createEvent(alpha.token, { eventDate: '2030-02-05' });
    const { ticket } = await register(event.id);
    clock = new Date('2030-02-05T05:00:00Z');
    expect((await checkIn(event.id, { ticket }, alpha.token)).status).toBe(200);
    expect(await deletePersonalDataOfPastEvents(api.db, new Date('2030-03-01T00:00:00Z'), 7)).toBe(1);
    const rows = await checkInsOf(event.id);
    expect(rows.map((r) => [r.result, r.registrationId])).toEqual([['checked-in', null]]);
    // The report has nobody left to count.
    const report = await (await api.call(`/events/${event.id}/attendance`, json('GET', undefined, alpha.token))).json();
    expect(report).toMatchObject({ registered: 0, attended: 0 });
  });
});
