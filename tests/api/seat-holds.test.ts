import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { CONFIRMED_WHILE_WAITING } from '../../src/lib/registration/email-confirmation.ts';
import { noPageCache } from '../../src/server/caching/page-cache.ts';
import { releaseExpiredHoldsOf } from '../../src/server/services/registrations.service.ts';
import { HOLDS_PER_NETWORK } from '../../src/server/services/seat-holds.service.ts';
import type { RegistrationResult, RegistrationSummary, TicketView } from '../../src/lib/types.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, sampleEvent, type TestApi } from '../support/api-server.ts';
import { testClock } from '../support/clock.ts';
import { mailedCode } from '../support/confirmation-mail.ts';
import * as registration from '../support/registration.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';

/**
 * A script cannot hold an event. On an event that confirms by e-mail, one network (IPv4 as itself,
 * IPv6 by its /64, read from the connection, never from a header the client sets) holds at most
 * HOLDS_PER_NETWORK unconfirmed seats at once; past that a registration is a place on the waitlist
 * that holds nothing until its e-mail is confirmed. The waitlist serves those who confirmed first. A
 * hold lasts at most an hour. Each request comes from the address the test names (the local server
 * reads the socket's); the clock is moved, nobody waits. Runs on PGlite, and on PostgreSQL with
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
let app: ReturnType<typeof createApi>;
beforeAll(() => {
  ({ api } = setUp);
  ({ alpha } = setUp.chapters);
  app = createApi({ ...api.deps, now: clock.now });
});

const MINUTE = 60_000;
/** A request from a client address of the test's choosing, with any headers it adds. */
const from = (address: string, path: string, init: RequestInit = {}) =>
  app.request(`/api/v1${path}`, init, { incoming: { socket: { remoteAddress: address } } });

let eventCount = 0;
const confirmingEvent = async (capacity: number | null, extra: Record<string, unknown> = {}) =>
  (
    await registration.siteEvent(
      api,
      alpha.token,
      { capacity, confirmByEmail: true, ...extra },
      { title: `Hold Day ${++eventCount}` },
    )
  ).id;

/** Someone new registered from `address`, with any headers their request adds. */
const register = (address: string, eventId: string, headers: Record<string, string> = {}) =>
  registration.register(app, eventId, {}, { address, headers });

/** "Confirm my e-mail" with the code of the latest e-mail caught for the ticket, as its holder does. */
const confirm = async (ticket: string) =>
  from('192.0.2.200', `/tickets/${ticket}/confirm`, json('POST', { code: await mailedCode(api, smtp, ticket) }));
const ticketOf = async (ticket: string) =>
  (await (await from('192.0.2.200', `/tickets/${ticket}`)).json()) as TicketView;
const summary = async (eventId: string) =>
  (await (await from('192.0.2.200', `/events/${eventId}/registration`)).json()) as RegistrationSummary;
const stored = (eventId: string) =>
  api.db.selectFrom('registrations').selectAll().where('eventId', '=', eventId).orderBy('seq').execute();

