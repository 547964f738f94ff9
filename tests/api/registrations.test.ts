import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { canonicalMailbox } from '../../src/lib/mailbox.ts';
import { createApi } from '../../src/server/app.ts';
import { deletePersonalDataOfPastEvents } from '../../src/server/services/registrations.service.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, sampleEvent, type TestApi } from '../support/api-server.ts';

/**
 * Registration on the site. The event's settings, the public summary, registering, the
 * ticket, cancelling, the staff list and CSV, capacity changes, retention and abuse limits.
 */
/** The server's clock: events are in March 2030, registration windows around it. */
const START = new Date('2030-03-01T00:00:00Z');
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

/**
 * A request to the API in process from a client address of the test's choosing (the local server
 * takes the socket's address: http/client-ip.ts). Each registrant gets an address of their own unless
 * a test says otherwise, so the per-address limit is tested only where it is meant to be.
 */
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};
const from = (address: string, path: string, init: RequestInit) =>
  app.request(`/api/v1${path}`, init, { incoming: { socket: { remoteAddress: address } } });

let personCounter = 0;
const person = (overrides: Record<string, unknown> = {}) => {
  personCounter += 1;
  return {
    fullName: `Registrant ${personCounter}`,
    email: `person${personCounter}@example.org`,
    institution: 'BUET',
    consent: true,
    ...overrides,
  };
};

const registerFor = (eventId: string, body: Record<string, unknown> = person(), address = nextAddress()) =>
  from(address, `/events/${eventId}/registrations`, json('POST', body));

const siteEvent = (registration: Record<string, unknown> = {}, overrides: Record<string, unknown> = {}) =>
  createEvent({ ...overrides, registration: { mode: 'site', ...registration } });

const summary = async (eventId: string) => (await api.call(`/events/${eventId}/registration`)).json();

const rowsOf = (eventId: string) =>
  api.db.selectFrom('registrations').selectAll().where('eventId', '=', eventId).orderBy('seq').execute();

const mailOf = (eventId: string) =>
  api.db
    .selectFrom('emailOutbox')
    .innerJoin('registrations', 'registrations.id', 'emailOutbox.registrationId')
    .select(['emailOutbox.kind', 'registrations.email'])
    .where('registrations.eventId', '=', eventId)
    .orderBy('emailOutbox.createdAt')
    .orderBy('registrations.seq')
    .execute();

const staffList = async (eventId: string, query = '', token = alpha.token) =>
  api.call(`/events/${eventId}/registrations${query}`, json('GET', undefined, token));

async function createEvent(overrides: Record<string, unknown> = {}, token = alpha.token) {
  const res = await api.call('/events', json('POST', sampleEvent(overrides), token));
  const body = await res.json();
  if (res.status !== 201) throw new Error(`create event: ${res.status} ${JSON.stringify(body)}`);
  return body.event as { _id: string; id: string; title: string; registration: Record<string, unknown> };
}

describe('registration settings of an event', () => {
  it('default to the event link when a payload has none (the spec payload keeps working)', async () => {
    const event = await createEvent();
    expect(event.registration).toEqual({
      mode: 'link',
      capacity: null,
      opensAt: null,
      closesAt: null,
      questions: [],
      confirmByEmail: false,
      holdMinutes: 30,
    });
  });

  it('store mode, capacity, a Dhaka-time window and questions, and merge an edit field by field', async () => {
    const event = await createEvent({
      registration: {
        mode: 'site',
        capacity: 50,
        opensAt: '2030-03-01T09:00',
        closesAt: '2030-03-09T23:59:00+06:00',
        questions: ['Your T-shirt size?', '  '],
      },
    });
    expect(event.registration).toEqual({
      mode: 'site',
      capacity: 50,
      opensAt: '2030-03-01T03:00:00.000Z',
      closesAt: '2030-03-09T17:59:00.000Z',
      questions: ['Your T-shirt size?'],
      confirmByEmail: false,
      holdMinutes: 30,
    });
    const res = await api.call(`/events/${event.id}`, json('PATCH', { registration: { capacity: 80 } }, alpha.token));
    expect(res.status).toBe(200);
    expect((await res.json()).event.registration).toEqual({ ...event.registration, capacity: 80 });
    const cleared = await api.call(
      `/events/${event.id}`,
      json('PUT', { ...sampleEvent(), registration: { capacity: null, opensAt: '' } }, alpha.token),
    );
    expect((await cleared.json()).event.registration).toMatchObject({ mode: 'site', capacity: null, opensAt: null });
  });

  it.each([
    ['registration.mode', { mode: 'paper' }],
    ['registration.capacity', { capacity: 0 }],
    ['registration.capacity', { capacity: 100_001 }],
    ['registration.capacity', { capacity: 2.5 }],
    ['registration.opensAt', { opensAt: '2030-02-30T10:00' }],
    ['registration.closesAt', { closesAt: 'next week' }],
    ['registration.closesAt', { opensAt: '2030-03-02T10:00', closesAt: '2030-03-01T10:00' }],
    ['registration.questions', { questions: ['a', 'b', 'c', 'd', 'e', 'f'] }],
    ['registration.questions.0', { questions: ['x'.repeat(201)] }],
  ])('refuses a bad %s with 400', async (path, registration) => {
    const res = await api.call('/events', json('POST', sampleEvent({ registration }), alpha.token));
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: { path: string }) => e.path)).toContain(path);
  });
});

