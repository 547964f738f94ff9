import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import type { PageCache } from '../../src/server/caching/page-cache.ts';
import { cacheTag } from '../../src/server/caching/page-cache.ts';
import { boundedQueue } from '../../src/server/http/bounded-queue.ts';
import { networkLabel } from '../../src/server/http/network-label.ts';
import { providePageDeps } from '../../src/server/runtime/page-deps.ts';
import { answerRegistrationPost, answerTicketAgainPost } from '../../src/server/pages/registration-post.ts';
import {
  REGISTRATION_ATTEMPT_LIMIT,
  REGISTRATION_ROOM_LIMIT,
  registrationAttemptKey,
  registrationRoomKey,
} from '../../src/server/services/rate-limits.service.ts';
import { HONEYPOT_REFUSAL, REGISTRATION_BUSY } from '../../src/server/services/registration-intake.service.ts';
import { HOLDS_PER_NETWORK } from '../../src/server/services/seat-holds.service.ts';
import {
  ALREADY_REGISTERED,
  ASK_THE_ORGANISER,
  TICKET_AGAIN_ANSWER,
} from '../../src/lib/registration/registration-view.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, type TestApi } from '../support/api-server.ts';
import { testClock } from '../support/clock.ts';
import * as registration from '../support/registration.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';

/**
 * The event page's forms posted as HTML (no script ran): "Register" at /events/{id}/register and "Lost
 * your ticket?" at /events/{id}/ticket-again. They take the path the API takes
 * (registration-intake.service.ts), so every rule of the API holds for them, counted together with the
 * API's requests: the site's own origin, the body's size and type, the schema, the honeypot, one mailbox
 * one registration, the room's allowance and the loop guard, the network's holds, the process's line.
 * Each answer is the visitor's own (never cached). The clock is moved, nobody waits. Runs on PGlite, and
 * on PostgreSQL with TEST_DATABASE_URL.
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
/** Every tag the form posts purged, in order. */
const purged: string[] = [];
const recording: PageCache = { purge: async (tags) => void purged.push(...tags) };
const SLOT = Symbol.for('ieee-cs-bdc.page-deps');
beforeAll(() => {
  ({ api } = setUp);
  ({ alpha } = setUp.chapters);
  app = createApi({ ...api.deps, now: clock.now });
  providePageDeps({ ...api.deps, now: clock.now, pageCache: recording });
});
afterAll(async () => {
  delete (globalThis as Record<symbol, unknown>)[SLOT];
  await api.deps.mail.idle();
});

const ORIGIN = 'http://127.0.0.1';
/** A form as a browser posts it from the event page, with any headers a test adds. */
function formPost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: ORIGIN,
      'Sec-Fetch-Site': 'same-origin',
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}
/** The API in process, from a client address of the test's choosing (the local server reads the socket's). */
const fromApi = (address: string, path: string, init: RequestInit) =>
  app.request(`/api/v1${path}`, init, { incoming: { socket: { remoteAddress: address } } });

let serial = 0;
/** A person's fields as the form names them. */
const person = (overrides: Record<string, string> = {}) => {
  serial += 1;
  return { fullName: `Student ${serial}`, email: `student${serial}@campus.example`, consent: 'on', ...overrides };
};
const registerByForm = (address: string, eventId: string, fields: Record<string, string> = person(), headers = {}) =>
  answerRegistrationPost(formPost(`/events/${eventId}/register`, fields, headers), eventId, address);
const askByForm = (address: string, eventId: string, email: string) =>
  answerTicketAgainPost(formPost(`/events/${eventId}/ticket-again`, { email }), eventId, address);

const siteEvent = async (settings: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) =>
  (await registration.siteEvent(api, alpha.token, settings, fields)).id;

const registrationsOf = (eventId: string) =>
  api.db
    .selectFrom('registrations')
    .select(['fullName', 'email', 'status', 'network', 'ticket'])
    .where('eventId', '=', eventId)
    .orderBy('createdAt')
    .execute();
const counter = async (key: string) =>
  (await api.db.selectFrom('rateLimits').select('count').where('key', '=', key).executeTakeFirst())?.count ?? 0;
/** Sets a counter as if `count` hits had come in its window, which started now. */
const seed = (key: string, count: number) =>
  api.db
    .insertInto('rateLimits')
    .values({ key, count, windowStart: clock.now() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ count, windowStart: clock.now() }))
    .execute();
const mailOf = (eventId: string) =>
  api.db
    .selectFrom('emailOutbox')
    .innerJoin('registrations', 'registrations.id', 'emailOutbox.registrationId')
    .select(['emailOutbox.kind', 'registrations.email'])
    .where('registrations.eventId', '=', eventId)
    .orderBy('emailOutbox.createdAt')
    .execute();