describe('unconfirmed seat holds per network', () => {
  it('one network holds 5 seats unconfirmed; the rest wait, holding nothing, told a seat is theirs once they confirm', async () => {
    const eventId = await confirmingEvent(10);
    const room: (RegistrationResult & { email: string })[] = [];
    for (let i = 0; i < 8; i++) room.push(await register('203.0.113.10', eventId));
    expect(room.map((r) => r.status)).toEqual([
      ...Array<string>(5).fill('confirmed'),
      ...Array<string>(3).fill('waitlisted'),
    ]);
    for (const held of room.slice(0, 5))
      expect(held.confirmation).toMatchObject({ state: 'pending', holdUntil: expect.any(String) });
    expect(room.slice(5).map((r) => [r.position, r.confirmation])).toEqual([
      [1, { state: 'pending', holdUntil: null, seatFree: true }],
      [2, { state: 'pending', holdUntil: null, seatFree: true }],
      [3, { state: 'pending', holdUntil: null, seatFree: true }],
    ]);
    expect(await summary(eventId)).toMatchObject({ confirmed: 5, waitlisted: 3, seatsLeft: 5 });
    expect((await ticketOf(room[5]!.ticket)).confirmation).toEqual({
      state: 'pending',
      holdUntil: null,
      seatFree: true,
    });

    // Someone on another network is not held back by them.
    const other = await register('198.51.100.7', eventId);
    expect(other.status).toBe('confirmed');

    // What is stored: one anonymous label for the room, another for the other network; no address.
    const rows = await stored(eventId);
    const labels = new Set(rows.slice(0, 8).map((r) => r.network));
    expect(labels.size).toBe(1);
    expect([...labels][0]).toMatch(/^[0-9A-F]{8}$/);
    expect(rows[8]!.network).not.toBe(rows[0]!.network);
    expect(JSON.stringify(rows)).not.toContain('203.0.113');

    // Their e-mail says why they wait and what to do.
    await api.deps.mail.idle();
    const mail = smtp.accepted.find((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === room[5]!.email);
    expect(mail?.subject).toBe(`Confirm your e-mail to get your seat: Hold Day ${eventCount}`);
    expect(mail?.text).toContain(
      'A seat is free now: open the link below and press “Confirm my e-mail” on the page it opens, and it is yours at once.',
    );
    expect(mail?.text).toContain(`/tickets/${room[5]!.ticket}/confirm?code=`);
  });

  it('a forged X-Forwarded-For, X-Real-IP, Forwarded or Netlify header does not change the network', async () => {
    const eventId = await confirmingEvent(20);
    for (let i = 0; i < HOLDS_PER_NETWORK; i++) await register('203.0.113.20', eventId);
    const forged = [
      { 'x-forwarded-for': '198.51.100.1' },
      { 'x-real-ip': '198.51.100.2' },
      { forwarded: 'for=198.51.100.3' },
      { 'x-nf-client-connection-ip': '198.51.100.4' },
      { 'client-ip': '198.51.100.5', 'true-client-ip': '198.51.100.6', 'cf-connecting-ip': '198.51.100.8' },
    ];
    for (const headers of forged) {
      const sent = await register('203.0.113.20', eventId, headers);
      expect(sent.status, JSON.stringify(headers)).toBe('waitlisted');
    }
    const rows = await stored(eventId);
    expect(new Set(rows.map((r) => r.network)).size).toBe(1);
    expect(rows.filter((r) => r.holdUntil !== null)).toHaveLength(HOLDS_PER_NETWORK);
  });

  it('counts IPv6 by its /64, and an IPv4-mapped address as its IPv4 address', async () => {
    const eventId = await confirmingEvent(20);
    for (let i = 1; i <= HOLDS_PER_NETWORK; i++)
      expect((await register(`2001:db8:5:5::${i.toString(16)}`, eventId)).status).toBe('confirmed');
    expect((await register('2001:db8:5:5:ffff::1', eventId)).status).toBe('waitlisted');
    expect((await register('2001:db8:5:6::1', eventId)).status).toBe('confirmed');
    for (let i = 0; i < HOLDS_PER_NETWORK; i++) await register('203.0.113.30', eventId);
    expect((await register('::ffff:203.0.113.30', eventId)).status).toBe('waitlisted');
  });

  it('holds nothing and limits nothing on an event that does not confirm by e-mail', async () => {
    const res = await api.call(
      '/events',
      json('POST', sampleEvent({ registration: { mode: 'site', capacity: 10 } }), alpha.token),
    );
    const eventId = ((await res.json()) as { event: { _id: string } }).event._id;
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await register('203.0.113.40', eventId));
    expect(answers.map((a) => a.status)).toEqual(Array<string>(8).fill('confirmed'));
  });
});