describe('a closing time after the event’s end', () => {
  const END_MESSAGE = 'Registration must close by the end of the event (Sunday, 10 March, 1:00 PM)';
  const refusalOf = async (res: Response) => {
    expect(res.status).toBe(400);
    return (await res.json()).errors.filter((e: { path: string }) => e.path === 'registration.closesAt');
  };

  it('is refused on create with 400 on registration.closesAt naming the end; the end itself is accepted', async () => {
    const before = (await api.db.selectFrom('events').select('id').execute()).length;
    // A week after the event (10 March 2030, 10:00-13:00 in Dhaka).
    const late = await api.call(
      '/events',
      json('POST', sampleEvent({ registration: { mode: 'site', closesAt: '2030-03-17T10:00' } }), alpha.token),
    );
    expect(await refusalOf(late)).toEqual([{ path: 'registration.closesAt', message: END_MESSAGE }]);
    // A minute after the end.
    const minute = await api.call(
      '/events',
      json('POST', sampleEvent({ registration: { mode: 'site', closesAt: '2030-03-10T13:01' } }), alpha.token),
    );
    expect(await refusalOf(minute)).toHaveLength(1);
    expect(await api.db.selectFrom('events').select('id').execute()).toHaveLength(before);
    const atTheEnd = await createEvent({ registration: { mode: 'site', closesAt: '2030-03-10T13:00' } });
    expect(atTheEnd.registration.closesAt).toBe('2030-03-10T07:00:00.000Z');
  });

  it('is refused on edit, by a new closing time or by an earlier event day, and nothing changes', async () => {
    const event = await siteEvent({ closesAt: '2030-03-09T18:00' });
    const later = await api.call(
      `/events/${event.id}`,
      json('PATCH', { registration: { closesAt: '2030-03-11T09:00' } }, alpha.token),
    );
    expect(await refusalOf(later)).toEqual([{ path: 'registration.closesAt', message: END_MESSAGE }]);
    // Moving the event before its registration closes.
    const earlier = await api.call(`/events/${event.id}`, json('PATCH', { eventDate: '2030-03-08' }, alpha.token));
    expect(await refusalOf(earlier)).toEqual([
      {
        path: 'registration.closesAt',
        message: 'Registration must close by the end of the event (Friday, 8 March, 1:00 PM)',
      },
    ]);
    const stored = await (await api.call(`/events/${event.id}`, json('GET', undefined, alpha.token))).json();
    expect(stored.event).toMatchObject({
      eventDate: '2030-03-10',
      registration: { closesAt: '2030-03-09T12:00:00.000Z' },
    });
  });
});