describe('the registration form posted without script', () => {
  it('keeps the registration and answers 303 to its ticket’s page, never cached; network, mail and purge as the API’s', async () => {
    const event = await siteEvent({ capacity: 10 });
    purged.length = 0;
    const fields = person({ fullName: 'তাসনিম রহমান', phone: '০১৭১২৩৪৫৬৭৮' });
    const answer = await registerByForm('203.0.113.10', event, fields);
    expect(answer.kind).toBe('redirect');
    expect(answer.status).toBe(303);
    expect(answer.headers['Cache-Control']).toBe('private, no-store');
    const [kept] = await registrationsOf(event);
    expect(answer.headers['Location']).toBe(`/tickets/${kept!.ticket}`);
    expect(kept).toMatchObject({ fullName: 'তাসনিম রহমান', status: 'confirmed' });
    // Where it came from, as the API labels it: the same network, the same label.
    expect(kept!.network).toBe(networkLabel(api.deps.config.sessionSecret, event, '203.0.113.10'));
    const viaApi = await fromApi(
      '203.0.113.10',
      `/events/${event}/registrations`,
      json('POST', {
        fullName: 'Arif Hossain',
        email: 'arif@campus.example',
        consent: true,
      }),
    );
    expect(viaApi.status).toBe(201);
    const networks = (await registrationsOf(event)).map((r) => r.network);
    expect(new Set(networks).size).toBe(1);
    // Its ticket mail is queued with it, and the event's seat count purged.
    expect((await mailOf(event))[0]).toEqual({ kind: 'registered', email: fields.email });
    expect(purged).toContain(cacheTag.registration(event));
    // The room counted it: the form and the API share one allowance.
    expect(await counter(registrationRoomKey('203.0.113.10', event))).toBe(2);
  });

  it('refuses what the API refuses, each field’s message under its field, what was typed kept, nothing stored', async () => {
    const event = await siteEvent({ questions: ['T-shirt size?'] });
    const typed = { fullName: 'Nadia Form', email: 'not an address', phone: '017', 'answer-0': 'M', website: '' };
    const refused = await registerByForm('203.0.113.11', event, typed);
    expect(refused.kind).toBe('page');
    if (refused.kind !== 'page') return;
    expect(refused.status).toBe(400);
    expect(refused.headers['Cache-Control']).toBe('private, no-store');
    expect(refused.served.values).toEqual({
      fullName: 'Nadia Form',
      email: 'not an address',
      phone: '017',
      institution: '',
      ieeeMemberId: '',
      answers: ['M'],
      consent: false,
    });
    // The API's own messages for the same body.
    const viaApi = await fromApi(
      '203.0.113.11',
      `/events/${event}/registrations`,
      json('POST', { fullName: 'Nadia Form', email: 'not an address', phone: '017', answers: ['M'], consent: false }),
    );
    expect(viaApi.status).toBe(400);
    const { errors } = (await viaApi.json()) as { errors: { path: string; message: string }[] };
    expect(refused.served.errors).toEqual(Object.fromEntries(errors.map((e) => [e.path, e.message])));
    expect(Object.keys(refused.served.errors).sort()).toEqual(['consent', 'email', 'phone']);
    expect(refused.served.reason).toBeUndefined();
    // The page shows the event with the form.
    expect(refused.load.status).toBe(200);

    // A question left blank is the event's own rule: named under its field.
    const blank = await registerByForm('203.0.113.11', event, person({ 'answer-0': ' ' }));
    expect(blank.status).toBe(400);
    if (blank.kind === 'page') expect(blank.served.errors).toEqual({ 'answer-0': 'Please answer this question' });
    expect(await registrationsOf(event)).toEqual([]);
    expect(await counter(registrationRoomKey('203.0.113.11', event))).toBe(0);
  });

  it('refuses a post from another site, a body too large and one that is not a form, before reading or storing anything', async () => {
    const event = await siteEvent();
    for (const headers of [
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'https://elsewhere.example', 'Sec-Fetch-Site': '' },
    ]) {
      const answer = await registerByForm('203.0.113.12', event, person(), headers);
      expect(answer.status).toBe(403);
      if (answer.kind === 'page') expect(answer.served.reason).toBe('Cross-site requests are not allowed');
    }
    const big = new URLSearchParams({ ...person(), fullName: 'x'.repeat(1024 * 1024) }).toString();
    const tooLarge = new Request(`${ORIGIN}/events/${event}/register`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': String(big.length),
        Origin: ORIGIN,
      },
      body: big,
    });
    expect((await answerRegistrationPost(tooLarge, event, '203.0.113.12')).status).toBe(413);
    const asJson = new Request(`${ORIGIN}/events/${event}/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify({ fullName: 'Json', email: 'json@campus.example', consent: true }),
    });
    expect((await answerRegistrationPost(asJson, event, '203.0.113.12')).status).toBe(415);
    expect(await registrationsOf(event)).toEqual([]);
    expect(await counter(registrationAttemptKey('203.0.113.12'))).toBe(0);
  });

  it('refuses a filled honeypot, keeping nothing and using nothing of the room’s allowance', async () => {
    const event = await siteEvent();
    const answer = await registerByForm('203.0.113.13', event, person({ website: 'https://spam.example' }));
    expect(answer.status).toBe(400);
    if (answer.kind === 'page') expect(answer.served.reason).toBe(HONEYPOT_REFUSAL);
    expect(await registrationsOf(event)).toEqual([]);
    expect(await counter(registrationRoomKey('203.0.113.13', event))).toBe(0);
    expect(await counter(registrationAttemptKey('203.0.113.13'))).toBe(1);
  });

  it('takes one registration per mailbox: another spelling is refused and offered its ticket again', async () => {
    const event = await siteEvent();
    expect((await registerByForm('203.0.113.14', event, person({ email: 'victim@gmail.com' }))).status).toBe(303);
    for (const email of ['Victim+1@gmail.com', 'v.i.c.t.i.m@googlemail.com']) {
      const again = await registerByForm('203.0.113.14', event, person({ email }));
      expect(again.status).toBe(409);
      if (again.kind !== 'page') return;
      expect(again.served).toMatchObject({ reason: ALREADY_REGISTERED, repeated: true, values: { email } });
    }
    expect((await registrationsOf(event)).map((r) => r.email)).toEqual(['victim@gmail.com']);
  });

  it('counts the form and the API together against the room’s allowance and the loop guard', async () => {
    const event = await siteEvent();
    const room = '203.0.113.15';
    await seed(registrationRoomKey(room, event), REGISTRATION_ROOM_LIMIT.limit - 1);
    expect((await registerByForm(room, event)).status).toBe(303);
    const full = await registerByForm(room, event);
    expect(full.status).toBe(429);
    expect(Number(full.headers['Retry-After'])).toBe(REGISTRATION_ROOM_LIMIT.windowMs / 1000);
    if (full.kind === 'page')
      expect(full.served.reason).toMatch(/^So many people have registered for this event from your network/);
    const viaApi = await fromApi(room, `/events/${event}/registrations`, json('POST', { ...person(), consent: true }));
    expect(viaApi.status).toBe(429);

    const looping = '203.0.113.16';
    await seed(registrationAttemptKey(looping), REGISTRATION_ATTEMPT_LIMIT.limit);
    const stopped = await registerByForm(looping, event);
    expect(stopped.status).toBe(429);
    if (stopped.kind === 'page')
      expect(stopped.served.reason).toMatch(/^Too many registration attempts from your network/);
    expect((await registrationsOf(event)).length).toBe(1);
  });

  it('holds no more than a network’s share of unconfirmed seats: the next from it waits, holding nothing', async () => {
    const event = await siteEvent({ capacity: 20, confirmByEmail: true });
    const hotspot = '198.51.100.20';
    for (let i = 0; i < HOLDS_PER_NETWORK; i++) {
      const res = await fromApi(
        hotspot,
        `/events/${event}/registrations`,
        json('POST', { ...person(), consent: true }),
      );
      expect(res.status).toBe(201);
    }
    expect((await registerByForm(hotspot, event, person({ fullName: 'Sixth Friend' }))).status).toBe(303);
    const sixth = (await registrationsOf(event)).find((r) => r.fullName === 'Sixth Friend');
    expect(sixth?.status).toBe('waitlisted');
    // Another network holds a seat at once.
    expect((await registerByForm('198.51.100.21', event, person({ fullName: 'Elsewhere' }))).status).toBe(303);
    expect((await registrationsOf(event)).find((r) => r.fullName === 'Elsewhere')?.status).toBe('confirmed');
  });

  it('waits in the process’s one line with the API’s registrations: a full line is 503 with Retry-After, nothing kept', async () => {
    const event = await siteEvent();
    const LINE = Symbol.for('ieee-cs-bdc.registration-line');
    const slot = globalThis as Record<symbol, unknown>;
    const before = slot[LINE];
    const line = boundedQueue({ running: 1, waiting: 0 });
    let finish!: () => void;
    const busy = line.run(() => new Promise<void>((done) => (finish = done)));
    slot[LINE] = line;
    try {
      const answer = await registerByForm('203.0.113.17', event);
      expect(answer.status).toBe(503);
      expect(answer.headers['Retry-After']).toBe('30');
      if (answer.kind === 'page') expect(answer.served.reason).toBe(REGISTRATION_BUSY);
      const viaApi = await fromApi(
        '203.0.113.17',
        `/events/${event}/registrations`,
        json('POST', { ...person(), consent: true }),
      );
      expect(viaApi.status).toBe(503);
    } finally {
      finish();
      await busy;
      slot[LINE] = before;
    }
    expect(await registrationsOf(event)).toEqual([]);
  });

  it('says why a closed or ended event takes none, and answers an unknown event as not found', async () => {
    const closed = await siteEvent({ closesAt: '2020-01-01T10:00' });
    const refused = await registerByForm('203.0.113.18', closed);
    expect(refused.status).toBe(409);
    if (refused.kind === 'page') {
      expect(refused.served.reason).toBe('Registration has closed');
      expect(refused.load.status).toBe(200);
    }
    const ended = await siteEvent({}, { eventDate: '2021-03-10' });
    const late = await registerByForm('203.0.113.18', ended);
    expect(late.status).toBe(409);
    // The page it answers with is the event's after its end: no form, it says the event took place.
    if (late.kind === 'page' && late.load.status === 200) expect(late.load.data.over).toBe(true);
    else expect.fail('an ended event’s page');
    for (const id of ['00000000-0000-4000-8000-000000000000', closed.toUpperCase()]) {
      const unknown = await registerByForm('203.0.113.18', id);
      expect(unknown.status).toBe(404);
      if (unknown.kind === 'page') expect(unknown.load.status).toBe(404);
    }
  });
});

describe('"Lost your ticket?" posted without script', () => {
  it('gives the one answer for every address, and queues the ticket’s link only for a registered mailbox, to the address registered', async () => {
    const event = await siteEvent();
    expect((await registerByForm('203.0.113.30', event, person({ email: 'Nabila.Karim@gmail.com' }))).status).toBe(303);
    const registered = await askByForm('203.0.113.30', event, 'nabilakarim+lost@gmail.com');
    const stranger = await askByForm('203.0.113.30', event, 'nobody@campus.example');
    for (const answer of [registered, stranger]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['Cache-Control']).toBe('private, no-store');
      if (answer.kind === 'page')
        expect(answer.served).toEqual({ email: '', outcome: 'sent', message: TICKET_AGAIN_ANSWER });
    }
    expect(await mailOf(event)).toEqual([
      { kind: 'registered', email: 'Nabila.Karim@gmail.com' },
      { kind: 'ticket-again', email: 'Nabila.Karim@gmail.com' },
    ]);
  });

  it('names an unreadable address under its field, limits asks per mailbox, and refuses another site', async () => {
    const event = await siteEvent();
    const unreadable = await askByForm('203.0.113.31', event, 'not an address');
    expect(unreadable.status).toBe(400);
    if (unreadable.kind === 'page')
      expect(unreadable.served).toMatchObject({
        outcome: 'failed',
        email: 'not an address',
        error: 'E-mail must be a valid e-mail address',
      });
    for (let i = 0; i < 3; i++)
      expect((await askByForm('203.0.113.31', event, 'someone@campus.example')).status).toBe(200);
    const fourth = await askByForm('203.0.113.31', event, 'Someone+again@campus.example');
    expect(fourth.status).toBe(429);
    if (fourth.kind === 'page') expect(fourth.served.message).toMatch(/asked for several times already/);
    const crossSite = await answerTicketAgainPost(
      formPost(`/events/${event}/ticket-again`, { email: 'x@campus.example' }, { 'Sec-Fetch-Site': 'cross-site' }),
      event,
      '203.0.113.31',
    );
    expect(crossSite.status).toBe(403);
    expect(await mailOf(event)).toEqual([]);
  });

  it('says whom to ask when the site sends no e-mail', async () => {
    const event = await siteEvent();
    providePageDeps({ ...api.deps, now: clock.now, pageCache: recording, mail: { ...api.deps.mail, enabled: false } });
    try {
      const answer = await askByForm('203.0.113.32', event, 'someone@campus.example');
      expect(answer.status).toBe(409);
      if (answer.kind === 'page')
        expect(answer.served).toMatchObject({ outcome: 'failed', message: ASK_THE_ORGANISER });
    } finally {
      providePageDeps({ ...api.deps, now: clock.now, pageCache: recording });
    }
  });
});
