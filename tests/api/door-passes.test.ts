import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { providePageDeps } from '../../src/server/runtime/page-deps.ts';
import { answerDoorLink } from '../../src/server/pages/door-page.ts';
import { signSessionToken } from '../../src/server/auth/tokens.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, type TestApi } from '../support/api-server.ts';
import { attendanceHelpers } from '../support/attendance.ts';

/**
 * Door passes: staff of an event hand a volunteer's phone a link that signs it in for that event's door
 * only (check-ins, walk-ins, the door list and its count), until the pass ends or is revoked; walk-ins
 * added at the door; one count across doors. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 * The clock is the test's: no waiting.
 */
const START = new Date('2030-03-01T00:00:00Z');
/** The sample event's day (10 March 2030, 10:00-13:00 in Dhaka, 04:00-07:00 UTC), an hour in. */
const ON_THE_DAY = new Date('2030-03-10T05:00:00Z');
/** The sample event's default pass end: its end (07:00 UTC) plus two hours. */
const DEFAULT_END = '2030-03-10T09:00:00.000Z';
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

interface Created {
  id: string;
  name: string;
  validUntil: string;
  url: string;
  qrSvg: string;
}

async function createPass(eventId: string, token: string, body: Record<string, unknown> = { name: 'Rafi' }) {
  const res = await api.call(`/events/${eventId}/door-passes`, json('POST', body, token));
  const answer = await res.json();
  if (res.status !== 201) throw new Error(`create pass: ${res.status} ${JSON.stringify(answer)}`);
  return answer as Created;
}
const secretOf = (url: string) => new URL(url).pathname.replace('/door/', '');

/** Opens the pass's link as the phone does; the cookie header the phone then sends. */
async function openLink(url: string): Promise<string> {
  const answer = await answerDoorLink(await pageDepsNow(), secretOf(url), false);
  if (answer.status !== 303) throw new Error(`open link: ${answer.status}`);
  return answer.cookies.map((c) => c.split(';')[0]).join('; ');
}
const pageDepsNow = async () => {
  const { pageDeps } = await import('../../src/server/runtime/page-deps.ts');
  return pageDeps();
};

/** A request with the pass's cookies only (no staff session), as the volunteer's phone sends it. */
const asPhone = (cookie: string, method = 'GET', body?: unknown): RequestInit => ({
  method,
  headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
  ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
});

/** An event of Alpha's on its day, with a pass opened on a phone. */
async function eventWithPass(overrides: Record<string, unknown> = {}) {
  const event = await createEvent(alpha.token, overrides);
  const pass = await createPass(event.id, alpha.token);
  clock = ON_THE_DAY;
  const cookie = await openLink(pass.url);
  return { event, pass, cookie };
}

const passRows = () => api.db.selectFrom('doorPasses').selectAll().execute();
const auditOf = (entity: string) =>
  api.db.selectFrom('auditLog').selectAll().where('entityType', '=', entity).orderBy('at').execute();