describe('confirming', () => {
  it('a registrant held back takes a free seat the moment they confirm; a held one confirming lets the next of the network hold one', async () => {
    const eventId = await confirmingEvent(10);
    const room = [];
    for (let i = 0; i < 7; i++) room.push(await register('203.0.113.50', eventId));
    const [firstHeld, , , , , firstWaiting, secondWaiting] = room;

    const took = await confirm(secondWaiting!.ticket);
    expect(took.status).toBe(200);
    expect(await took.json()).toMatchObject({ status: 'confirmed', confirmation: { state: 'confirmed' } });
    expect(await ticketOf(secondWaiting!.ticket)).toMatchObject({
      status: 'confirmed',
      confirmation: { state: 'confirmed' },
    });
    const mail = await api.db
      .selectFrom('emailOutbox as o')
      .innerJoin('registrations as r', 'r.id', 'o.registrationId')
      .select('o.kind')
      .where('r.ticket', '=', secondWaiting!.ticket)
      .orderBy('o.createdAt')
      .execute();
    expect(mail.map((m) => m.kind)).toContain('promoted');
    // Sent again (a replay, or a second tap): the same answer, no second seat or message.
    const again = await confirm(secondWaiting!.ticket);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'confirmed', confirmation: { state: 'confirmed' } });
    const after = await api.db
      .selectFrom('emailOutbox as o')
      .innerJoin('registrations as r', 'r.id', 'o.registrationId')
      .select('o.kind')
      .where('r.ticket', '=', secondWaiting!.ticket)
      .execute();
    expect(after.filter((m) => m.kind === 'promoted')).toHaveLength(1);

    // The network still holds 5; one of them confirms, and the next of the network holds a seat in turn.
    expect((await ticketOf(firstWaiting!.ticket)).status).toBe('waitlisted');
    expect((await confirm(firstHeld!.ticket)).status).toBe(200);
    const next = await ticketOf(firstWaiting!.ticket);
    expect(next).toMatchObject({ status: 'confirmed', confirmation: { state: 'pending' } });
    expect(Date.parse((next.confirmation as { holdUntil: string }).holdUntil)).toBeGreaterThan(clock.now().getTime());
    expect(await summary(eventId)).toMatchObject({ confirmed: 7, waitlisted: 0, seatsLeft: 3 });
  });

  it('a classroom of 30 behind one campus address all get seats as they confirm', async () => {
    const eventId = await confirmingEvent(40);
    const room = [];
    for (let i = 0; i < 30; i++) room.push(await register('203.0.113.60', eventId));
    expect(room.filter((r) => r.status === 'confirmed')).toHaveLength(HOLDS_PER_NETWORK);
    // They open their mail in their own order.
    const order = room.map((r, i) => ({ r, key: (i * 7) % 30 })).sort((a, b) => a.key - b.key);
    for (const { r } of order) {
      clock.advance(10_000);
      expect((await confirm(r.ticket)).status).toBe(200);
    }
    expect(await summary(eventId)).toMatchObject({ confirmed: 30, waitlisted: 0, seatsLeft: 10 });
    const rows = await stored(eventId);
    expect(
      rows.every((r) => r.status === 'confirmed' && r.emailConfirmation === 'confirmed' && r.holdUntil === null),
    ).toBe(true);
  });
});

