import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { useTestApi } from '../support/api-fixture.ts';
import { ADMIN, json, login, sampleEvent, type TestApi } from '../support/api-server.ts';
import * as registration from '../support/registration.ts';

/**
 * Who may call what: anonymous, chapter A (the owner of the records), chapter B and an admin,
 * against every protected call. Each refusal must leave every table exactly as it was.
 */
type Role = 'anonymous' | 'chapterA' | 'chapterB' | 'admin';
interface Call {
  name: string;
  method: string;
  /** Creates what the call needs (owned by chapter A) and returns the path. */
  path: () => Promise<string>;
  body?: (role: Role) => unknown;
  expect: Record<Role, number>;
  /** The request, when it is not the JSON one `body` makes (an upload, a header of its own). */
  init?: (role: Role, token: string | undefined) => Promise<RequestInit>;
  /** The answer is not JSON (a CSV): only its status is checked. */
  textBody?: boolean;
  /** After a success: e.g. a password change records the new password, "Sign out everywhere" signs in again. */
  onSuccess?: (role: Role, body: { token?: string }) => void | Promise<void>;
}

let api: TestApi;
const tokens: Partial<Record<Role, string>> = {};
const passwords: Partial<Record<Role, string>> = {};
const emails: Partial<Record<Role, string>> = {};
let passwordChanges = 0;
let checkInTicket = '';
/** The registration a cancellation of a selection names. */
let selected = '';

const owner = { anonymous: 401, chapterA: 200, chapterB: 403, admin: 200 };
const ownerCreate = { anonymous: 401, chapterA: 201, chapterB: 201, admin: 201 };
const signedIn = { anonymous: 401, chapterA: 200, chapterB: 200, admin: 200 };
const adminOnly = (ok: number) => ({ anonymous: 401, chapterA: 403, chapterB: 403, admin: ok });

async function post(path: string, body: unknown, token: string) {
  const res = await api.call(path, json('POST', body, token));
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}
const eventOfA = async () => (await post('/events', sampleEvent(), tokens.chapterA!)).event._id as string;
const draftOfA = async () =>
  (await post('/events', sampleEvent({ status: 'draft' }), tokens.chapterA!)).event._id as string;