describe('making, listing and revoking door passes', () => {
  it('staff of the event make one: its link and QR code once, valid by default until two hours after the event ends', async () => {
    const event = await createEvent(alpha.token, { title: 'Pass Workshop' });
    const res = await api.call(`/events/${event.id}/door-passes`, json('POST', { name: '  Rafi Ahmed ' }, alpha.token));
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = await res.json();
    expect(body).toEqual({
      success: true,
      id: expect.any(String),
      name: 'Rafi Ahmed',
      validUntil: DEFAULT_END,
      walkInLimit: 20,
      url: expect.stringMatching(new RegExp(`^${api.origin}/door/[A-Za-z0-9_-]{43}$`)),
      qrSvg: expect.stringContaining('aria-label="QR code of the door pass link for Rafi Ahmed at Pass Workshop"'),
    });
    // An admin may too, a minute later, with an end of their choosing.
    const AFTER = new Date(START.getTime() + 60_000);
    clock = AFTER;
    const chosen = await createPass(event.id, admin, { name: 'Mitu', validUntil: '2030-03-02T10:00:00+06:00' });
    expect(chosen.validUntil).toBe('2030-03-02T04:00:00.000Z');

    const listed = await api.call(`/events/${event.id}/door-passes`, json('GET', undefined, alpha.token));
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('private, no-store');
    const { passes } = await listed.json();
    expect(passes).toEqual([
      {
        id: chosen.id,
        name: 'Mitu',
        createdBy: { name: 'IEEE Computer Society Bangladesh Chapter', email: 'admin@test.example' },
        createdAt: AFTER.toISOString(),
        validUntil: '2030-03-02T04:00:00.000Z',
        revokedAt: null,
        revokedReason: null,
        lastUsedAt: null,
        checkIns: 0,
        scans: 0,
        lateCheckIns: 0,
        walkIns: 0,
        walkInLimit: 20,
      },
      {
        id: body.id,
        name: 'Rafi Ahmed',
        createdBy: { name: 'Alpha Chapter', email: 'alpha@example.org' },
        createdAt: START.toISOString(),
        validUntil: DEFAULT_END,
        revokedAt: null,
        revokedReason: null,
        lastUsedAt: null,
        checkIns: 0,
        scans: 0,
        lateCheckIns: 0,
        walkIns: 0,
        walkInLimit: 20,
      },
    ]);
    // No secret and no link in the list.
    const text = JSON.stringify(passes);
    expect(text).not.toContain(secretOf(body.url));
    expect(text).not.toContain('/door/');

    // Made at 00:00 UTC on the 1st: the audit trail names the pass, never its secret.
    const created = (await auditOf('door-pass')).filter((r) => r.entityId === body.id);
    expect(created).toMatchObject([
      { action: 'create', accountName: 'Alpha Chapter', entityName: 'Rafi Ahmed (door pass, Pass Workshop)' },
    ]);
    expect(JSON.stringify(created)).not.toContain(secretOf(body.url));
  });

  it('another chapter gets 403, a visitor 401, for making, listing and revoking', async () => {
    const event = await createEvent(alpha.token);
    const pass = await createPass(event.id, alpha.token);
    const before = (await passRows()).length;
    for (const [token, status] of [
      [beta.token, 403],
      [undefined, 401],
    ] as const) {
      const made = await api.call(`/events/${event.id}/door-passes`, json('POST', { name: 'Intruder' }, token));
      expect(made.status).toBe(status);
      expect((await api.call(`/events/${event.id}/door-passes`, json('GET', undefined, token))).status).toBe(status);
      expect((await api.call(`/door-passes/${pass.id}`, json('DELETE', undefined, token))).status).toBe(status);
    }
    const refused = await api.call(`/events/${event.id}/door-passes`, json('POST', { name: 'Intruder' }, beta.token));
    expect((await refused.json()).message).toBe(
      'This event belongs to another chapter: only its chapter and admins can manage its door passes',
    );
    expect((await passRows()).length).toBe(before);
    expect((await passRows()).find((r) => r.id === pass.id)?.revokedAt).toBeNull();
  });

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    const event = await createEvent(alpha.token);
    const before = (await passRows()).length;
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ name: 42 }, 'name'],
      [{ name: 'Rafi', validUntil: '2029-12-31T00:00:00Z' }, 'validUntil'],
      [{ name: 'Rafi', validUntil: START.toISOString() }, 'validUntil'],
      [{ name: 'Rafi', validUntil: '2030-03-15T00:00:01Z' }, 'validUntil'],
      [{ name: 'Rafi', validUntil: 'tomorrow' }, 'validUntil'],
      [{ name: 'Rafi', validUntil: '2030-03-05T10:00' }, 'validUntil'],
    ];
    for (const [body, field] of cases) {
      const res = await api.call(`/events/${event.id}/door-passes`, json('POST', body, alpha.token));
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = await res.json();
      expect(answer.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    const notJson = await api.call(`/events/${event.id}/door-passes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alpha.token}`, 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(notJson.status).toBe(400);
    expect((await passRows()).length).toBe(before);
    // An event that is not there, and an id in another spelling.
    const unknown = await api.call(`/events/${randomUUID()}/door-passes`, json('POST', { name: 'R' }, alpha.token));
    expect(unknown.status).toBe(404);
    const upper = await api.call(`/events/${event.id.toUpperCase()}/door-passes`, json('POST', { name: 'R' }, admin));
    expect(upper.status).toBe(404);
    expect((await passRows()).length).toBe(before);
  });

  it('stores only the secret’s SHA-256: no column holds the secret', async () => {
    const event = await createEvent(alpha.token);
    const pass = await createPass(event.id, alpha.token);
    const secret = secretOf(pass.url);
    expect(Buffer.from(secret, 'base64url').length).toBe(32);
    const row = (await passRows()).find((r) => r.id === pass.id)!;
    expect(row.secretHash).toBe(createHash('sha256').update(secret).digest('base64url'));
    expect(JSON.stringify(row)).not.toContain(secret);
    const everything = await api.db.selectFrom('auditLog').selectAll().execute();
    expect(JSON.stringify(everything)).not.toContain(secret);
  });

  it('revoking answers 200 and audits once; again, 200 and unchanged; an unknown id 404', async () => {
    const event = await createEvent(alpha.token, { title: 'Revoke Workshop' });
    const pass = await createPass(event.id, alpha.token);
    clock = new Date('2030-03-02T00:00:00Z');
    const res = await api.call(`/door-passes/${pass.id}`, json('DELETE', undefined, alpha.token));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toEqual({ success: true, message: 'Door pass revoked' });
    clock = new Date('2030-03-03T00:00:00Z');
    const again = await api.call(`/door-passes/${pass.id}`, json('DELETE', undefined, admin));
    expect(again.status).toBe(200);
    const row = (await passRows()).find((r) => r.id === pass.id)!;
    expect(row.revokedAt).toEqual(new Date('2030-03-02T00:00:00Z'));
    const rows = (await auditOf('door-pass')).filter((r) => r.entityId === pass.id);
    expect(rows.map((r) => [r.action, r.accountName, r.changes])).toEqual([
      ['create', 'Alpha Chapter', expect.anything()],
      ['update', 'Alpha Chapter', { revoked: { from: false, to: true }, revokedReason: { from: null, to: 'staff' } }],
    ]);
    expect((await api.call(`/door-passes/${randomUUID()}`, json('DELETE', undefined, alpha.token))).status).toBe(404);
    expect((await api.call(`/door-passes/not-an-id`, json('DELETE', undefined, alpha.token))).status).toBe(404);
    const upper = await api.call(`/door-passes/${pass.id.toUpperCase()}`, json('DELETE', undefined, alpha.token));
    expect(upper.status).toBe(404);
  });
});