describe('the waitlist serves those who confirmed first', () => {
  it('an unconfirmed place never pushes a confirmed one down; a freed seat goes to the confirmed, with no hold', async () => {
    const eventId = await confirmingEvent(1);
    const seat = await register('198.51.100.20', eventId);
    const a = await register('198.51.100.21', eventId);
    const b = await register('198.51.100.22', eventId);
    const c = await register('198.51.100.23', eventId);
    expect([a.position, b.position, c.position]).toEqual([1, 2, 3]);

    const confirmed = await confirm(c.ticket);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ status: 'waitlisted', message: CONFIRMED_WHILE_WAITING });
    expect((await ticketOf(c.ticket)).position).toBe(1);
    expect((await ticketOf(a.ticket)).position).toBe(2);
    expect((await ticketOf(b.ticket)).position).toBe(3);
    const list = await api.call(
      `/events/${eventId}/registrations?status=waitlisted`,
      json('GET', undefined, alpha.token),
    );
    const { registrations } = (await list.json()) as { registrations: { email: string; position: number }[] };
    expect(registrations.map((r) => [r.email, r.position])).toEqual([
      [a.email, 2],
      [b.email, 3],
      [c.email, 1],
    ]);
    // A later registrant who confirms while waiting goes ahead of a and b too, behind c.
    const d = await register('198.51.100.24', eventId);
    expect(d.position).toBe(4);
    await confirm(d.ticket);
    expect((await ticketOf(d.ticket)).position).toBe(2);

    expect((await from('198.51.100.20', `/tickets/${seat.ticket}`, { method: 'DELETE' })).status).toBe(200);
    expect(await ticketOf(c.ticket)).toMatchObject({ status: 'confirmed', confirmation: { state: 'confirmed' } });
    expect((await ticketOf(d.ticket)).position).toBe(1);
    expect((await ticketOf(a.ticket)).position).toBe(2);
  });

  it('a capacity raise or a released hold gives a network no more held seats than its share', async () => {
    const eventId = await confirmingEvent(5);
    const script = [];
    for (let i = 0; i < 10; i++) script.push(await register('203.0.113.70', eventId));
    expect(script.filter((r) => r.status === 'confirmed')).toHaveLength(5);
    const real = [await register('198.51.100.30', eventId), await register('198.51.100.31', eventId)];
    expect(real.map((r) => r.status)).toEqual(['waitlisted', 'waitlisted']);

    const raised = await api.call(`/events/${eventId}`, json('PATCH', { registration: { capacity: 20 } }, alpha.token));
    expect(raised.status).toBe(200);
    // The script's waiting places stay waiting (it holds its 5); the two real people get held seats.
    expect(await summary(eventId)).toMatchObject({ confirmed: 7, waitlisted: 5 });
    for (const r of real) {
      expect((await ticketOf(r.ticket)).status).toBe('confirmed');
      expect((await confirm(r.ticket)).status).toBe(200);
    }

    // The script's holds run out: released, and its next five waiting places hold seats for another
    // while, never more than five at once.
    clock.advance(31 * MINUTE);
    // Read before the release has run (a read writes nothing), the seats are counted as it will give them.
    expect(await summary(eventId)).toMatchObject({ confirmed: 5 + 2, waitlisted: 0 });
    expect(await releaseExpiredHoldsOf({ db: api.db, pageCache: noPageCache }, eventId, clock.now())).toBe(5);
    expect(await summary(eventId)).toMatchObject({ confirmed: 5 + 2, waitlisted: 0 });
    const rows = await stored(eventId);
    const scriptNetwork = rows[0]!.network;
    const held = rows.filter((r) => r.network === scriptNetwork && r.status === 'confirmed' && r.holdUntil !== null);
    expect(held).toHaveLength(5);
  });
});

describe('the length of a hold', () => {
  it('is 5 to 60 minutes: 61 is refused with the bound, and an edit past it changes nothing', async () => {
    const eventId = await confirmingEvent(10, { holdMinutes: 60 });
    const tooLong = await api.call(
      '/events',
      json('POST', sampleEvent({ registration: { mode: 'site', confirmByEmail: true, holdMinutes: 61 } }), alpha.token),
    );
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(await tooLong.json())).toContain('The time to confirm must be at most 60 minutes (an hour)');
    const edit = await api.call(
      `/events/${eventId}`,
      json('PATCH', { registration: { holdMinutes: 1440 } }, alpha.token),
    );
    expect(edit.status).toBe(400);
    const read = (await (await api.call(`/events/${eventId}`)).json()) as {
      event: { registration: { holdMinutes: number } };
    };
    expect(read.event.registration.holdMinutes).toBe(60);
  });
});
