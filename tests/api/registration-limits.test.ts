import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import {
  CONTACT_LIMIT,
  REGISTRATION_ATTEMPT_LIMIT,
  REGISTRATION_ROOM_LIMIT,
  registrationAttemptKey,
  registrationRoomKey,
} from '../../src/server/services/rate-limits.service.ts';
import { ticketAgainKey } from '../../src/server/services/ticket-again-limit.service.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, type TestApi } from '../support/api-server.ts';
import { testClock } from '../support/clock.ts';
import * as registration from '../support/registration.ts';

/**
 * A room gets in, a script does not multiply. A hall registers through one address (campus Wi-Fi, a
 * carrier's NAT), so the per-address allowance counts only registrations that were kept, sized for a
 * big hall; a loop guard counts every attempt. Refused attempts (a repeated e-mail, a closed event, a
 * missing answer, the honeypot) use up nothing of the room's. IPv6 callers count by their /64. Time is
 * the injected clock.
 */
const clock = testClock();
const setUp = useTestApi({ chapters: { alpha: 'Alpha Chapter' }, now: clock.now });
let api: TestApi;
let app: ReturnType<typeof createApi>;
let alpha: TestChapter;
beforeAll(() => {
  ({ api } = setUp);
  ({ alpha } = setUp.chapters);
  app = createApi({ ...api.deps, now: clock.now });
});

/** A request to the API in process from a client address of the test's choosing (the local server reads the socket's). */
const from = (address: string, path: string, init: RequestInit) =>
  app.request(`/api/v1${path}`, init, { incoming: { socket: { remoteAddress: address } } });

let serial = 0;
const person = (overrides: Record<string, unknown> = {}) => {
  serial += 1;
  return { fullName: `Student ${serial}`, email: `student${serial}@campus.example`, consent: true, ...overrides };
};
/** A registration attempt from `address`: the answer as it came. */
const register = (address: string, eventId: string, body: Record<string, unknown> = person()) =>
  registration.postRegistration(app, eventId, body, { address });

const siteEvent = async (settings: Record<string, unknown> = {}) =>
  (await registration.siteEvent(api, alpha.token, settings)).id;

const counter = async (key: string) =>
  (await api.db.selectFrom('rateLimits').select('count').where('key', '=', key).executeTakeFirst())?.count;
const kept = async (eventId: string) =>
  (await api.db.selectFrom('registrations').select('id').where('eventId', '=', eventId).execute()).length;
/** Sets a counter as if `count` hits had come in its window, which started now. */
const seed = (key: string, count: number) =>
  api.db
    .insertInto('rateLimits')
    .values({ key, count, windowStart: clock.now() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ count, windowStart: clock.now() }))
    .execute();

describe('a room behind one address', { timeout: 120_000 }, () => {
  it('60 people with distinct e-mails register for one event from one IPv4 address within two minutes: all get in', async () => {
    const event = await siteEvent({ capacity: 80 });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      statuses.push((await register('203.0.113.50', event)).status);
      clock.advance(2_000);
    }
    expect(statuses).toEqual(Array(60).fill(201));
    expect(await kept(event)).toBe(60);
    expect(await counter(registrationRoomKey('203.0.113.50', event))).toBe(60);
  });

  it('attempts refused for any reason use up nothing of the room’s allowance', async () => {
    const event = await siteEvent({ questions: ['T-shirt size?'] });
    const address = '203.0.113.51';
    const first = person({ answers: ['M'] });
    expect((await register(address, event, first)).status).toBe(201);
    const refusals = [
      // The same e-mail again (a double tap, a classmate's typo): 409.
      await register(address, event, { ...first, fullName: 'Again' }),
      // An answer missing: 400 from the event's own questions.
      await register(address, event, person({ answers: [' '] })),
      // A field the form checks: 400 before anything is counted.
      await register(address, event, person({ email: 'not-an-address', answers: ['M'] })),
      // The honeypot.
      await register(address, event, person({ answers: ['M'], website: 'https://spam.example' })),
    ];
    expect(refusals.map((r) => r.status)).toEqual([409, 400, 400, 400]);
    expect(await counter(registrationRoomKey(address, event))).toBe(1);
    // The loop guard saw every attempt that reached an event (the malformed body did not).
    expect(await counter(registrationAttemptKey(address))).toBe(4);

    // A closed event: 409, and its room's allowance untouched.
    const closed = await siteEvent({ closesAt: '2020-01-01T10:00' });
    expect((await register(address, closed)).status).toBe(409);
    expect(await counter(registrationRoomKey(address, closed))).toBe(0);
    expect(await kept(event)).toBe(1);
  });

  it('a room past its allowance is told to wait or use another connection; another address and another event are not', async () => {
    const event = await siteEvent();
    const address = '203.0.113.52';
    await seed(registrationRoomKey(address, event), REGISTRATION_ROOM_LIMIT.limit - 1);
    expect((await register(address, event)).status).toBe(201);
    const over = await register(address, event);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBe(REGISTRATION_ROOM_LIMIT.windowMs / 1000);
    expect((await over.json()).message).toBe(
      'So many people have registered for this event from your network (a campus or mobile network shares one address) that registration from it is paused. Please try again in 60 minutes, or register over another connection such as mobile data.',
    );
    // The refused attempt used nothing up: the count is the registrations kept.
    expect(await counter(registrationRoomKey(address, event))).toBe(REGISTRATION_ROOM_LIMIT.limit);
    expect((await register('203.0.113.53', event)).status).toBe(201);
    expect((await register(address, await siteEvent())).status).toBe(201);
    // An hour later the room registers again.
    clock.advance(REGISTRATION_ROOM_LIMIT.windowMs);
    expect((await register(address, event)).status).toBe(201);
  });

  it('parallel registrations at the edge of the allowance let through exactly what is left', async () => {
    const event = await siteEvent();
    const address = '203.0.113.54';
    await seed(registrationRoomKey(address, event), REGISTRATION_ROOM_LIMIT.limit - 3);
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () => register(address, event).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    expect(await kept(event)).toBe(3);
    expect(await counter(registrationRoomKey(address, event))).toBe(REGISTRATION_ROOM_LIMIT.limit);
  });

  it('the loop guard stops a script that keeps trying, and only its address', async () => {
    const event = await siteEvent();
    const address = '203.0.113.55';
    await seed(registrationAttemptKey(address), REGISTRATION_ATTEMPT_LIMIT.limit - 1);
    expect((await register(address, event)).status).toBe(201);
    const looped = person();
    const stopped = await register(address, event, looped);
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await stopped.json()).message).toBe(
      'Too many registration attempts from your network. Please try again in 60 minutes. If you have registered already, your ticket is in your e-mail.',
    );
    expect(await kept(event)).toBe(1);
    expect(await counter(registrationRoomKey(address, event))).toBe(1);
    expect((await register('203.0.113.56', event)).status).toBe(201);
  });
});