describe('the pass’s link, /door/{secret}', () => {
  it('signs the phone in with the pass’s own two cookies and sends it to the event’s check-in page', async () => {
    const event = await createEvent(alpha.token);
    const pass = await createPass(event.id, alpha.token);
    clock = ON_THE_DAY;
    const answer = await answerDoorLink(await pageDepsNow(), secretOf(pass.url), true);
    expect(answer).toEqual({
      status: 303,
      location: `/dashboard/events/${event.id}/check-in`,
      cookies: [expect.any(String), expect.any(String)],
    });
    if (answer.status !== 303) return;
    const [token, info] = answer.cookies as [string, string];
    // Until two hours after the pass ends (09:00 UTC), while its late check-ins are taken: 4 + 2 hours from 05:00.
    const maxAge = 6 * 3600;
    expect(token).toMatch(new RegExp(`^doorPass=[^;]+; Max-Age=${maxAge}; Path=/; HttpOnly; Secure; SameSite=Lax$`));
    expect(info).toMatch(new RegExp(`^doorPassInfo=[^;]+; Max-Age=${maxAge}; Path=/; Secure; SameSite=Lax$`));
    expect(JSON.parse(decodeURIComponent(info.split(';')[0]!.slice('doorPassInfo='.length)))).toEqual({
      passId: pass.id,
      name: 'Rafi',
      eventId: event.id,
      validUntil: DEFAULT_END,
    });
    // Never the staff session's cookie.
    expect(answer.cookies.join()).not.toMatch(/(^|, ?)token=/);
    const listed = await api.call(`/events/${event.id}/door-passes`, json('GET', undefined, alpha.token));
    expect((await listed.json()).passes[0].lastUsedAt).toBe(ON_THE_DAY.toISOString());
  });

  it('an unknown link is a 404, a revoked or expired pass a 410, each saying so, with no cookie', async () => {
    const deps = await pageDepsNow();
    const event = await createEvent(alpha.token);
    const revoked = await createPass(event.id, alpha.token);
    const expiring = await createPass(event.id, alpha.token, { name: 'Short', validUntil: '2030-03-01T01:00:00Z' });
    await api.call(`/door-passes/${revoked.id}`, json('DELETE', undefined, alpha.token));
    const ask = 'Ask the event’s staff for a new door pass link.';
    expect(await answerDoorLink(deps, 'A'.repeat(43), false)).toEqual({
      status: 404,
      heading: 'This door pass link is not valid',
      text: `Check that the whole link was opened. ${ask}`,
    });
    expect(await answerDoorLink(deps, 'short', false)).toMatchObject({ status: 404 });
    // Another letter case of a real secret is another secret.
    const swapped = secretOf(expiring.url).replace(/[a-z]/, (ch) => ch.toUpperCase());
    expect(await answerDoorLink(deps, swapped, false)).toMatchObject({ status: 404 });
    expect(await answerDoorLink(deps, secretOf(revoked.url), false)).toEqual({
      status: 410,
      heading: 'This door pass was revoked',
      text: ask,
    });
    clock = new Date('2030-03-01T01:00:00Z');
    expect(await answerDoorLink(deps, secretOf(expiring.url), false)).toEqual({
      status: 410,
      heading: 'This door pass has expired',
      text: ask,
    });
  });
});

/** The routes a pass may call for its own event (the door's), as "METHOD /path". */
const DOOR_ROUTES = new Set([
  'POST /events/:id/check-ins',
  'GET /events/:id/door',
  'GET /events/:id/door/count',
  'POST /events/:id/walk-ins',
  'GET /door-passes/current',
  'POST /door-passes/current/sign-out',
]);