const siteEventOfA = async () => (await registration.siteEvent(api, tokens.chapterA!)).id;
let registrationCounter = 0;
/** Straight into the table: the public form is rate limited per address and event. */
const registrationOfA = async () => {
  registrationCounter += 1;
  const row = await api.db
    .insertInto('registrations')
    .values({
      eventId: await siteEventOfA(),
      ticket: `matrix-ticket-${String(registrationCounter).padStart(18, '0')}`,
      fullName: 'Registrant',
      email: `registrant${registrationCounter}@example.org`,
      status: 'confirmed',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};
/** A checked-in registration's certificate (issued straight into the table, as the registration). */
const certificateOfA = async () => {
  const registrationId = await registrationOfA();
  const { eventId } = await api.db
    .updateTable('registrations')
    .set({ checkedInAt: new Date() })
    .where('id', '=', registrationId)
    .returning('eventId')
    .executeTakeFirstOrThrow();
  const id = `matrixcert${String(registrationCounter).padStart(12, '0')}`;
  await api.db
    .insertInto('certificates')
    .values({ id, eventId, registrationId, fullName: 'Registrant', issuedAt: new Date() })
    .execute();
  return id;
};
/** The ticket of a confirmed registration of chapter A's event, and that event. */
const ticketOfA = async () => {
  const id = await registrationOfA();
  return api.db
    .selectFrom('registrations')
    .select(['ticket', 'eventId'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
};
/** A draft is hidden from whoever may not manage it: they are told it does not exist. */
const draftOwner = { anonymous: 401, chapterA: 200, chapterB: 404, admin: 200 };
const excomOfA = async () =>
  (
    await post(
      '/excom',
      {
        name: 'Nadia Islam',
        designation: 'Chair',
        affiliation: 'BUET',
        image: '/sample/p1.webp',
        email: 'nadia@example.com',
      },
      tokens.chapterA!,
    )
  ).member._id as string;
const human = async () =>
  (await post('/humans', { name: 'Rafi', image: '/sample/h1.webp', description: 'A story.' }, tokens.admin!)).human
    ._id as string;
const committeeMember = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sadia',
  designation: 'Coordinator',
  affiliation: 'NSU',
  image: '/sample/p3.webp',
  email: ['sadia@example.com'],
  committee: 'SPARK',
  year: 2024,
  team: 'Coordinators',
  ...overrides,
});
const member = async () => (await post('/members', committeeMember(), tokens.admin!)).member._id as string;
/** Straight into the table: the public form is rate limited per address, and these calls need many. */
const supportMessage = async () =>
  (
    await api.db
      .insertInto('supportMessages')
      .values({ name: 'Visitor', email: 'visitor@example.com', message: 'Help, please.' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
let accountCounter = 0;
const freshAccount = async () => {
  const slug = `victim-${++accountCounter}`;
  await post(
    '/users',
    {
      name: `Victim ${accountCounter}`,
      email: `${slug}@example.org`,
      password: 'victim-password',
      phone: '+8801700000000',
      slug,
    },
    tokens.admin!,
  );
  return slug;
};
let infoOfA = '';

/** A real PNG in a multipart form, optionally sent as a browser on another site would. */
async function uploadInit(token: string | undefined, crossSite: boolean): Promise<RequestInit> {
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
  const headers: Record<string, string> = crossSite
    ? { 'sec-fetch-site': 'cross-site' }
    : { 'sec-fetch-site': 'same-origin' };
  if (token) headers['authorization'] = `Bearer ${token}`;
  return { method: 'POST', body: form, headers };
}
/** Refused for everyone: a browser says the request comes from another site. */
const crossSite = { anonymous: 403, chapterA: 403, chapterB: 403, admin: 403 };

const calls: Call[] = [
  { name: 'GET /events/myevents', method: 'GET', path: async () => '/events/myevents', expect: signedIn },
  { name: 'POST /events', method: 'POST', path: async () => '/events', body: () => sampleEvent(), expect: ownerCreate },
  {
    name: 'PUT /events/:id',
    method: 'PUT',
    path: async () => `/events/${await eventOfA()}`,
    body: () => sampleEvent({ title: 'Changed' }),
    expect: owner,
  },
  {
    name: 'PATCH /events/:id',
    method: 'PATCH',
    path: async () => `/events/${await eventOfA()}`,
    body: () => ({ title: 'Changed' }),
    expect: owner,
  },
  { name: 'DELETE /events/:id', method: 'DELETE', path: async () => `/events/${await eventOfA()}`, expect: owner },
  {
    name: 'POST /events (as a draft)',
    method: 'POST',
    path: async () => '/events',
    body: () => sampleEvent({ status: 'draft' }),
    expect: ownerCreate,
  },
  {
    name: 'GET /events/:id (a draft)',
    method: 'GET',
    path: async () => `/events/${await draftOfA()}`,
    expect: { ...draftOwner, anonymous: 404 },
  },
  {
    name: 'PATCH /events/:id (publish a draft)',
    method: 'PATCH',
    path: async () => `/events/${await draftOfA()}`,
    body: () => ({ status: 'published' }),
    expect: draftOwner,
  },
  {
    name: 'PATCH /events/:id (back to draft)',
    method: 'PATCH',
    path: async () => `/events/${await eventOfA()}`,
    body: () => ({ status: 'draft' }),
    expect: owner,
  },
  {
    name: 'PUT /events/:id (a draft)',
    method: 'PUT',
    path: async () => `/events/${await draftOfA()}`,
    body: () => sampleEvent({ title: 'Changed', status: 'draft' }),
    expect: draftOwner,
  },
  {
    name: 'DELETE /events/:id (a draft)',
    method: 'DELETE',
    path: async () => `/events/${await draftOfA()}`,
    expect: draftOwner,
  },
  { name: 'GET /chapters (own info)', method: 'GET', path: async () => '/chapters', expect: signedIn },
  {
    name: 'PUT /chapters/:id',
    method: 'PUT',
    path: async () => `/chapters/${infoOfA}`,
    body: () => ({ shortDescription: 'Changed' }),
    expect: owner,
  },
  {
    name: 'PATCH /chapters/:id',
    method: 'PATCH',
    path: async () => `/chapters/${infoOfA}`,
    body: () => ({ aboutUs: 'Changed' }),
    expect: owner,
  },
  { name: 'GET /excom', method: 'GET', path: async () => '/excom', expect: signedIn },
  {
    name: 'GET /excom/member/:id',
    method: 'GET',
    path: async () => `/excom/member/${await excomOfA()}`,
    expect: owner,
  },
  {
    name: 'POST /excom',
    method: 'POST',
    path: async () => '/excom',
    body: () => ({
      name: 'Tanvir',
      designation: 'Secretary',
      affiliation: 'DU',
      image: '/sample/p2.webp',
      email: 'tanvir@example.com',
    }),
    expect: ownerCreate,
  },
  {
    name: 'PUT /excom/:id',
    method: 'PUT',
    path: async () => `/excom/${await excomOfA()}`,
    body: () => ({ designation: 'Vice Chair' }),
    expect: owner,
  },
  { name: 'DELETE /excom/:id', method: 'DELETE', path: async () => `/excom/${await excomOfA()}`, expect: owner },
  { name: 'GET /users', method: 'GET', path: async () => '/users', expect: adminOnly(200) },
  {
    name: 'POST /users',
    method: 'POST',
    path: async () => '/users',
    body: () => ({
      name: `New ${++accountCounter}`,
      email: `new${accountCounter}@example.org`,
      password: 'new-password-1',
      phone: '+8801700000001',
    }),
    expect: adminOnly(201),
  },
  {
    name: 'GET /users/:slug',
    method: 'GET',
    path: async () => `/users/${await freshAccount()}`,
    expect: adminOnly(200),
  },
  {
    name: 'PUT /users/:slug',
    method: 'PUT',
    path: async () => `/users/${await freshAccount()}`,
    body: () => ({ phone: '+8801999999999' }),
    expect: adminOnly(200),
  },
  {
    name: 'DELETE /users/:slug',
    method: 'DELETE',
    path: async () => `/users/${await freshAccount()}`,
    expect: adminOnly(200),
  },
  { name: 'GET /contact', method: 'GET', path: async () => '/contact', expect: adminOnly(200) },
  {
    name: 'POST /humans',
    method: 'POST',
    path: async () => '/humans',
    body: () => ({ name: 'Mim', image: '/sample/h2.webp', description: 'Another story.' }),
    expect: adminOnly(201),
  },
  {
    name: 'DELETE /humans/:id',
    method: 'DELETE',
    path: async () => `/humans/${await human()}`,
    expect: adminOnly(200),
  },
  {
    name: 'POST /members',
    method: 'POST',
    path: async () => '/members',
    body: () => ({
      name: 'Sadia',
      designation: 'Coordinator',
      affiliation: 'NSU',
      image: '/sample/p3.webp',
      email: ['sadia@example.com'],
      committee: 'SPARK',
      year: 2024,
      team: 'Coordinators',
    }),
    expect: adminOnly(201),
  },
  { name: 'GET /members/rosters', method: 'GET', path: async () => '/members/rosters', expect: adminOnly(200) },
  {
    name: 'PUT /members/:id',
    method: 'PUT',
    path: async () => `/members/${await member()}`,
    body: () => committeeMember({ designation: 'Lead' }),
    expect: adminOnly(200),
  },
  {
    name: 'PATCH /members/:id',
    method: 'PATCH',
    path: async () => `/members/${await member()}`,
    body: () => ({ year: 2025 }),
    expect: adminOnly(200),
  },
  {
    name: 'DELETE /members/:id',
    method: 'DELETE',
    path: async () => `/members/${await member()}`,
    expect: adminOnly(200),
  },
  {
    name: 'PUT /humans/:id',
    method: 'PUT',
    path: async () => `/humans/${await human()}`,
    body: () => ({ name: 'Rafi Ahmed', image: '/sample/h3.webp', description: 'A new story.' }),
    expect: adminOnly(200),
  },
  {
    name: 'PATCH /humans/:id',
    method: 'PATCH',
    path: async () => `/humans/${await human()}`,
    body: () => ({ description: 'Changed.' }),
    expect: adminOnly(200),
  },
  {
    name: 'GET /contact (a page)',
    method: 'GET',
    path: async () => '/contact?page=1&q=help&handled=unhandled',
    expect: adminOnly(200),
  },
  {
    name: 'GET /contact/unhandled-count',
    method: 'GET',
    path: async () => '/contact/unhandled-count',
    expect: adminOnly(200),
  },
  {
    name: 'PATCH /contact/:id',
    method: 'PATCH',
    path: async () => `/contact/${await supportMessage()}`,
    body: () => ({ handled: true }),
    expect: adminOnly(200),
  },
  {
    name: 'DELETE /contact/:id',
    method: 'DELETE',
    path: async () => `/contact/${await supportMessage()}`,
    expect: adminOnly(200),
  },
  { name: 'GET /auth/session', method: 'GET', path: async () => '/auth/session', expect: signedIn },
  { name: 'GET /auth/account', method: 'GET', path: async () => '/auth/account', expect: signedIn },
  {
    name: 'PUT /auth/account',
    method: 'PUT',
    path: async () => '/auth/account',
    body: () => ({ phone: '+8801800000001' }),
    expect: adminOnly(200),
  },
  {
    // Everyone signed in changes their own password; their session goes on with the same token.
    name: 'PUT /auth/password',
    method: 'PUT',
    path: async () => '/auth/password',
    body: (role) => ({
      currentPassword: passwords[role] ?? 'none',
      newPassword: `changed-password-${++passwordChanges}`,
    }),
    expect: signedIn,
    onSuccess: (role) => {
      passwords[role] = `changed-password-${passwordChanges}`;
    },
  },
  {
    name: 'PUT /users/:slug/password',
    method: 'PUT',
    path: async () => `/users/${await freshAccount()}/password`,
    body: () => ({ newPassword: 'reset-by-admin-1' }),
    expect: adminOnly(200),
  },
  {
    // Anyone signed in sets their own public contact e-mail; only admins change the rest.
    name: 'PUT /auth/account (public contact e-mail)',
    method: 'PUT',
    path: async () => '/auth/account',
    body: (role) => ({ publicEmail: `${role.toLowerCase()}@public.example` }),
    expect: signedIn,
  },
  {
    name: 'POST /uploads',
    method: 'POST',
    path: async () => '/uploads',
    init: (_, token) => uploadInit(token, false),
    expect: { anonymous: 401, chapterA: 201, chapterB: 201, admin: 201 },
  },
  {
    // A form on another site cannot upload with a visitor's cookie.
    name: 'POST /uploads (Sec-Fetch-Site: cross-site)',
    method: 'POST',
    path: async () => '/uploads',
    init: (_, token) => uploadInit(token, true),
    expect: crossSite,
  },
  {
    name: 'POST /events (Sec-Fetch-Site: cross-site)',
    method: 'POST',
    path: async () => '/events',
    init: async (_, token) => {
      const init = json('POST', sampleEvent(), token);
      return { ...init, headers: { ...(init.headers as Record<string, string>), 'sec-fetch-site': 'cross-site' } };
    },
    expect: crossSite,
  },
  {
    // Ends every session of the caller's account; the next calls sign in again.
    name: 'POST /auth/logout-everywhere',
    method: 'POST',
    path: async () => '/auth/logout-everywhere',
    body: () => ({}),
    expect: signedIn,
    onSuccess: async (role) => {
      const token = tokens[role]!;
      expect((await api.call('/auth/session', json('GET', undefined, token))).status).toBe(401);
      tokens[role] = await login(api, emails[role]!, passwords[role]!);
    },
  },
  {
    name: 'GET /events/:id/registrations',
    method: 'GET',
    path: async () => `/events/${await siteEventOfA()}/registrations?q=a&status=confirmed`,
    expect: owner,
  },
  {
    name: 'GET /events/:id/registrations (a draft)',
    method: 'GET',
    path: async () => `/events/${await draftOfA()}/registrations`,
    expect: draftOwner,
  },
  {
    name: 'GET /events/:id/registrations/networks',
    method: 'GET',
    path: async () => `/events/${await siteEventOfA()}/registrations/networks`,
    expect: owner,
  },
  {
    name: 'POST /events/:id/registrations/cancel',
    method: 'POST',
    // Each role selects a registration of its own to cancel.
    path: async () => {
      const { eventId } = await ticketOfA();
      selected = (
        await api.db.selectFrom('registrations').select('id').where('eventId', '=', eventId).executeTakeFirstOrThrow()
      ).id;
      return `/events/${eventId}/registrations/cancel`;
    },
    body: () => ({ registrationIds: [selected] }),
    expect: owner,
  },
  {
    name: 'PATCH /registrations/:id',
    method: 'PATCH',
    path: async () => `/registrations/${await registrationOfA()}`,
    body: () => ({ status: 'cancelled' }),
    expect: owner,
  },
  { name: 'GET /registrations/overview', method: 'GET', path: async () => '/registrations/overview', expect: signedIn },
  {
    name: 'POST /events/:id/check-ins',
    method: 'POST',
    // Each role scans a ticket of its own: the first scan of each is a check-in.
    path: async () => {
      const { ticket, eventId } = await ticketOfA();
      checkInTicket = ticket;
      return `/events/${eventId}/check-ins`;
    },
    // The sample event is in 2030: a check-in before its day says it is deliberate.
    body: () => ({ ticket: checkInTicket, early: true }),
    expect: owner,
  },
  {
    name: 'GET /events/:id/attendance',
    method: 'GET',
    path: async () => `/events/${await siteEventOfA()}/attendance`,
    expect: owner,
  },
  {
    name: 'GET /events/:id/attendance (a draft)',
    method: 'GET',
    path: async () => `/events/${await draftOfA()}/attendance`,
    expect: draftOwner,
  },
  {
    name: 'GET /events/:id/attendance.csv',
    method: 'GET',
    path: async () => `/events/${await siteEventOfA()}/attendance.csv`,
    expect: owner,
    // A CSV, not JSON: checked by its status alone.
    textBody: true,
  },
  {
    name: 'GET /events/:id/certificates',
    method: 'GET',
    path: async () => `/events/${await siteEventOfA()}/certificates`,
    expect: owner,
  },
  {
    name: 'POST /events/:id/certificates',
    method: 'POST',
    // Certificates are issued once the event has ended: one held in 2020, someone checked in at it.
    path: async () => {
      const eventId = (
        await post(
          '/events',
          sampleEvent({ eventDate: '2020-01-10', registration: { mode: 'site' } }),
          tokens.chapterA!,
        )
      ).event._id as string;
      registrationCounter += 1;
      await api.db
        .insertInto('registrations')
        .values({
          eventId,
          ticket: `matrix-ticket-${String(registrationCounter).padStart(18, '0')}`,
          fullName: 'Registrant',
          email: `registrant${registrationCounter}@example.org`,
          status: 'confirmed',
          checkedInAt: new Date('2020-01-10T04:00:00Z'),
        })
        .execute();
      return `/events/${eventId}/certificates`;
    },
    expect: owner,
  },
  {
    name: 'PATCH /certificates/:id',
    method: 'PATCH',
    path: async () => `/certificates/${await certificateOfA()}`,
    body: () => ({ withdrawn: true, reason: 'Issued by mistake' }),
    expect: owner,
  },
  { name: 'GET /audit', method: 'GET', path: async () => '/audit', expect: adminOnly(200) },
  {
    name: 'GET /audit (filtered)',
    method: 'GET',
    path: async () => '/audit?entity=event&page=1&pageSize=5',
    expect: adminOnly(200),
  },
];

/** Every table's rows, to prove a refused call changed nothing. */
async function snapshot() {
  const tables = [
    'chapters',
    'chapterInfos',
    'events',
    'excomMembers',
    'committeeMembers',
    'humans',
    'supportMessages',
    'uploads',
    'registrations',
    'emailOutbox',
  ] as const;
  const out: Record<string, unknown> = {};
  for (const t of tables) out[t] = await api.db.selectFrom(t).selectAll().orderBy('createdAt').execute();
  out['checkIns'] = await api.db.selectFrom('checkIns').selectAll().orderBy('id').execute();
  out['certificates'] = await api.db.selectFrom('certificates').selectAll().orderBy('id').execute();
  // A refused call must not leave a trace in the audit trail either.
  out['auditLog'] = await api.db.selectFrom('auditLog').selectAll().orderBy('at').orderBy('id').execute();
  return JSON.stringify(out);
}

const setUp = useTestApi({ chapters: { 'chapter-a': 'Chapter A', 'chapter-b': 'Chapter B' } });
beforeAll(async () => {
  api = setUp.api;
  tokens.admin = setUp.admin;
  const { 'chapter-a': chapterA, 'chapter-b': chapterB } = setUp.chapters;
  tokens.chapterA = chapterA.token;
  tokens.chapterB = chapterB.token;
  passwords.admin = ADMIN.password;
  emails.admin = ADMIN.email;
  emails.chapterA = chapterA.email;
  emails.chapterB = chapterB.email;
  passwords.chapterA = chapterA.password;
  passwords.chapterB = chapterB.password;
  const info = {
    logo: '/sample/logo.webp',
    shortDescription: 'A',
    websiteUrl: 'https://a.example.org',
    facebookUrl: 'https://facebook.com/a',
    linkedinUrl: 'https://linkedin.com/company/a',
    aboutUs: 'About A',
    videoUrl: 'https://www.youtube.com/watch?v=abc',
  };
  infoOfA = (await post('/chapters', info, tokens.chapterA)).chapter._id;
});

describe('authorization matrix', () => {
  for (const call of calls) {
    it(call.name, async () => {
      const roles: Role[] = ['anonymous', 'chapterB', 'chapterA', 'admin'];
      for (const role of roles) {
        const path = await call.path();
        const expected = call.expect[role];
        const refused = expected >= 400;
        const before = refused ? await snapshot() : '';
        const init = call.init
          ? await call.init(role, tokens[role])
          : json(call.method, call.body?.(role), tokens[role]);
        const res = await api.call(path, init);
        expect(res.status, `${role} ${call.method} ${path}`).toBe(expected);
        if (call.textBody && !refused) continue;
        const body = await res.json();
        expect(body.success, `${role} body.success`).toBe(!refused);
        if (!refused) await call.onSuccess?.(role, body);
        if (refused) expect(await snapshot(), `${role} changed data`).toBe(before);
      }
    });
  }
});