describe('"Send my ticket again" in a loop', () => {
  it('counts under the same loop guard: a script cycling through addresses is stopped, nothing queued', async () => {
    const mailing = createApi({ ...api.deps, now: clock.now, mail: { ...api.deps.mail, enabled: true } });
    const ask = (address: string, eventId: string, email: string) =>
      mailing.request(`/api/v1/events/${eventId}/registrations/resend`, json('POST', { email }), {
        incoming: { socket: { remoteAddress: address } },
      });
    const event = await siteEvent();
    const address = '203.0.113.77';
    await seed(registrationAttemptKey(address), REGISTRATION_ATTEMPT_LIMIT.limit - 1);
    expect((await ask(address, event, 'first@campus.example')).status).toBe(202);
    const stopped = await ask(address, event, 'second@campus.example');
    expect(stopped.status).toBe(429);
    expect((await stopped.json()).message).toMatch(/^Too many registration attempts from your network\./);
    // Its per-address counter was never written: the guard answered first.
    expect(await counter(ticketAgainKey(event, 'second@campus.example'))).toBeUndefined();
    expect((await ask('203.0.113.78', event, 'second@campus.example')).status).toBe(202);
  });
});

describe('addresses as the limits count them', () => {
  it('IPv6 callers count by their /64, and an IPv4-mapped address as its IPv4 address', async () => {
    const event = await siteEvent();
    for (const address of ['2001:db8:7:7::1', '2001:db8:7:7::2', '2001:db8:7:7:aaaa::9'])
      expect((await register(address, event)).status).toBe(201);
    expect((await register('2001:db8:7:8::1', event)).status).toBe(201);
    expect(await counter(registrationRoomKey('2001:db8:7:7::/64', event))).toBe(3);
    expect(await counter(registrationRoomKey('2001:db8:7:8::/64', event))).toBe(1);

    expect((await register('::ffff:203.0.113.60', event)).status).toBe(201);
    expect((await register('203.0.113.60', event)).status).toBe(201);
    expect(await counter(registrationRoomKey('203.0.113.60', event))).toBe(2);
    // No counter is keyed by a single IPv6 address or a mapped spelling.
    const keys = (await api.db.selectFrom('rateLimits').select('key').execute()).map((r) => r.key);
    expect(keys.filter((key) => key.includes('::1') || key.includes('::ffff') || key.includes('aaaa'))).toEqual([]);
  });

  it('the contact form counts an IPv6 /64 as one caller too', async () => {
    const message = (i: number) => json('POST', { name: 'Six', email: 'six@example.org', message: `Hello ${i}` });
    for (let i = 1; i <= CONTACT_LIMIT.limit; i++)
      expect((await from(`2001:db8:c:c::${i}`, '/contact', message(i))).status).toBe(201);
    expect((await from('2001:db8:c:c::ffff', '/contact', message(0))).status).toBe(429);
    expect((await from('2001:db8:c:d::1', '/contact', message(0))).status).toBe(201);
  });
});