describe('what a pass may reach', () => {
  it('every route of the API but its event’s door answers the pass 401 or 403, or exactly what it answers a visitor', async () => {
    const { event, pass, cookie } = await eventWithPass();
    const routes = [
      ...new Set(
        api.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path.replace('/api/v1', '') || '/'}`),
      ),
    ];
    expect(routes.length).toBeGreaterThan(50);
    for (const door of DOOR_ROUTES) expect(routes).toContain(door);
    const checked: string[] = [];
    for (const route of routes) {
      if (DOOR_ROUTES.has(route)) continue;
      const [method, path] = route.split(' ') as [string, string];
      // The pass's own event and pass wherever a path names an event or a pass; anything else elsewhere.
      const concrete = path
        .replace(/:id\b(\{[^}]*\})?/g, event.id)
        .replace(/:passId\b/g, pass.id)
        .replace(/:\w+(\{[^}]*\})?/g, 'x');
      const body = ['GET', 'HEAD'].includes(method) ? undefined : {};
      const withPass = await api.call(concrete, asPhone(cookie, method, body));
      const passText = await withPass.text();
      if (withPass.status === 401 || withPass.status === 403) {
        checked.push(route);
        continue;
      }
      const anonymous = await api.call(concrete, asPhone('', method, body));
      expect([route, withPass.status, passText]).toEqual([route, anonymous.status, await anonymous.text()]);
      checked.push(route);
    }
    expect(checked.length).toBe(routes.length - DOOR_ROUTES.size);
    // The staff routes of its own event say the pass is no account: sign in.
    const staffOnly = await api.call(`/events/${event.id}/registrations`, asPhone(cookie));
    expect(staffOnly.status).toBe(401);
    const attendance = await api.call(`/events/${event.id}/attendance`, asPhone(cookie));
    expect(attendance.status).toBe(401);
    expect((await api.call('/auth/account', asPhone(cookie))).status).toBe(401);
  });

  it('its own event’s door: the list (with walk-in marks), the count, and which pass it is', async () => {
    const { event, pass, cookie } = await eventWithPass({ title: 'Door Event' });
    await register(event.id, { fullName: 'Listed Person', email: 'listed@example.org' });
    const door = await api.call(`/events/${event.id}/door`, asPhone(cookie));
    expect(door.status).toBe(200);
    expect(door.headers.get('cache-control')).toBe('private, no-store');
    const list = await door.json();
    expect(list.attendees).toEqual([expect.objectContaining({ fullName: 'Listed Person', walkIn: false })]);
    // The event's seats, so a device offline can tell its list shows the event full.
    expect(list.event).toMatchObject({ title: 'Door Event', capacity: null });
    expect(JSON.stringify(list)).not.toMatch(/listed@example\.org/);
    const count = await api.call(`/events/${event.id}/door/count`, asPhone(cookie));
    expect(count.headers.get('cache-control')).toBe('private, no-store');
    expect(await count.json()).toEqual({ success: true, checkedIn: 0, expected: 1 });
    const current = await api.call('/door-passes/current', asPhone(cookie));
    expect(current.headers.get('cache-control')).toBe('private, no-store');
    expect(await current.json()).toEqual({
      success: true,
      pass: { id: pass.id, name: 'Rafi', eventId: event.id, eventTitle: 'Door Event', validUntil: DEFAULT_END },
    });
  });

  it('another event’s door routes answer 403, even its own chapter’s', async () => {
    const { cookie } = await eventWithPass();
    const other = await createEvent(alpha.token);
    await register(other.id);
    for (const [method, path, body] of [
      ['GET', `/events/${other.id}/door`, undefined],
      ['GET', `/events/${other.id}/door/count`, undefined],
      ['POST', `/events/${other.id}/check-ins`, { registration: randomUUID() }],
      ['POST', `/events/${other.id}/walk-ins`, { fullName: 'Sneaky' }],
    ] as const) {
      const res = await api.call(path, asPhone(cookie, method, body));
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe('This door pass is for another event');
    }
    const rows = await api.db.selectFrom('registrations').select('id').where('eventId', '=', other.id).execute();
    expect(rows.length).toBe(1);
  });

  it('its own event’s id in another letter case is no event: 404, before the pass is judged, and nothing is recorded', async () => {
    const { event, cookie } = await eventWithPass();
    const person = await register(event.id);
    const upper = event.id.toUpperCase();
    for (const [method, path, body] of [
      ['GET', `/events/${upper}/door`, undefined],
      ['GET', `/events/${upper}/door/count`, undefined],
      ['POST', `/events/${upper}/check-ins`, { ticket: person.ticket }],
      ['POST', `/events/${upper}/walk-ins`, { fullName: 'Upper Case' }],
    ] as const) {
      for (const init of [asPhone(cookie, method, body), json(method, body, alpha.token)]) {
        const res = await api.call(path, init);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect((await res.json()).message).toBe('Event not found');
      }
    }
    const rows = await api.db
      .selectFrom('registrations')
      .select(['checkedInAt'])
      .where('eventId', '=', event.id)
      .execute();
    expect(rows).toEqual([{ checkedInAt: null }]);
  });

  it('a scan time that is no real date (30 February, 25:00) is a 400 naming scannedAt, not a day rolled over', async () => {
    const { event, cookie } = await eventWithPass();
    const person = await register(event.id);
    for (const scannedAt of [
      '2030-02-30T10:00:00Z',
      '2030-03-10T25:00:00Z',
      '2030-03-10T04:60:00Z',
      '2030-03-10T04:59:60Z',
      '2030-03-10T04:59:00+24:00',
      '2030-13-01T04:59:00Z',
      '2030-03-10 04:59:00Z',
    ]) {
      for (const [path, body] of [
        [`/events/${event.id}/check-ins`, { ticket: person.ticket, scannedAt }],
        [`/events/${event.id}/walk-ins`, { fullName: 'Rolled Over', scannedAt }],
      ] as const) {
        const res = await api.call(path, asPhone(cookie, 'POST', body));
        expect(res.status, `${path} ${scannedAt}`).toBe(400);
        expect((await res.json()).errors).toEqual([
          {
            path: 'scannedAt',
            message: 'Scanned at must be a real date and time with its offset (2030-03-10T16:00:00Z)',
          },
        ]);
      }
    }
    const rows = await api.db
      .selectFrom('registrations')
      .select(['fullName', 'checkedInAt'])
      .where('eventId', '=', event.id)
      .execute();
    expect(rows).toEqual([{ fullName: expect.any(String), checkedInAt: null }]);
  });

  it('forged or swapped cookies sign nobody in', async () => {
    const { event, cookie } = await eventWithPass();
    const passToken = cookie.split('; ')[0]!.slice('doorPass='.length);
    const staffToken = await signSessionToken(api.deps.config.sessionSecret, { sub: randomUUID(), sid: 'x' }, clock);
    for (const forged of [
      'doorPass=garbage',
      `doorPass=${passToken.slice(0, -2)}xx`,
      `doorPass=${alpha.token}`,
      `doorPass=${staffToken}`,
      // The display hint alone is no pass.
      cookie.split('; ')[1]!,
    ]) {
      const res = await api.call(`/events/${event.id}/door`, asPhone(forged));
      expect(res.status, forged).toBe(401);
    }
    // The pass's token as a staff session is none.
    expect((await api.call('/auth/account', asPhone(`token=${passToken}`))).status).toBe(401);
    expect((await api.call('/auth/account', json('GET', undefined, passToken))).status).toBe(401);
  });

  it('a staff session wins over a pass on the same phone', async () => {
    const { event, cookie } = await eventWithPass();
    const both = await api.call(`/events/${event.id}/door`, {
      headers: { cookie, authorization: `Bearer ${beta.token}` },
    });
    expect(both.status).toBe(403);
    expect((await both.json()).message).toBe(
      'This event belongs to another chapter: only its chapter and admins can check people in',
    );
  });

  it('signing out clears the pass’s cookies; the pass stays valid', async () => {
    const { cookie, pass } = await eventWithPass();
    const res = await api.call('/door-passes/current/sign-out', asPhone(cookie, 'POST'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const cleared = res.headers.getSetCookie();
    expect(cleared).toEqual([
      expect.stringMatching(/^doorPass=; Max-Age=0; Path=\//),
      expect.stringMatching(/^doorPassInfo=; Max-Age=0; Path=\//),
    ]);
    expect((await api.call('/door-passes/current', asPhone(cookie))).status).toBe(200);
    expect((await passRows()).find((r) => r.id === pass.id)?.revokedAt).toBeNull();
    expect((await api.call('/door-passes/current', asPhone(''))).status).toBe(401);
  });
});

describe('check-ins with a pass', () => {
  it('are recorded, counted on the pass, and audited under the pass’s name and its creator', async () => {
    const { event, pass, cookie } = await eventWithPass({ title: 'Audit Workshop' });
    const { ticket } = await register(event.id, { fullName: 'Scanned Person' });
    const id = randomUUID();
    const res = await api.call(`/events/${event.id}/check-ins`, asPhone(cookie, 'POST', { ticket, id }));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toMatchObject({ result: 'checked-in', fullName: 'Scanned Person' });
    const row = await api.db.selectFrom('checkIns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.doorPassId).toBe(pass.id);
    const alphaId = (
      await api.db.selectFrom('chapters').select('id').where('slug', '=', 'alpha').executeTakeFirstOrThrow()
    ).id;
    expect(row.byAccount).toBe(alphaId);
    const audit = (await auditOf('check-in')).filter((r) => r.entityId === id);
    expect(audit).toMatchObject([
      {
        accountId: alphaId,
        accountName: 'Rafi (door pass by Alpha Chapter)',
        accountEmail: 'alpha@example.org',
        entityName: 'Audit Workshop check-in',
      },
    ]);
    const { passes } = await (
      await api.call(`/events/${event.id}/door-passes`, json('GET', undefined, alpha.token))
    ).json();
    expect(passes[0]).toMatchObject({ checkIns: 1, lastUsedAt: ON_THE_DAY.toISOString() });
    expect(await (await api.call(`/events/${event.id}/door/count`, asPhone(cookie))).json()).toEqual({
      success: true,
      checkedIn: 1,
      expected: 1,
    });
  });

  it('count the people admitted, not the scans: five people scanned six times are five check-ins, six scans', async () => {
    const { event, pass, cookie } = await eventWithPass({ registration: { mode: 'site', capacity: 40 } });
    const tickets = [];
    for (let i = 0; i < 5; i++) tickets.push((await register(event.id)).ticket);
    for (const ticket of [...tickets, tickets[2]!])
      expect((await api.call(`/events/${event.id}/check-ins`, asPhone(cookie, 'POST', { ticket }))).status).toBe(200);
    const { passes } = await (
      await api.call(`/events/${event.id}/door-passes`, json('GET', undefined, alpha.token))
    ).json();
    expect(passes.find((p: { id: string }) => p.id === pass.id)).toMatchObject({ checkIns: 5, scans: 6 });
    const door = await (await api.call(`/events/${event.id}/door`, asPhone(cookie))).json();
    expect(door.event.capacity).toBe(40);
  });

  it('a revoked pass is refused at its next request, and each refusal signs the phone out of it', async () => {
    const { event, pass, cookie } = await eventWithPass();
    const door = await api.call(`/events/${event.id}/door`, asPhone(cookie));
    expect(door.status).toBe(200);
    expect(door.headers.getSetCookie()).toEqual([]);
    await api.call(`/door-passes/${pass.id}`, json('DELETE', undefined, alpha.token));
    for (const [method, path, body] of [
      ['GET', `/events/${event.id}/door`, undefined],
      ['GET', `/events/${event.id}/door/count`, undefined],
      ['GET', '/door-passes/current', undefined],
      ['POST', `/events/${event.id}/check-ins`, { registration: randomUUID() }],
      ['POST', `/events/${event.id}/walk-ins`, { fullName: 'Too Late' }],
    ] as const) {
      const res = await api.call(path, asPhone(cookie, method, body));
      expect(res.status, path).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'pass_revoked', message: 'This door pass was revoked' });
      // Both cookies go: the phone stops presenting the pass, and its page stops opening as that door.
      expect(res.headers.getSetCookie(), path).toEqual([
        expect.stringMatching(/^doorPass=; Max-Age=0; Path=\/;.*Expires=Thu, 01 Jan 1970/),
        expect.stringMatching(/^doorPassInfo=; Max-Age=0; Path=\/;.*Expires=Thu, 01 Jan 1970/),
      ]);
    }
    // A staff session on the same phone: the pass was not read, its cookies are left alone.
    const staff = await api.call(`/events/${event.id}/door`, {
      headers: { cookie, authorization: `Bearer ${alpha.token}` },
    });
    expect(staff.status).toBe(200);
    expect(staff.headers.getSetCookie()).toEqual([]);
  });

  it('after a revocation nothing is taken, whatever its scan time says: a lost phone’s queue is lost with it', async () => {
    const { event, pass, cookie } = await eventWithPass();
    const before = await register(event.id, { fullName: 'Scanned Before' });
    const sent = await register(event.id, { fullName: 'Sent In Time' });
    // One scan sent while the pass worked; its id is replayed after the revocation.
    clock = new Date('2030-03-10T05:10:00Z');
    const sentId = randomUUID();
    const inTime = await api.call(
      `/events/${event.id}/check-ins`,
      asPhone(cookie, 'POST', { ticket: sent.ticket, id: sentId }),
    );
    expect(inTime.status).toBe(200);
    clock = new Date('2030-03-10T05:30:00Z');
    await api.call(`/door-passes/${pass.id}`, json('DELETE', undefined, alpha.token));
    clock = new Date('2030-03-10T06:00:00Z');
    const checkInsBefore = await api.db.selectFrom('checkIns').selectAll().execute();
    for (const [path, body] of [
      // Queued offline before the revocation, sent after it.
      ['check-ins', { ticket: before.ticket, id: randomUUID(), scannedAt: '2030-03-10T05:20:00Z' }],
      ['check-ins', { registration: randomUUID(), id: randomUUID(), scannedAt: '2030-03-10T05:29:59Z' }],
      // Back-dated to before the pass was even made, and to the very first second.
      ['check-ins', { ticket: before.ticket, id: randomUUID(), scannedAt: '2030-03-01T00:00:00Z' }],
      // The scan sent in time, replayed.
      ['check-ins', { ticket: sent.ticket, id: sentId, scannedAt: '2030-03-10T05:10:00Z' }],
      ['walk-ins', { fullName: 'Early Walker', id: randomUUID(), scannedAt: '2030-03-10T05:10:00Z' }],
      ['walk-ins', { fullName: 'Late Walker', scannedAt: '2030-03-10T05:45:00Z' }],
      // A bad body is no way past it either: the revocation is answered first.
      ['walk-ins', { fullName: '' }],
    ] as const) {
      const res = await api.call(`/events/${event.id}/${path}`, asPhone(cookie, 'POST', body));
      expect([path, res.status], JSON.stringify(body)).toEqual([path, 401]);
      expect(await res.json()).toMatchObject({ code: 'pass_revoked', message: 'This door pass was revoked' });
    }
    expect(await api.db.selectFrom('checkIns').selectAll().execute()).toEqual(checkInsBefore);
    const rows = await api.db
      .selectFrom('registrations')
      .select(['fullName', 'checkedInAt'])
      .where('eventId', '=', event.id)
      .orderBy('seq')
      .execute();
    expect(rows).toEqual([
      { fullName: 'Scanned Before', checkedInAt: null },
      { fullName: 'Sent In Time', checkedInAt: new Date('2030-03-10T05:10:00Z') },
    ]);
    // What the pass sent before, and when it was last seen, stay on the staff's list.
    const { passes } = await (
      await api.call(`/events/${event.id}/door-passes`, json('GET', undefined, alpha.token))
    ).json();
    expect(passes[0]).toMatchObject({
      revokedReason: 'staff',
      scans: 1,
      checkIns: 1,
      lastUsedAt: '2030-03-10T05:10:00.000Z',
    });
  });

  it('a phone whose clock runs behind the server’s: a scan time before the pass was made is taken, recorded at its making', async () => {
    clock = ON_THE_DAY;
    const event = await createEvent(alpha.token);
    const pass = await createPass(event.id, alpha.token);
    const cookie = await openLink(pass.url);
    const person = await register(event.id, { fullName: 'Behind Clock' });
    // Scanned a minute "before" the pass was made, by a phone a little behind the server.
    const checkIn = await api.call(
      `/events/${event.id}/check-ins`,
      asPhone(cookie, 'POST', { ticket: person.ticket, id: randomUUID(), scannedAt: '2030-03-10T04:59:00Z' }),
    );
    expect(checkIn.status).toBe(200);
    expect(await checkIn.json()).toMatchObject({ result: 'checked-in', checkedInAt: ON_THE_DAY.toISOString() });
    const walkIn = await api.call(
      `/events/${event.id}/walk-ins`,
      asPhone(cookie, 'POST', { fullName: 'Behind Walker', id: randomUUID(), scannedAt: '2030-03-10T04:59:30Z' }),
    );
    expect(walkIn.status).toBe(201);
    expect(await walkIn.json()).toMatchObject({ checkedInAt: ON_THE_DAY.toISOString() });
  });

  it('an expired pass: judged by its end the same way; a scan time over 7 days old is a 400', async () => {
    const { event, cookie } = await eventWithPass();
    const kept = await register(event.id);
    const dropped = await register(event.id);
    // The pass ends at 09:00 UTC.
    clock = new Date('2030-03-10T10:00:00Z');
    const inTime = await api.call(
      `/events/${event.id}/check-ins`,
      asPhone(cookie, 'POST', { ticket: kept.ticket, scannedAt: '2030-03-10T08:59:00Z' }),
    );
    expect(inTime.status).toBe(200);
    const tooLate = await api.call(
      `/events/${event.id}/check-ins`,
      asPhone(cookie, 'POST', { ticket: dropped.ticket, scannedAt: '2030-03-10T09:00:00Z' }),
    );
    expect(tooLate.status).toBe(403);
    expect((await tooLate.json()).message).toBe('Scanned after this door pass expired');
    const now = await api.call(`/events/${event.id}/door`, asPhone(cookie));
    expect(now.status).toBe(401);
    expect((await now.json()).message).toBe('This door pass has expired');
    // Its cookies stay while it still carries check-ins scanned in time (until 11:00 UTC); then they go.
    expect(now.headers.getSetCookie()).toEqual([]);
    clock = new Date('2030-03-10T11:00:00Z');
    const over = await api.call('/door-passes/current', asPhone(cookie));
    expect(over.status).toBe(401);
    expect(over.headers.getSetCookie().map((c) => c.split(';')[0])).toEqual(['doorPass=', 'doorPassInfo=']);
    const old = await api.call(
      `/events/${event.id}/check-ins`,
      json('POST', { ticket: dropped.ticket, scannedAt: '2030-03-03T09:59:00Z' }, alpha.token),
    );
    expect(old.status).toBe(400);
    expect((await old.json()).errors).toEqual([{ path: 'scannedAt', message: expect.stringContaining('7 days') }]);
  });
});

describe('walk-ins', () => {
  const walkIn = (eventId: string, init: RequestInit) => api.call(`/events/${eventId}/walk-ins`, init);
  const registrationsOf = (eventId: string) =>
    api.db.selectFrom('registrations').selectAll().where('eventId', '=', eventId).orderBy('seq').execute();

  it('registers and checks in at once, marked a walk-in, never mailed; a retry counts once', async () => {
    const { event, pass, cookie } = await eventWithPass({ title: 'Walk Workshop' });
    const id = randomUUID();
    const body = {
      fullName: 'Walk In',
      email: 'walker@example.org',
      institution: 'BUET',
      ieeeMemberId: '12345678',
      id,
    };
    const first = await walkIn(event.id, asPhone(cookie, 'POST', body));
    expect(first.status).toBe(201);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const answer = await first.json();
    expect(answer).toEqual({
      success: true,
      result: 'checked-in',
      registrationId: expect.any(String),
      fullName: 'Walk In',
      checkedInAt: ON_THE_DAY.toISOString(),
      walkIn: true,
    });
    // The phone lost the answer and sends it again.
    const retry = await walkIn(event.id, asPhone(cookie, 'POST', body));
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(answer);
    const rows = await registrationsOf(event.id);
    expect(rows).toMatchObject([
      {
        id: answer.registrationId,
        fullName: 'Walk In',
        email: 'walker@example.org',
        institution: 'BUET',
        ieeeMemberId: '12345678',
        status: 'confirmed',
        walkIn: true,
        checkedInAt: ON_THE_DAY,
      },
    ]);
    const outbox = await api.db
      .selectFrom('emailOutbox')
      .selectAll()
      .where('registrationId', '=', rows[0]!.id)
      .execute();
    expect(outbox).toEqual([]);
    // Staff cancel and confirm it again, and ask for the ticket again: still no mail.
    await api.call(`/registrations/${rows[0]!.id}`, json('PATCH', { status: 'cancelled' }, alpha.token));
    await api.call(`/registrations/${rows[0]!.id}`, json('PATCH', { status: 'confirmed' }, alpha.token));
    await app.request(
      `/api/v1/events/${event.id}/registrations/resend`,
      json('POST', { email: 'walker@example.org' }),
      { incoming: { socket: { remoteAddress: '10.77.0.1' } } },
    );
    expect(
      await api.db.selectFrom('emailOutbox').selectAll().where('registrationId', '=', rows[0]!.id).execute(),
    ).toEqual([]);
    // Audited once, under the pass and its creator, never the person's name.
    const audit = (await auditOf('check-in')).filter((r) => r.entityId === id);
    expect(audit).toMatchObject([
      {
        action: 'create',
        accountName: 'Rafi (door pass by Alpha Chapter)',
        entityName: 'Walk Workshop check-in',
        changes: { result: { to: 'checked-in' }, walkIn: { to: true } },
      },
    ]);
    expect(JSON.stringify(audit)).not.toMatch(/Walk In|walker@/);
    const { passes } = await (
      await api.call(`/events/${event.id}/door-passes`, json('GET', undefined, alpha.token))
    ).json();
    expect(passes.find((p: { id: string }) => p.id === pass.id).checkIns).toBe(1);
  });

  it('sent twice at once (two connections on PostgreSQL) or by two doors for the last seat: counted once, never over capacity', async () => {
    const { event, cookie } = await eventWithPass({ registration: { mode: 'site', capacity: 2 } });
    const body = { fullName: 'Twice Sent', id: randomUUID() };
    const twice = await Promise.all([
      walkIn(event.id, asPhone(cookie, 'POST', body)),
      walkIn(event.id, asPhone(cookie, 'POST', body)),
    ]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 201]);
    const [a, b] = await Promise.all(twice.map((r) => r.json()));
    expect(a.registrationId).toBe(b.registrationId);
    // One seat left, two doors.
    const doors = await Promise.all(
      ['Door One', 'Door Two'].map((fullName) => walkIn(event.id, asPhone(cookie, 'POST', { fullName }))),
    );
    expect(doors.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await registrationsOf(event.id)).length).toBe(2);
  });

  it('two walk-ins without an e-mail do not clash; an e-mail already registered checks that registration in', async () => {
    const { event, cookie } = await eventWithPass();
    await register(event.id, { fullName: 'Registered Person', email: 'taken@example.org' });
    expect((await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'No Mail One' }))).status).toBe(201);
    expect((await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'No Mail Two', email: '' }))).status).toBe(201);
    // Another letter case of the address, another name typed: it is the person who registered.
    const taken = await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'Again', email: 'TAKEN@example.org' }));
    expect(taken.status).toBe(200);
    const answer = await taken.json();
    expect(answer).toEqual({
      success: true,
      result: 'checked-in',
      registrationId: expect.any(String),
      fullName: 'Registered Person',
      checkedInAt: ON_THE_DAY.toISOString(),
      walkIn: false,
    });
    expect((await registrationsOf(event.id)).map((r) => [r.fullName, r.email, r.walkIn, r.checkedInAt])).toEqual([
      ['Registered Person', 'taken@example.org', false, ON_THE_DAY],
      ['No Mail One', '', true, ON_THE_DAY],
      ['No Mail Two', '', true, ON_THE_DAY],
    ]);
  });

  it('refuses bad input with 400 naming the field, adding nobody', async () => {
    const { event, cookie } = await eventWithPass();
    for (const [body, field] of [
      [{}, 'fullName'],
      [{ fullName: '  ' }, 'fullName'],
      [{ fullName: 'x'.repeat(121) }, 'fullName'],
      [{ fullName: 'Line\nBreak' }, 'fullName'],
      [{ fullName: 'A', email: 'not-an-address' }, 'email'],
      [{ fullName: 'A', ieeeMemberId: 'abc' }, 'ieeeMemberId'],
      [{ fullName: 'A', id: 'not-a-uuid' }, 'id'],
      [{ fullName: 'A', scannedAt: 'yesterday' }, 'scannedAt'],
      [{ fullName: 'A', exceedCapacity: 'yes' }, 'exceedCapacity'],
    ] as const) {
      const res = await walkIn(event.id, asPhone(cookie, 'POST', body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    expect(await registrationsOf(event.id)).toEqual([]);
    // Anonymous: 401; another chapter: 403.
    expect((await walkIn(event.id, json('POST', { fullName: 'A' }))).status).toBe(401);
    expect((await walkIn(event.id, json('POST', { fullName: 'A' }, beta.token))).status).toBe(403);
    expect(await registrationsOf(event.id)).toEqual([]);
  });

  it('a full event: a pass gets 409; staff 409 with the figures, then 201 when they confirm', async () => {
    const { event, cookie } = await eventWithPass({ registration: { mode: 'site', capacity: 1 } });
    await register(event.id, { fullName: 'Seat Holder' });
    const byPass = await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'Door Guest' }));
    expect(byPass.status).toBe(409);
    expect(await byPass.json()).toMatchObject({
      code: 'event_full_for_pass',
      message: 'The event is full: only its staff can add walk-ins now',
    });
    const asked = await walkIn(event.id, json('POST', { fullName: 'Door Guest' }, alpha.token));
    expect(asked.status).toBe(409);
    expect(await asked.json()).toEqual({
      success: false,
      code: 'event_full',
      message: 'The event is full (1 of 1): adding a walk-in exceeds its capacity',
      capacity: 1,
      registered: 1,
    });
    // The pass cannot confirm its way past it.
    const forced = await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'Door Guest', exceedCapacity: true }));
    expect(forced.status).toBe(409);
    expect((await registrationsOf(event.id)).length).toBe(1);
    const confirmed = await walkIn(
      event.id,
      json('POST', { fullName: 'Door Guest', exceedCapacity: true }, alpha.token),
    );
    expect(confirmed.status).toBe(201);
    expect((await registrationsOf(event.id)).map((r) => [r.fullName, r.status, r.walkIn])).toEqual([
      ['Seat Holder', 'confirmed', false],
      ['Door Guest', 'confirmed', true],
    ]);
    const audit = (await auditOf('check-in')).at(-1)!;
    expect(audit.accountName).toBe('Alpha Chapter');
  });

  it('are counted in the attendance report and marked in its CSV and on the door list', async () => {
    const { event, cookie } = await eventWithPass({ title: 'Count Workshop' });
    const { ticket } = await register(event.id, { fullName: 'Came Registered', ieeeMemberId: '11112222' });
    await register(event.id, { fullName: 'Stayed Home' });
    await api.call(`/events/${event.id}/check-ins`, asPhone(cookie, 'POST', { ticket }));
    await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'Member Walker', ieeeMemberId: '33334444' }));
    await walkIn(event.id, asPhone(cookie, 'POST', { fullName: 'Guest Walker' }));
    const report = await (await api.call(`/events/${event.id}/attendance`, json('GET', undefined, alpha.token))).json();
    expect(report).toMatchObject({ registered: 4, attended: 3, members: 2, guests: 1, walkIns: 2 });
    const csv = await (
      await api.call(`/events/${event.id}/attendance.csv`, json('GET', undefined, alpha.token))
    ).text();
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]!.split(',').at(-1)).toBe('Walk-in');
    expect(lines.slice(1, -1).map((l) => [l.split(',')[0], l.split(',').at(-1)])).toEqual([
      ['Came Registered', 'no'],
      ['Stayed Home', 'no'],
      ['Member Walker', 'yes'],
      ['Guest Walker', 'yes'],
    ]);
    const door = await (await api.call(`/events/${event.id}/door`, asPhone(cookie))).json();
    expect(door.attendees.map((a: { fullName: string; walkIn: boolean }) => [a.fullName, a.walkIn])).toEqual([
      ['Came Registered', false],
      ['Stayed Home', false],
      ['Member Walker', true],
      ['Guest Walker', true],
    ]);
    expect(await (await api.call(`/events/${event.id}/door/count`, asPhone(cookie))).json()).toEqual({
      success: true,
      checkedIn: 3,
      expected: 4,
    });
    // The staff list marks them, and its CSV says so in the status, its columns as they were.
    const { registrations } = await (
      await api.call(`/events/${event.id}/registrations`, json('GET', undefined, alpha.token))
    ).json();
    expect(
      registrations.map((r: { fullName: string; walkIn: boolean; email: string }) => [r.fullName, r.walkIn]),
    ).toEqual([
      ['Came Registered', false],
      ['Stayed Home', false],
      ['Member Walker', true],
      ['Guest Walker', true],
    ]);
    const staffCsv = await (
      await api.call(`/events/${event.id}/registrations.csv`, json('GET', undefined, alpha.token))
    ).text();
    const rows = staffCsv.split('\r\n');
    expect(rows[0]!.split(',').slice(0, 5)).toEqual([
      'Registered at (Dhaka time)',
      'Status',
      'Waitlist position',
      'Full name',
      'E-mail',
    ]);
    expect(rows.slice(1, -1).map((r) => r.split(',').slice(1, 5))).toEqual([
      ['Confirmed', '', 'Came Registered', expect.stringContaining('@example.org')],
      ['Confirmed', '', 'Stayed Home', expect.stringContaining('@example.org')],
      ['Confirmed (walk-in)', '', 'Member Walker', ''],
      ['Confirmed (walk-in)', '', 'Guest Walker', ''],
    ]);
  });
});
