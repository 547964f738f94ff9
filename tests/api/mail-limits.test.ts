import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ASK_THE_ORGANISER, TICKET_AGAIN_ANSWER } from '../../src/lib/registration/registration-view.ts';
import { json, sampleEvent, startTestApi, type TestApi } from '../support/api-server.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { testClock } from '../support/clock.ts';
import { callWithHost } from '../support/forged-host.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';

/**
 * Mail in the field: every e-mailed link is on the site's configured address whatever Host a request
 * names; one address gets at most 3 registration e-mails an hour (the rest wait, with the reason);
 * names are one line; "Send my ticket again" answers the same for any address and mails only a
 * registered one. A real SMTP server catches what is sent; the clock is moved, nobody waits. Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const SITE = 'https://events.ieeecsbdc.test';
const FORGED = 'attacker.example';
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
  // The site's address as Netlify gives it (URL) with no SITE_URL: before, a request's Host won then.
  config: () => ({ mail: { smtpUrl: smtp.url, from: 'Events <events@ieeecsbdc.test>', linkOrigin: SITE } }),
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
async function siteEvent(capacity: number | null = null, title = `Mail Day ${++eventCount}`): Promise<string> {
  const res = await api.call(
    '/events',
    json('POST', sampleEvent({ title, registration: { mode: 'site', capacity } }), alpha.token),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { event: { _id: string } }).event._id;
}

const person = (fullName: string, email: string) => ({ fullName, email, institution: 'BUET', consent: true });

async function register(eventId: string, fullName: string, email: string) {
  const res = await api.call(`/events/${eventId}/registrations`, json('POST', person(fullName, email)));
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { status: string; ticket: string; ticketUrl: string };
}

const cancel = async (ticket: string) =>
  expect((await api.call(`/tickets/${ticket}`, { method: 'DELETE' })).status).toBe(200);

/** What arrived for one address (any case), oldest first. */
const arrivedFor = (address: string): ParsedMail[] =>
  smtp.accepted.filter(
    (m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address?.toLowerCase() === address.toLowerCase(),
  );

/** The outbox rows of every registration of an address (any case). */
const outboxFor = (address: string) =>
  api.db
    .selectFrom('emailOutbox as o')
    .innerJoin('registrations as r', 'r.id', 'o.registrationId')
    .select(['o.kind', 'o.attempts', 'o.sentAt', 'o.lastError', 'o.nextAttemptAt', 'r.ticket'])
    .where((eb) => eb(eb.fn('lower', ['r.email']), '=', address.toLowerCase()))
    .orderBy('o.createdAt')
    .execute();

describe('mail links and a forged Host', () => {
  it('a registration sent with Host: attacker.example mails (and answers) the configured address', async () => {
    const eventId = await siteEvent();
    const answer = await callWithHost(`${api.origin}/api/v1/events/${eventId}/registrations`, FORGED, {
      method: 'POST',
      body: person('Rafid Hasan', 'rafid@example.com'),
    });
    expect(answer.status).toBe(201);
    const ticket = answer.body['ticket'] as string;
    expect(answer.body['ticketUrl']).toBe(`${SITE}/tickets/${ticket}`);
    await api.deps.mail.idle();
    const [mail, ...more] = arrivedFor('rafid@example.com');
    expect(more).toEqual([]);
    expect(mail!.text).toContain(`Your ticket: ${SITE}/tickets/${ticket}`);
    expect(mail!.html).toContain(`href="${SITE}/tickets/${ticket}"`);
    expect(`${mail!.text}${mail!.html}`).not.toContain(FORGED);
  });

  it('cancelling with a forged Host mails the promoted person a link on the configured address', async () => {
    const eventId = await siteEvent(1);
    const attacker = await register(eventId, 'Mallory', 'mallory@example.com');
    const waiting = await register(eventId, 'Nusrat Jahan', 'nusrat@example.com');
    expect(waiting.status).toBe('waitlisted');
    await api.deps.mail.idle();
    const cancelled = await callWithHost(`${api.origin}/api/v1/tickets/${attacker.ticket}`, FORGED, {
      method: 'DELETE',
    });
    expect(cancelled.status).toBe(200);
    await api.deps.mail.idle();
    const promoted = arrivedFor('nusrat@example.com').find((m) => m.subject?.startsWith('You have a seat'));
    expect(promoted!.text).toContain(`Your ticket: ${SITE}/tickets/${waiting.ticket}`);
    expect(`${promoted!.text}${promoted!.html}`).not.toContain(FORGED);
  });

  it('a ticket read with a forged Host answers its address on the configured origin', async () => {
    const eventId = await siteEvent();
    const reg = await register(eventId, 'Tanvir Ahmed', 'tanvir@example.com');
    const read = await callWithHost(`${api.origin}/api/v1/tickets/${reg.ticket}`, FORGED);
    expect(read.status).toBe(200);
    expect(read.body['ticketUrl']).toBe(`${SITE}/tickets/${reg.ticket}`);
  });
});

describe('the mail cap of one address', () => {
  it('sends at most 3 an hour to an address registered and cancelled over and over; the rest wait with the reason', async () => {
    // Two events, so no event sees more than 4 registrations from this one caller (its own limit).
    const events = [await siteEvent(), await siteEvent()];
    const spellings = ['victim@example.org', 'Victim@Example.org', 'VICTIM@EXAMPLE.ORG', 'victim@EXAMPLE.org'];
    const kept: string[] = [];
    for (let cycle = 0; cycle < 8; cycle++) {
      const reg = await register(events[cycle % 2]!, 'Victim', spellings[cycle % spellings.length]!);
      await api.deps.mail.idle();
      // The last registration of each event stays; the others are cancelled at once, as a script would.
      if (cycle < 6) await cancel(reg.ticket);
      else kept.push(reg.ticket);
    }
    expect(arrivedFor('victim@example.org')).toHaveLength(3);

    const waiting = (await outboxFor('victim@example.org')).filter((row) => row.sentAt === null);
    expect(waiting.map((row) => row.ticket).sort()).toEqual([...kept].sort());
    for (const row of waiting) {
      expect(row).toMatchObject({ kind: 'registered', lastError: 'held: 3 messages to this address in the last hour' });
      // Held is not failed: no attempt is used up toward giving the message up.
      expect(row.attempts).toBe(0);
      // Due again when the first of the three leaves the hour.
      const wait = row.nextAttemptAt.getTime() - clock.now().getTime();
      expect(wait).toBeGreaterThan(55 * 60_000);
      expect(wait).toBeLessThanOrEqual(60 * 60_000);
    }

    // Not before the hour is over.
    expect(await api.deps.mail.deliver()).toEqual({ sent: 0, failed: 0, dropped: 0, held: 0 });
    clock.advance(61 * 60_000);
    expect(await api.deps.mail.deliver()).toEqual({ sent: 2, failed: 0, dropped: 0, held: 0 });
    expect(arrivedFor('victim@example.org')).toHaveLength(5);
    for (const row of await outboxFor('victim@example.org')) expect(row.lastError).toBeNull();
  });

  it('counts every event and kind of message: a promotion waits too once the address had its 3', async () => {
    const [a, b, c, full] = [await siteEvent(), await siteEvent(), await siteEvent(), await siteEvent(1)];
    const seat = await register(full, 'Seat Holder', 'holder@example.org');
    const waiting = await register(full, 'Busy Person', 'busy@example.org');
    expect(waiting.status).toBe('waitlisted');
    for (const eventId of [a, b]) await register(eventId, 'Busy Person', 'busy@example.org');
    await api.deps.mail.idle();
    expect(arrivedFor('busy@example.org')).toHaveLength(3);
    await register(c, 'Busy Person', 'BUSY@example.org');
    await cancel(seat.ticket);
    await api.deps.mail.idle();
    expect(arrivedFor('busy@example.org')).toHaveLength(3);
    const held = (await outboxFor('busy@example.org')).filter((row) => row.sentAt === null);
    expect(held.map((row) => row.kind).sort()).toEqual(['promoted', 'registered']);
    clock.advance(61 * 60_000);
    await api.deps.mail.deliver();
    expect(arrivedFor('busy@example.org').map((m) => m.subject)).toContain(`You have a seat: Mail Day ${eventCount}`);
  });
});

describe('names are one line', () => {
  it.each([
    ['fullName', { fullName: 'Mallory\r\nBcc: everyone@example.org' }, 'Full name'],
    ['fullName', { fullName: 'Mallory\nHacker' }, 'Full name'],
    ['fullName', { fullName: 'Mallory\u0007' }, 'Full name'],
    ['institution', { institution: 'BUET\r\nDhaka' }, 'Institution'],
  ])('%s with a line break or control character is a 400 field error, nothing stored', async (path, fields, label) => {
    const eventId = await siteEvent();
    const res = await api.call(
      `/events/${eventId}/registrations`,
      json('POST', { ...person('Mallory', 'mallory-crlf@example.org'), ...fields }),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { path: string; message: string }[] };
    expect(body.errors).toContainEqual({
      path,
      message: `${label} must be on one line, without line breaks or control characters`,
    });
    const stored = await api.db.selectFrom('registrations').select('id').where('eventId', '=', eventId).execute();
    expect(stored).toEqual([]);
  });
});

describe('send my ticket again', () => {
  const again = (eventId: string, email: string) =>
    api.call(`/events/${eventId}/registrations/resend`, json('POST', { email }));

  it('mails a registered address its ticket, answering as for any address', async () => {
    const eventId = await siteEvent();
    const reg = await register(eventId, 'Lamia Akter', 'lamia@example.org');
    await api.deps.mail.idle();
    const summary = (await (await api.call(`/events/${eventId}/registration`)).json()) as { sendsEmail: boolean };
    expect(summary.sendsEmail).toBe(true);

    const res = await again(eventId, 'LAMIA@example.org');
    expect(res.status).toBe(202);
    expect(res.headers.get('cache-control')).toMatch(/private/);
    expect(await res.json()).toEqual({ success: true, message: TICKET_AGAIN_ANSWER });
    await api.deps.mail.idle();
    const [first, second, ...more] = arrivedFor('lamia@example.org');
    expect(more).toEqual([]);
    expect(first!.subject).toBe(`Your ticket: Mail Day ${eventCount}`);
    expect(second!.subject).toBe(`Your ticket again: Mail Day ${eventCount}`);
    expect(second!.to).toMatchObject({ value: [{ address: 'lamia@example.org' }] });
    expect(second!.text).toContain(`Your ticket: ${SITE}/tickets/${reg.ticket}`);
  });

  it('answers the same for an address not registered, or cancelled, and mails nothing', async () => {
    const eventId = await siteEvent();
    const gone = await register(eventId, 'Karim Uddin', 'karim@example.org');
    await cancel(gone.ticket);
    await api.deps.mail.idle();
    const before = smtp.accepted.length;
    for (const email of ['stranger@example.org', 'karim@example.org']) {
      const res = await again(eventId, email);
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ success: true, message: TICKET_AGAIN_ANSWER });
    }
    await api.deps.mail.idle();
    expect(smtp.accepted.length).toBe(before);
    expect((await outboxFor('karim@example.org')).map((row) => row.kind)).toEqual(['registered']);
  });

  it('is held under the address’s mail cap, and limited to 3 asks an hour per address and event', async () => {
    const eventId = await siteEvent();
    await register(eventId, 'Sabbir Hasan', 'sabbir@example.org');
    await api.deps.mail.idle();
    for (let i = 0; i < 3; i++) expect((await again(eventId, 'sabbir@example.org')).status).toBe(202);
    await api.deps.mail.idle();
    // The ticket, then two copies: the third copy waits for the hour.
    expect(arrivedFor('sabbir@example.org')).toHaveLength(3);
    const held = (await outboxFor('sabbir@example.org')).filter((row) => row.sentAt === null);
    expect(held).toMatchObject([
      { kind: 'ticket-again', lastError: 'held: 3 messages to this address in the last hour' },
    ]);
    const fourth = await again(eventId, 'Sabbir@example.org');
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await outboxFor('sabbir@example.org')).filter((row) => row.kind === 'ticket-again')).toHaveLength(3);
  });

  it('answers 404 for an unknown event and 400 for a bad address, counting nothing', async () => {
    const unknown = await again('00000000-0000-4000-8000-000000000000', 'someone@example.org');
    expect(unknown.status).toBe(404);
    const eventId = await siteEvent();
    const bad = await again(eventId, 'not an address');
    expect(bad.status).toBe(400);
    const counters = await api.db
      .selectFrom('rateLimits')
      .select('key')
      .where('key', 'like', 'resend:00000000-0000-4000-8000-000000000000:%')
      .execute();
    expect(counters).toEqual([]);
  });
});

describe('send my ticket again without e-mail', () => {
  let plain: TestApi;
  beforeAll(async () => {
    plain = await startTestApi({}, { now: clock.now });
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('says to ask the organiser (409), and the summary says the site sends no e-mail', async () => {
    const login = await plain.call(
      '/auth/login',
      json('POST', { email: 'admin@test.example', password: 'admin-password-123' }),
    );
    const { token } = (await login.json()) as { token: string };
    const created = await plain.call('/events', json('POST', sampleEvent({ registration: { mode: 'site' } }), token));
    const eventId = ((await created.json()) as { event: { _id: string } }).event._id;
    const summary = (await (await plain.call(`/events/${eventId}/registration`)).json()) as { sendsEmail: boolean };
    expect(summary.sendsEmail).toBe(false);
    const res = await plain.call(`/events/${eventId}/registrations/resend`, json('POST', { email: 'x@example.org' }));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ success: false, code: 'mail_disabled', message: ASK_THE_ORGANISER });
  });
});