describe('the public summary', () => {
  it('shows seats, the window and the questions, no personal data, shared by the CDN under the event’s registration tag', async () => {
    const event = await siteEvent({ capacity: 2, closesAt: '2030-03-09T18:00', questions: ['Laptop?'] });
    expect((await registerFor(event.id, person({ answers: ['Yes'] }))).status).toBe(201);
    const res = await api.call(`/events/${event.id}/registration`);
    expect(res.status).toBe(200);
    expect(res.headers.get('netlify-cache-tag')).toBe(`registration-${event.id}`);
    expect(await res.json()).toEqual({
      success: true,
      mode: 'site',
      capacity: 2,
      confirmed: 1,
      waitlisted: 0,
      seatsLeft: 1,
      open: true,
      opensAt: null,
      closesAt: '2030-03-09T12:00:00.000Z',
      questions: ['Laptop?'],
      // No SMTP_URL here: the form offers no "Send my ticket again", it says to ask the organiser.
      sendsEmail: false,
      confirmByEmail: false,
      holdMinutes: 30,
    });
  });

  it('says a link event takes no registrations here, and hides a draft from visitors like the event itself', async () => {
    const linked = await createEvent();
    expect(await summary(linked.id)).toMatchObject({ mode: 'link', open: false, capacity: null, seatsLeft: null });
    const draft = await siteEvent({}, { status: 'draft' });
    expect((await api.call(`/events/${draft.id}/registration`)).status).toBe(404);
    expect((await api.call(`/events/${draft.id}/registration`, json('GET', undefined, alpha.token))).status).toBe(200);
    expect((await api.call('/events/00000000-0000-4000-8000-000000000000/registration')).status).toBe(404);
    expect((await api.call('/events/not-an-id/registration')).status).toBe(404);
  });
});

