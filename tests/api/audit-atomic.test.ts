import sharp from 'sharp';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { setAdminPassword } from '../../src/server/services/admin-accounts.service.ts';
import { autoIssueCertificates } from '../../src/server/services/certificates.service.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import {
  ADMIN,
  createChapter,
  json,
  sampleChapterInfo,
  sampleEvent,
  sampleExcomMember,
  type TestApi,
} from '../support/api-server.ts';

/**
 * Every write and its audit row commit together or not at all. This file's own
 * database gets a trigger that refuses audit rows; with it on, every write route is called and must
 * fail having changed nothing (no row of any table, no CDN purge, no upload released), and the failure
 * must be the refused audit row. With it off, the same call must then succeed and change something, so
 * it was a real change. The list of routes is checked against the API's own: a new write route must
 * join the table (or the short list of writes that are not audited, with the reason).
 */
const REFUSED = 'audit row refused by the test';
let api: TestApi;
let admin: string;
let alpha: TestChapter;
let alphaInfoId: string;
const purged: string[][] = [];
const blobCalls: { put: string[]; deleted: string[] } = { put: [], deleted: [] };
let serial = 0;

const setUp = useTestApi({
  pageCache: { purge: async (tags) => void purged.push([...tags]) },
  chapters: { alpha: 'Alpha Chapter' },
});
beforeAll(async () => {
  ({ api, admin } = setUp);
  ({ alpha } = setUp.chapters);
  // The routes hold this very object: record what reaches the blob store.
  const blobs = api.deps.blobs;
  const { put, delete: remove } = { put: blobs.put.bind(blobs), delete: blobs.delete.bind(blobs) };
  blobs.put = (key, data) => (blobCalls.put.push(key), put(key, data));
  blobs.delete = (key) => (blobCalls.deleted.push(key), remove(key));

  alphaInfoId = (await ok('POST', '/chapters', sampleChapterInfo(), alpha.token)).chapter._id;
  await sql`create function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception '${sql.raw(REFUSED)}'; end $$`.execute(api.db);
  await sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`.execute(
    api.db,
  );
  await refuseAudit(false);
});

const refuseAudit = (on: boolean) =>
  sql`alter table audit_log ${sql.raw(on ? 'enable' : 'disable')} trigger refuse_audit`.execute(api.db);

/** A call that must succeed (fixtures are made with the trigger off). */
async function ok(method: string, path: string, body?: unknown, token = admin) {
  const res = await api.call(path, json(method, body, token));
  const answer = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

const unique = (what: string) => `${what}-${++serial}`;
const newChapter = () => createChapter(api, admin, `Chapter ${unique('c')}`, unique('chapter'));
const newEvent = async () => (await ok('POST', '/events', sampleEvent(), alpha.token)).event._id as string;
const newExcom = async () => (await ok('POST', '/excom', sampleExcomMember(), alpha.token)).member._id as string;
const memberBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sadia',
  designation: 'Coordinator',
  affiliation: 'NSU',
  image: '/sample/p3.webp',
  email: ['sadia@example.com'],
  committee: 'SPARK',
  year: 2024,
  ...overrides,
});
const newMember = async () => (await ok('POST', '/members', memberBody())).member._id as string;
const newMessage = async () => {
  const email = `${unique('visitor')}@example.com`;
  await ok('POST', '/contact', { name: 'Visitor', email, message: 'Hello' }, '');
  const row = await api.db.selectFrom('supportMessages').select('id').where('email', '=', email).executeTakeFirst();
  return row!.id;
};
async function png() {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: '#1447e1' } })
    .png()
    .toBuffer();
}
const uploadRequest = async (): Promise<RequestInit> => {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'photo.png');
  return { method: 'POST', body: form, headers: { authorization: `Bearer ${alpha.token}` } };
};
async function uploaded(): Promise<string> {
  const res = await api.call('/uploads', await uploadRequest());
  return (await res.json()).url as string;
}
/** A human whose photo is our upload, so an edit or delete that let it go would release it. */
const newHuman = async () =>
  (await ok('POST', '/humans', { name: 'Mim', image: await uploaded(), description: 'A story.' })).human._id as string;

/** A confirmed registration of a new event of Alpha's (straight into the table: the form is rate limited). */
async function registered(overrides: Record<string, unknown> = {}) {
  const event = (
    await ok('POST', '/events', sampleEvent({ registration: { mode: 'site' }, ...overrides }), alpha.token)
  ).event._id as string;
  const ticket = `atomic-ticket-${String(++serial).padStart(18, '0')}`;
  await api.db
    .insertInto('registrations')
    .values({ eventId: event, ticket, fullName: 'R', email: `${ticket}@example.org`, status: 'confirmed' })
    .execute();
  return { event, ticket };
}
/** The same, checked in at the door. */
async function checkedIn(overrides: Record<string, unknown> = {}) {
  const { event, ticket } = await registered(overrides);
  await api.db.updateTable('registrations').set({ checkedInAt: new Date() }).where('ticket', '=', ticket).execute();
  return { event, ticket };
}

type Call = () => Promise<number>;
/** A route's call: a JSON request (its status), prepared afresh each time it is sent. */
const request =
  (method: string, path: string, body?: unknown, token = admin): Call =>
  async () =>
    (await api.call(path, json(method, body, token))).status;
/** A write outside HTTP (the first start, `npm run admin`): 200 when it went through, 500 when it threw. */
const system =
  (run: () => Promise<unknown>): Call =>
  () =>
    run().then(
      () => 200,
      (err: unknown) => {
        console.error(err);
        return 500;
      },
    );

/** Every audited write: its route (as the API names it) and how to prepare one call of it. */
const WRITES: Record<string, () => Promise<Call>> = {
  'POST /events': async () => request('POST', '/events', sampleEvent(), alpha.token),
  'PUT /events/:id': async () => request('PUT', `/events/${await newEvent()}`, { title: 'Put Title' }, alpha.token),
  'PATCH /events/:id': async () => request('PATCH', `/events/${await newEvent()}`, { fees: 50 }, alpha.token),
  'DELETE /events/:id': async () => request('DELETE', `/events/${await newEvent()}`, undefined, alpha.token),
  'POST /excom': async () => request('POST', '/excom', sampleExcomMember(), alpha.token),
  'PUT /excom/:id': async () =>
    request('PUT', `/excom/${await newExcom()}`, sampleExcomMember({ name: 'Put Name' }), alpha.token),
  'PATCH /excom/:id': async () =>
    request('PATCH', `/excom/${await newExcom()}`, { designation: 'Vice Chair' }, alpha.token),
  'DELETE /excom/:id': async () => request('DELETE', `/excom/${await newExcom()}`, undefined, alpha.token),
  'POST /chapters': async () => request('POST', '/chapters', sampleChapterInfo(), (await newChapter()).token),
  'PUT /chapters/:id': async () =>
    request('PUT', `/chapters/${alphaInfoId}`, { aboutUs: unique('About') }, alpha.token),
  'PATCH /chapters/:id': async () =>
    request('PATCH', `/chapters/${alphaInfoId}`, { logo: await uploaded() }, alpha.token),
  'POST /humans': async () => request('POST', '/humans', { name: 'Rafi', image: '/sample/h1.webp', description: 'A.' }),
  'PUT /humans/:id': async () =>
    request('PUT', `/humans/${await newHuman()}`, { name: 'Mim', image: '/sample/h1.webp', description: 'B.' }),
  'PATCH /humans/:id': async () => request('PATCH', `/humans/${await newHuman()}`, { image: '/sample/h2.webp' }),
  'DELETE /humans/:id': async () => request('DELETE', `/humans/${await newHuman()}`),
  'POST /members': async () => request('POST', '/members', memberBody()),
  'PUT /members/:id': async () => request('PUT', `/members/${await newMember()}`, memberBody({ year: 2025 })),
  'PATCH /members/:id': async () => request('PATCH', `/members/${await newMember()}`, { committee: 'SAC' }),
  'DELETE /members/:id': async () => request('DELETE', `/members/${await newMember()}`),
  'PATCH /registrations/:id': async () => {
    const event = (await ok('POST', '/events', sampleEvent({ registration: { mode: 'site' } }), alpha.token)).event
      ._id as string;
    await ok('POST', `/events/${event}/registrations`, { fullName: 'R', email: 'r@example.org', consent: true }, '');
    const row = await api.db.selectFrom('registrations').select('id').where('eventId', '=', event).executeTakeFirst();
    return request('PATCH', `/registrations/${row!.id}`, { status: 'cancelled' }, alpha.token);
  },
  'POST /events/:id/registrations/cancel': async () => {
    const { event, ticket } = await registered();
    const row = await api.db.selectFrom('registrations').select('id').where('ticket', '=', ticket).executeTakeFirst();
    return request('POST', `/events/${event}/registrations/cancel`, { registrationIds: [row!.id] }, alpha.token);
  },
  'DELETE /tickets/:ticket': async () => {
    const { ticket } = await registered();
    return request('DELETE', `/tickets/${ticket}`, undefined, '');
  },
  'POST /events/:id/door-passes': async () =>
    request('POST', `/events/${await newEvent()}/door-passes`, { name: 'Rafi' }, alpha.token),
  'DELETE /door-passes/:passId': async () => {
    const { id } = await ok('POST', `/events/${await newEvent()}/door-passes`, { name: 'Mitu' }, alpha.token);
    return request('DELETE', `/door-passes/${id}`, undefined, alpha.token);
  },
  'POST /events/:id/walk-ins': async () => {
    const { event } = await registered();
    return request('POST', `/events/${event}/walk-ins`, { fullName: 'Walk In' }, alpha.token);
  },
  'DELETE /events/:id/walk-ins/:registrationId': async () => {
    const { event } = await registered();
    const { registrationId } = await ok('POST', `/events/${event}/walk-ins`, { fullName: 'Walk In' }, alpha.token);
    return request('DELETE', `/events/${event}/walk-ins/${registrationId}`, undefined, alpha.token);
  },
  'POST /events/:id/check-ins': async () => {
    const { event, ticket } = await registered();
    // The sample event is in 2030: a check-in before its day says it is deliberate.
    return request('POST', `/events/${event}/check-ins`, { ticket, early: true }, alpha.token);
  },
  // Certificates are issued once the event has ended (by the real clock of this file).
  'POST /events/:id/certificates': async () => {
    const { event } = await checkedIn({ eventDate: '2020-01-10' });
    return request('POST', `/events/${event}/certificates`, undefined, alpha.token);
  },
  'PATCH /certificates/:id': async () => {
    const { event } = await checkedIn({ eventDate: '2020-01-10' });
    const { certificates } = await ok('POST', `/events/${event}/certificates`, undefined, alpha.token);
    return request(
      'PATCH',
      `/certificates/${certificates[0].id}`,
      { withdrawn: true, reason: 'A mistake' },
      alpha.token,
    );
  },
  // The scheduled jobs: certificates of ended events (long ended, by the real clock of this file).
  'certificates issued by themselves': async () => {
    await checkedIn({ eventDate: '2020-01-10' });
    return system(async () => {
      const { issued } = await autoIssueCertificates(api.db, new Date());
      if (issued === 0) throw new Error('nothing issued');
    });
  },
  'PATCH /contact/:id': async () => request('PATCH', `/contact/${await newMessage()}`, { handled: true }),
  'DELETE /contact/:id': async () => request('DELETE', `/contact/${await newMessage()}`),
  'POST /users': async () => {
    const slug = unique('new');
    return request('POST', '/users', {
      name: 'New Chapter',
      email: `${slug}@example.org`,
      password: 'new-password-1',
      phone: '+8801700000000',
      slug,
    });
  },
  'PUT /users/:slug': async () => request('PUT', `/users/${(await newChapter()).slug}`, { name: 'Put Chapter' }),
  'PATCH /users/:slug': async () =>
    request('PATCH', `/users/${(await newChapter()).slug}`, { password: 'patched-password-1' }),
  'PUT /users/:slug/password': async () =>
    request('PUT', `/users/${(await newChapter()).slug}/password`, { newPassword: 'admin-set-password' }),
  'DELETE /users/:slug': async () => request('DELETE', `/users/${(await newChapter()).slug}`),
  'PUT /auth/account': async () =>
    request('PUT', '/auth/account', { phone: `+88017${String(++serial).padStart(8, '0')}` }),
  'PUT /auth/password': async () => {
    const chapter = await newChapter();
    return request(
      'PUT',
      '/auth/password',
      { currentPassword: chapter.password, newPassword: 'own-new-password' },
      chapter.token,
    );
  },
  'POST /auth/logout-everywhere': async () => {
    const chapter = await newChapter();
    return request('POST', '/auth/logout-everywhere', undefined, chapter.token);
  },
  'POST /uploads': async () => async () => (await api.call('/uploads', await uploadRequest())).status,
  // Not routes, the same promise: the first admin and `npm run admin`.
  'npm run admin (a new admin)': async () =>
    system(() => setAdminPassword(api.db, `${unique('admin')}@test.example`, 'system-password-1')),
  'npm run admin (a reset)': async () => system(() => setAdminPassword(api.db, ADMIN.email, 'system-password-2')),
};

/** Writes that leave no audit row, and why. */
const NOT_AUDITED: Record<string, string> = {
  'POST /contact': 'a visitor’s message: no account did it',
  'POST /auth/login': 'counts failed sign-ins only (rate limits)',
  'POST /auth/logout': 'ends this device’s session (its row): the account is unchanged',
  'POST /events/:id/registrations': 'a visitor’s registration: no account did it, and the trail keeps no personal data',
  'POST /events/:id/registrations/resend':
    'a visitor asks for a ticket to be mailed again: nothing changes but the outbox, and no account did it',
  'POST /door-passes/current/sign-out': 'signs a phone out of a door pass (clears its cookies): nothing stored changes',
  'POST /tickets/:ticket/confirm':
    'the registrant confirms their own e-mail address: no account did it (a seat it releases on the way is audited as the system’s)',
  'POST /tickets/:ticket/confirmation-mail':
    'a ticket’s holder asks for the confirmation e-mail again: nothing changes but the outbox, and no account did it',
};

/** Every row of every table, in a stable order. */
async function everything() {
  const tables = [
    'chapters',
    'chapter_infos',
    'events',
    'excom_members',
    'committee_members',
    'humans',
    'support_messages',
    'uploads',
    'rate_limits',
    'audit_log',
    'registrations',
    'email_outbox',
    'check_ins',
    'certificates',
    'door_passes',
  ];
  const out: Record<string, unknown[]> = {};
  for (const table of tables)
    out[table] = (await sql`select * from ${sql.table(table)} order by 1`.execute(api.db)).rows;
  return out;
}

describe('a write whose audit row fails is not made', () => {
  it('covers every write route of the API', () => {
    const routes = createApi(api.deps)
      .routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))
      .map((r) => `${r.method} ${r.path.replace('/api/v1', '')}`);
    const listed = [...Object.keys(WRITES), ...Object.keys(NOT_AUDITED)].filter((name) => /^[A-Z]+ \//.test(name));
    expect([...new Set(routes)].sort()).toEqual(listed.sort());
  });

  it.each(Object.keys(WRITES))('%s', async (write) => {
    const call = await WRITES[write]!();
    const before = await everything();
    const purges = purged.length;
    const blobsPut = blobCalls.put.length;
    const blobsDeleted = blobCalls.deleted.length;

    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await refuseAudit(true);
    let status: number;
    let logged: string;
    try {
      status = await call();
    } finally {
      await refuseAudit(false);
      logged = errors.mock.calls.flat().map(String).join('\n');
      errors.mockRestore();
    }
    expect(status).toBe(500);
    // It failed on the audit row, not on anything else.
    expect(logged).toContain(REFUSED);
    expect(await everything()).toEqual(before);
    expect(purged.length, 'no CDN purge for a change that was not made').toBe(purges);
    // An upload's bytes, stored before its row, went again; no image was released.
    expect(blobCalls.deleted.slice(blobsDeleted)).toEqual(blobCalls.put.slice(blobsPut));

    // The same call with the trail accepting rows: a real change, with its one row.
    const rows = before['audit_log']!.length;
    expect(await call()).toBeLessThan(300);
    const after = await everything();
    expect(after).not.toEqual(before);
    expect(after['audit_log']).toHaveLength(rows + 1);
  });
});