describe('registering', () => {
  it('confirms while seats are left, then waitlists in arrival order, queueing the matching mail', async () => {
    const event = await siteEvent({ capacity: 2 });
    const results = [];
    for (let i = 0; i < 4; i++) {
      const res = await registerFor(event.id, person({ email: `seat${i}@example.org` }));
      expect(res.status).toBe(201);
      results.push(await res.json());
    }
    expect(results.map((r) => [r.status, r.position])).toEqual([
      ['confirmed', undefined],
      ['confirmed', undefined],
      ['waitlisted', 1],
      ['waitlisted', 2],
    ]);
    expect(results[0].ticket).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // On the site's own address (the test server's), not the address the request named.
    expect(results[0].ticketUrl).toBe(`${api.origin}/tickets/${results[0].ticket}`);
    // No SMTP_URL here: the answer says no e-mail is coming, so the form tells them to keep the link.
    expect(results.map((r) => r.emailed)).toEqual([false, false, false, false]);
    expect(await mailOf(event.id)).toEqual([
      { kind: 'registered', email: 'seat0@example.org' },
      { kind: 'registered', email: 'seat1@example.org' },
      { kind: 'waitlisted', email: 'seat2@example.org' },
      { kind: 'waitlisted', email: 'seat3@example.org' },
    ]);
    expect(await summary(event.id)).toMatchObject({ confirmed: 2, waitlisted: 2, seatsLeft: 0, open: true });
  });

  it('holds the event’s lock for three statements: six round trips in all', async () => {
    const event = await siteEvent({ capacity: 1 });
    for (const expected of ['confirmed', 'waitlisted']) {
      const before = api.roundTrips();
      const res = await registerFor(event.id);
      expect((await res.json()).status).toBe(expected);
      // The address's count, BEGIN, the event locked, its seats and this address's registration, the
      // registration with its mail, COMMIT.
      expect(api.roundTrips() - before).toBe(6);
    }
  });

  it('takes one registration per e-mail address, whatever its case, and the refusal reveals nothing', async () => {
    const event = await siteEvent();
    expect((await registerFor(event.id, person({ email: 'Mina.Rahman@Example.org' }))).status).toBe(201);
    const again = await registerFor(event.id, person({ email: ' mina.rahman@example.ORG ', fullName: 'Someone' }));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      success: false,
      code: 'already_registered',
      message: 'This e-mail address is already registered for this event.',
    });
    expect(await rowsOf(event.id)).toHaveLength(1);
    // Another event takes the same address.
    const other = await siteEvent();
    expect((await registerFor(other.id, person({ email: 'mina.rahman@example.org' }))).status).toBe(201);
  });

  // Only a server runs two connections at once: on PGlite the race below cannot be staged.
  it.runIf(process.env['TEST_DATABASE_URL'])(
    'answers the same 409 when a registration of the address commits while this one is being made',
    async () => {
      const event = await siteEvent();
      // Another spelling of the same mailbox, stored as the repository stores every registration.
      const rival = {
        fullName: 'Rival',
        email: 'RACE+rival@example.org',
        mailbox: canonicalMailbox('RACE+rival@example.org'),
        ticket: 'r'.repeat(32),
        status: 'confirmed' as const,
      };
      let registering: Response | Promise<Response> | undefined;
      await api.db.transaction().execute(async (tx) => {
        // Written (not yet committed) by another connection: the registration's check cannot see it,
        // so its insert waits on the unique index until this commits, then fails.
        await tx
          .insertInto('registrations')
          .values({ ...rival, eventId: event.id })
          .execute();
        registering = registerFor(event.id, person({ email: 'race@example.org' }));
        for (;;) {
          const { rows } = await sql<{ waiting: string }>`select count(*) as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(api.db);
          if (Number(rows[0]!.waiting) > 0) break;
        }
      });
      const res = await registering!;
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe('This e-mail address is already registered for this event.');
      expect((await rowsOf(event.id)).map((r) => r.fullName)).toEqual(['Rival']);
    },
  );

  it('refuses with 409 when the event does not take registrations here, is not open yet, has closed or has ended', async () => {
    const linked = await createEvent();
    const none = await createEvent({ registration: { mode: 'none' } });
    const later = await siteEvent({ opensAt: '2030-03-05T09:00' });
    const closed = await siteEvent({ closesAt: '2030-02-28T09:00' });
    const ended = await siteEvent({}, { eventDate: '2030-02-20' });
    const cases: [string, string][] = [
      [linked.id, 'Registration for this event is not on this site'],
      [none.id, 'Registration for this event is not on this site'],
      [later.id, 'Registration has not opened yet'],
      [closed.id, 'Registration has closed'],
      [ended.id, 'Registration has closed'],
    ];
    for (const [id, message] of cases) {
      const res = await registerFor(id);
      expect(res.status, message).toBe(409);
      expect((await res.json()).message).toBe(message);
      expect(await rowsOf(id)).toHaveLength(0);
    }
    // Opening time reached (Dhaka time 09:00 is 03:00 UTC): taken.
    clock = new Date('2030-03-05T03:00:00Z');
    expect((await registerFor(later.id)).status).toBe(201);
    expect(await summary(closed.id)).toMatchObject({ open: false });
  });

  it('answers 404 for an unknown, malformed or draft event', async () => {
    const draft = await siteEvent({}, { status: 'draft' });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', draft.id])
      expect((await registerFor(id)).status).toBe(404);
  });

  it.each([
    ['fullName', { fullName: '  ' }],
    ['fullName', { fullName: 'x'.repeat(121) }],
    ['email', { email: 'not-an-address' }],
    ['email', { email: `${'x'.repeat(250)}@example.org` }],
    ['phone', { phone: '1'.repeat(31) }],
    ['phone', { phone: 'call me' }],
    ['institution', { institution: 'x'.repeat(161) }],
    ['ieeeMemberId', { ieeeMemberId: '12345' }],
    ['ieeeMemberId', { ieeeMemberId: '1234567890123' }],
    ['ieeeMemberId', { ieeeMemberId: 'A1234567' }],
    ['answers', { answers: [] }],
    ['answers', { answers: ['M', 'extra'] }],
    ['answers.0', { answers: ['  '] }],
    ['answers.0', { answers: ['x'.repeat(501)] }],
    ['consent', { consent: false }],
    ['consent', { consent: undefined }],
  ])('refuses a bad %s with 400 naming it, and stores nothing', async (field, override) => {
    const event = await siteEvent({ questions: ['T-shirt size?'] });
    const res = await registerFor(event.id, { ...person({ answers: ['M'] }), ...override });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors.map((e: { path: string }) => e.path)).toContain(field);
    expect(await rowsOf(event.id)).toHaveLength(0);
  });

  it('asks for consent in plain words', async () => {
    const event = await siteEvent();
    const body = await (await registerFor(event.id, person({ consent: false }))).json();
    expect(body.errors).toContainEqual({
      path: 'consent',
      message: 'Please agree to the use of your data for this event',
    });
  });

  it('keeps optional fields blank or as typed, Bangla included', async () => {
    const event = await siteEvent({ questions: ['Dietary needs?'] });
    const res = await registerFor(
      event.id,
      person({
        fullName: 'মিনা রহমান',
        email: 'Mina@Example.org',
        phone: '',
        ieeeMemberId: '98765432',
        institution: '',
        answers: ['None'],
      }),
    );
    expect(res.status).toBe(201);
    const [row] = await rowsOf(event.id);
    expect(row).toMatchObject({
      fullName: 'মিনা রহমান',
      email: 'Mina@Example.org',
      phone: null,
      institution: null,
      ieeeMemberId: '98765432',
      answers: ['None'],
      status: 'confirmed',
    });
  });

  it('refuses a filled honeypot with 400 and keeps nothing', async () => {
    const event = await siteEvent();
    const res = await registerFor(event.id, person({ website: 'https://spam.example' }));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Your registration could not be accepted.');
    expect(await rowsOf(event.id)).toHaveLength(0);
  });
  // The per-address limits (a room's allowance, the loop guard): tests/api/registration-limits.test.ts.
});

describe('the ticket', () => {
  it('shows the holder’s status, place in line and event, privately; unknown and malformed tickets are 404', async () => {
    const event = await siteEvent({ capacity: 1 });
    await registerFor(event.id);
    const { ticket } = await (await registerFor(event.id, person({ fullName: 'Waiting Person' }))).json();
    const res = await api.call(`/tickets/${ticket}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('netlify-cache-tag')).toBeNull();
    const body = await res.json();
    expect(body).toMatchObject({ status: 'waitlisted', position: 1, fullName: 'Waiting Person', ticket });
    expect(body.event).toMatchObject({ id: event.id, title: event.title });
    expect(body.checkedInAt).toBeUndefined();
    expect((await api.call(`/tickets/${'A'.repeat(32)}`)).status).toBe(404);
    expect((await api.call('/tickets/short')).status).toBe(404);
    expect((await api.call(`/tickets/${'A'.repeat(32)}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('cancels a confirmed seat and gives it to the first in line in the same change; cancelling twice is harmless', async () => {
    const event = await siteEvent({ capacity: 1 });
    const first = await (await registerFor(event.id, person({ email: 'first@example.org' }))).json();
    const second = await (await registerFor(event.id, person({ email: 'second@example.org' }))).json();
    const third = await (await registerFor(event.id, person({ email: 'third@example.org' }))).json();
    const cancel = await api.call(`/tickets/${first.ticket}`, { method: 'DELETE' });
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({ success: true, status: 'cancelled' });
    expect(await (await api.call(`/tickets/${second.ticket}`)).json()).toMatchObject({ status: 'confirmed' });
    expect(await (await api.call(`/tickets/${third.ticket}`)).json()).toMatchObject({
      status: 'waitlisted',
      position: 1,
    });
    expect(await (await api.call(`/tickets/${first.ticket}`)).json()).toMatchObject({ status: 'cancelled' });
    expect((await mailOf(event.id)).filter((m) => m.kind === 'promoted')).toEqual([
      { kind: 'promoted', email: 'second@example.org' },
    ]);

    const twice = await api.call(`/tickets/${first.ticket}`, { method: 'DELETE' });
    expect(await twice.json()).toMatchObject({ status: 'cancelled' });
    expect((await rowsOf(event.id)).map((r) => r.status)).toEqual(['cancelled', 'confirmed', 'waitlisted']);

    // A waitlisted person cancelling frees no seat; the one behind moves up.
    await api.call(`/tickets/${third.ticket}`, { method: 'DELETE' });
    expect(await summary(event.id)).toMatchObject({ confirmed: 1, waitlisted: 0 });
  });

  it('lets an address that cancelled register again, with a new ticket', async () => {
    const event = await siteEvent();
    const first = await (await registerFor(event.id, person({ email: 'back@example.org' }))).json();
    await api.call(`/tickets/${first.ticket}`, { method: 'DELETE' });
    const again = await registerFor(event.id, person({ email: 'BACK@example.org' }));
    expect(again.status).toBe(201);
    expect((await again.json()).ticket).not.toBe(first.ticket);
    expect((await api.call(`/tickets/${first.ticket}`)).status).toBe(404);
  });
});

describe('staff', () => {
  it('list an event’s registrations with counts, search and a status filter', async () => {
    const event = await siteEvent({ capacity: 2 });
    await registerFor(
      event.id,
      person({ fullName: 'Anika Chowdhury', email: 'anika@uni.edu', ieeeMemberId: '12345678' }),
    );
    await registerFor(event.id, person({ fullName: 'Bashir Ahmed', institution: 'North South University' }));
    const waiting = await (await registerFor(event.id, person({ fullName: 'Chaity Das' }))).json();
    const cancelled = await (await registerFor(event.id, person({ fullName: 'Dipu Roy' }))).json();
    await api.call(`/tickets/${cancelled.ticket}`, { method: 'DELETE' });
    await api.db
      .updateTable('registrations')
      .set({ checkedInAt: clock })
      .where('fullName', '=', 'Anika Chowdhury')
      .execute();

    const res = await staffList(event.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = await res.json();
    expect(body.counts).toEqual({ confirmed: 2, waitlisted: 1, cancelled: 1, checkedIn: 1, members: 1, guests: 2 });
    expect(body.registrations.map((r: { fullName: string }) => r.fullName)).toEqual([
      'Anika Chowdhury',
      'Bashir Ahmed',
      'Chaity Das',
      'Dipu Roy',
    ]);
    expect(body.registrations[2]).toMatchObject({ status: 'waitlisted', position: 1 });
    expect(body.event).toMatchObject({ id: event.id, capacity: 2, mode: 'site' });
    expect(waiting.position).toBe(1);

    const names = async (query: string) =>
      (await (await staffList(event.id, query)).json()).registrations.map((r: { fullName: string }) => r.fullName);
    expect(await names('?q=ANIKA')).toEqual(['Anika Chowdhury']);
    expect(await names('?q=uni.edu')).toEqual(['Anika Chowdhury']);
    expect(await names('?q=north%20south')).toEqual(['Bashir Ahmed']);
    expect(await names('?status=waitlisted')).toEqual(['Chaity Das']);
    expect(await names('?status=cancelled&q=dipu')).toEqual(['Dipu Roy']);
    expect((await staffList(event.id, '?status=everyone')).status).toBe(400);
  });

  it('see only their own chapter’s registrations: 401 signed out, 403 another chapter, admins all, 404 unknown', async () => {
    const event = await siteEvent();
    await registerFor(event.id);
    expect((await api.call(`/events/${event.id}/registrations`)).status).toBe(401);
    const refused = await staffList(event.id, '', beta.token);
    expect(refused.status).toBe(403);
    // A read: the refusal says whose event it is and who may see it, not "change".
    expect((await refused.json()).message).toBe(
      'This event belongs to another chapter: only its chapter and admins can see its registrations',
    );
    expect((await staffList(event.id, '', admin)).status).toBe(200);
    expect((await staffList('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api.call(`/events/${event.id}/registrations.csv`)).status).toBe(401);
    expect((await api.call(`/events/${event.id}/registrations.csv`, json('GET', undefined, beta.token))).status).toBe(
      403,
    );
    expect((await api.call('/registrations/overview')).status).toBe(401);
  });

  it('export a CSV: UTF-8 with a byte-order mark, Bangla intact, cells escaped and formulas neutralised', async () => {
    const event = await siteEvent(
      { capacity: 1, questions: ['Your team, if any?'] },
      { title: 'Data Science Day: "Intro", 2030' },
    );
    clock = new Date('2030-03-01T03:04:00Z');
    await registerFor(
      event.id,
      person({
        fullName: 'মিনা রহমান',
        email: 'mina@example.org',
        phone: '+880 1711-000000',
        answers: ['Team "A", the best\nsecond line'],
      }),
    );
    await registerFor(
      event.id,
      person({
        fullName: '=HYPERLINK("http://evil.example")',
        email: 'evil@example.org',
        institution: '@SUM(A1)',
        answers: ['-1+2'],
      }),
    );
    const res = await api.call(`/events/${event.id}/registrations.csv`, json('GET', undefined, alpha.token));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="data-science-day-intro-2030-registrations.csv"',
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Registered at (Dhaka time),Status,Waitlist position,Full name,E-mail,Phone,Institution,IEEE member number,"Your team, if any?",Checked in at',
    );
    // A phone number is kept as typed (="…"): a spreadsheet reads it as a number, or with its + as a formula.
    expect(lines[1]).toBe(
      `2030-03-01 09:04,Confirmed,,মিনা রহমান,mina@example.org,"=""+880 1711-000000""",BUET,,"Team ""A"", the best\nsecond line",`,
    );
    expect(text).toContain(
      `2030-03-01 09:04,Waitlisted,1,"'=HYPERLINK(""http://evil.example"")",evil@example.org,,'@SUM(A1),,'-1+2,\r\n`,
    );
  });

  it('cancel and confirm one registration, audited without personal data in the same change', async () => {
    const event = await siteEvent({ capacity: 1 }, { title: 'Audited Workshop' });
    const first = await (
      await registerFor(event.id, person({ fullName: 'Secret Name', email: 'secret@example.org' }))
    ).json();
    await registerFor(event.id, person({ email: 'next@example.org' }));
    const [firstRow, nextRow] = await rowsOf(event.id);
    const patch = (id: string, status: string, token = alpha.token) =>
      api.call(`/registrations/${id}`, json('PATCH', { status }, token));

    expect((await patch(firstRow!.id, 'cancelled', beta.token)).status).toBe(403);
    expect((await patch(firstRow!.id, 'cancelled', '')).status).toBe(401);
    expect((await patch('00000000-0000-4000-8000-000000000000', 'cancelled')).status).toBe(404);
    expect((await patch(firstRow!.id, 'waitlisted')).status).toBe(400);

    const cancel = await patch(firstRow!.id, 'cancelled');
    expect(cancel.status).toBe(200);
    expect((await cancel.json()).registration).toMatchObject({ status: 'cancelled' });
    // Their seat went to the first in line, with mail.
    expect(await (await api.call(`/tickets/${first.ticket}`)).json()).toMatchObject({ status: 'cancelled' });
    expect((await rowsOf(event.id)).find((r) => r.id === nextRow!.id)?.status).toBe('confirmed');
    expect(await mailOf(event.id)).toContainEqual({ kind: 'promoted', email: 'next@example.org' });

    // Confirming over capacity is refused: staff raise the capacity first.
    const full = await patch(firstRow!.id, 'confirmed');
    expect(full.status).toBe(409);
    expect((await full.json()).message).toContain('All 1 seats are taken');
    expect((await rowsOf(event.id)).find((r) => r.id === firstRow!.id)?.status).toBe('cancelled');

    await api.call(`/events/${event.id}`, json('PATCH', { registration: { capacity: 2 } }, alpha.token));
    const confirm = await patch(firstRow!.id, 'confirmed', admin);
    expect(confirm.status).toBe(200);
    expect((await confirm.json()).registration).toMatchObject({ status: 'confirmed', position: null });

    const trail = await api.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entityType', '=', 'registration')
      .where('entityId', '=', firstRow!.id)
      .orderBy('at')
      .execute();
    expect(trail.map((r) => [r.action, r.entityName, r.fields, r.changes])).toEqual([
      ['update', 'Audited Workshop registration', ['status'], { status: { from: 'confirmed', to: 'cancelled' } }],
      ['update', 'Audited Workshop registration', ['status'], { status: { from: 'cancelled', to: 'confirmed' } }],
    ]);
    expect(JSON.stringify(trail)).not.toMatch(/Secret Name|secret@example\.org/);
  });

  it('raise the capacity to confirm as many as now fit; a capacity below the confirmed seats is refused and nothing changes', async () => {
    const event = await siteEvent({ capacity: 2 });
    for (let i = 0; i < 5; i++) await registerFor(event.id, person({ email: `cap${i}@example.org` }));
    const raise = await api.call(`/events/${event.id}`, json('PATCH', { registration: { capacity: 4 } }, alpha.token));
    expect(raise.status).toBe(200);
    expect((await rowsOf(event.id)).map((r) => r.status)).toEqual([
      'confirmed',
      'confirmed',
      'confirmed',
      'confirmed',
      'waitlisted',
    ]);
    expect((await mailOf(event.id)).filter((m) => m.kind === 'promoted').map((m) => m.email)).toEqual([
      'cap2@example.org',
      'cap3@example.org',
    ]);

    const lower = await api.call(
      `/events/${event.id}`,
      json('PATCH', { title: 'Renamed', registration: { capacity: 3 } }, alpha.token),
    );
    expect(lower.status).toBe(409);
    const body = await lower.json();
    expect(body.message).toBe('4 seats are already confirmed: the capacity cannot be lower');
    expect(body.errors).toEqual([
      { path: 'registration.capacity', message: '4 seats are already confirmed: the capacity cannot be lower' },
    ]);
    const stored = (await (await api.call(`/events/${event.id}`)).json()).event;
    expect(stored).toMatchObject({ title: event.title, registration: { capacity: 4 } });

    // Unlimited seats: everyone waiting is confirmed.
    await api.call(`/events/${event.id}`, json('PATCH', { registration: { capacity: null } }, alpha.token));
    expect(await summary(event.id)).toMatchObject({ confirmed: 5, waitlisted: 0, seatsLeft: null });

    // Switching registration back to the event's link keeps every registration.
    await api.call(`/events/${event.id}`, json('PATCH', { registration: { mode: 'link' } }, alpha.token));
    expect(await rowsOf(event.id)).toHaveLength(5);
    expect((await registerFor(event.id)).status).toBe(409);
  });

  it('see an overview of their events that have not ended and take registrations here, with seats taken', async () => {
    const upcoming = await siteEvent({ capacity: 10 }, { title: 'Overview Upcoming', eventDate: '2030-04-01' });
    await siteEvent({}, { title: 'Overview Past', eventDate: '2030-02-01' });
    const betas = await createEvent({ title: 'Overview Beta', registration: { mode: 'site' } }, beta.token);
    // Registered for on its own link: nothing to count here, so not listed.
    await createEvent(
      { title: 'Overview Elsewhere', eventDate: '2030-04-02', registration: { mode: 'link' } },
      alpha.token,
    );
    await registerFor(upcoming.id);
    await registerFor(betas.id);
    const mine = await (await api.call('/registrations/overview', json('GET', undefined, alpha.token))).json();
    const titles = mine.events.map((e: { title: string }) => e.title);
    expect(titles).toContain('Overview Upcoming');
    expect(titles).not.toContain('Overview Past');
    expect(titles).not.toContain('Overview Beta');
    expect(titles).not.toContain('Overview Elsewhere');
    expect(mine.events.find((e: { title: string }) => e.title === 'Overview Upcoming')).toEqual({
      eventId: upcoming.id,
      title: 'Overview Upcoming',
      eventDate: '2030-04-01',
      mode: 'site',
      capacity: 10,
      confirmed: 1,
      waitlisted: 0,
    });
    const all = await (await api.call('/registrations/overview', json('GET', undefined, admin))).json();
    expect(all.events.map((e: { title: string }) => e.title)).toContain('Overview Beta');
  });
});

describe('retention', () => {
  it('deletes the personal data of events that ended more than the set number of days ago, and only theirs', async () => {
    clock = new Date('2030-02-20T00:00:00Z');
    const old = await siteEvent({}, { eventDate: '2030-02-25', endTime: '13:00' });
    const recent = await siteEvent({}, { eventDate: '2030-02-27', endTime: '13:00' });
    await registerFor(old.id);
    await registerFor(old.id);
    await registerFor(recent.id);
    const queued = async () =>
      Number(
        (
          await api.db
            .selectFrom('emailOutbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const mailBefore = await queued();
    // 13:30 in Dhaka, four days after the old event ended at 13:00 (and two after the recent one).
    const now = new Date('2030-03-01T07:30:00Z');
    expect(await deletePersonalDataOfPastEvents(api.db, now, 4)).toBe(2);
    expect(await rowsOf(old.id)).toHaveLength(0);
    expect(await rowsOf(recent.id)).toHaveLength(1);
    // Their queued mail went with them.
    expect(await queued()).toBe(mailBefore - 2);
    // The events themselves stay.
    expect((await api.call(`/events/${old.id}`)).status).toBe(200);
  });
});
