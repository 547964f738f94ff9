import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
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
 * Every create, update and delete records who, which record, when and which fields,
 * never a password; GET /audit pages and filters them for admins.
 */
const setUp = useTestApi({ chapters: { alpha: 'Alpha Chapter' } });
let api: TestApi;
let admin: string;
let alpha: TestChapter;
let alphaId: string;
let adminId: string;
beforeAll(async () => {
  ({ api, admin } = setUp);
  ({ alpha } = setUp.chapters);
  const ids = await api.db.selectFrom('chapters').select(['id', 'email']).execute();
  alphaId = ids.find((r) => r.email === alpha.email)!.id;
  adminId = ids.find((r) => r.email === ADMIN.email)!.id;
});

async function send(method: string, path: string, body: unknown, token: string) {
  const res = await api.call(path, json(method, body, token));
  const parsed = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(parsed)}`);
  return parsed;
}

/** The trail's rows about one record, oldest first. */
const rowsAbout = (entityId: string) =>
  api.db
    .selectFrom('auditLog')
    .select(['accountId', 'accountEmail', 'action', 'entityType', 'entityId', 'fields', 'at'])
    .where('entityId', '=', entityId)
    .orderBy('at')
    .execute();

describe('what the trail records', () => {
  it('an event’s create, update and delete: the chapter that did it, and the fields written or changed', async () => {
    const { event } = await send('POST', '/events', sampleEvent({ title: 'Audited Meetup' }), alpha.token);
    await send('PATCH', `/events/${event._id}`, { title: 'Renamed Meetup', fees: 100 }, alpha.token);
    await send('DELETE', `/events/${event._id}`, undefined, admin);
    const rows = await rowsAbout(event._id);
    expect(rows.map((r) => [r.action, r.entityType, r.accountId, r.accountEmail])).toEqual([
      ['create', 'event', alphaId, alpha.email],
      ['update', 'event', alphaId, alpha.email],
      ['delete', 'event', adminId, ADMIN.email],
    ]);
    // The status, registration and certificate settings were not sent: the schema writes their defaults
    // (published; registration by the event's link, no questions; certificates issued by themselves),
    // so the row names them too.
    expect(rows[0]!.fields).toEqual(
      [...Object.keys(sampleEvent()), 'status', 'registrationMode', 'registrationQuestions', 'certificatesAuto'].sort(),
    );
    expect(rows[1]!.fields).toEqual(['fees', 'title']);
    expect(rows[2]!.fields).toEqual([]);
    expect(rows[0]!.at).toBeInstanceOf(Date);
  });

  it('excom members, the landing page, humans, committee members and uploads', async () => {
    const { member } = await send('POST', '/excom', sampleExcomMember(), alpha.token);
    await send('PUT', `/excom/${member._id}`, { designation: 'Vice Chair', name: member.name }, alpha.token);
    await send('DELETE', `/excom/${member._id}`, undefined, alpha.token);
    expect((await rowsAbout(member._id)).map((r) => [r.action, r.entityType, r.fields])).toEqual([
      ['create', 'excom-member', ['affiliation', 'designation', 'email', 'image', 'name']],
      // The name was sent unchanged: only what changed is named.
      ['update', 'excom-member', ['designation']],
      ['delete', 'excom-member', []],
    ]);

    const { chapter: info } = await send('POST', '/chapters', sampleChapterInfo(), alpha.token);
    await send('PUT', `/chapters/${info._id}`, { aboutUs: 'We also run contests.' }, alpha.token);
    expect((await rowsAbout(info._id)).map((r) => [r.action, r.entityType, r.fields.length, r.accountId])).toEqual([
      ['create', 'chapter-info', Object.keys(sampleChapterInfo()).length, alphaId],
      ['update', 'chapter-info', 1, alphaId],
    ]);

    const { human } = await send(
      'POST',
      '/humans',
      { name: 'Rafi', image: '/sample/h1.webp', description: 'A story.' },
      admin,
    );
    await send('DELETE', `/humans/${human._id}`, undefined, admin);
    expect((await rowsAbout(human._id)).map((r) => [r.action, r.entityType, r.accountId])).toEqual([
      ['create', 'human', adminId],
      ['delete', 'human', adminId],
    ]);

    const { member: rosterMember } = await send(
      'POST',
      '/members',
      {
        name: 'Sadia',
        designation: 'Coordinator',
        affiliation: 'NSU',
        image: '/sample/p3.webp',
        email: ['sadia@example.com'],
        committee: 'SPARK',
        year: 2024,
      },
      admin,
    );
    expect((await rowsAbout(rosterMember._id)).map((r) => [r.action, r.entityType])).toEqual([
      ['create', 'committee-member'],
    ]);

    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1447e1' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'logo.png');
    const uploaded = await api.call('/uploads', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${alpha.token}` },
    });
    expect(uploaded.status).toBe(201);
    const key = ((await uploaded.json()).url as string).split('/').pop()!;
    expect((await rowsAbout(key)).map((r) => [r.action, r.entityType, r.fields, r.accountId])).toEqual([
      ['create', 'upload', ['image'], alphaId],
    ]);
  });

  it('accounts, password changes included, by field name only: no password or hash anywhere in the trail', async () => {
    const secret = 'kilo-secret-password-1';
    const { chapter } = await send(
      'POST',
      '/users',
      { name: 'Kilo Chapter', email: 'kilo@example.org', password: secret, phone: '+8801700000000', slug: 'kilo' },
      admin,
    );
    await send('PUT', '/users/kilo', { phone: '+8801700000009', password: 'kilo-edited-password' }, admin);
    await send('PUT', '/users/kilo/password', { newPassword: 'kilo-admin-set-password' }, admin);
    const kilo = (
      await api.call('/auth/login', json('POST', { email: 'kilo@example.org', password: 'kilo-admin-set-password' }))
    ).json();
    await send(
      'PUT',
      '/auth/password',
      { currentPassword: 'kilo-admin-set-password', newPassword: 'kilo-own-password' },
      (await kilo).token,
    );
    await send('DELETE', '/users/kilo', undefined, admin);

    const rows = await rowsAbout(chapter._id);
    expect(rows.map((r) => [r.action, r.accountEmail, r.fields])).toEqual([
      ['create', ADMIN.email, ['email', 'name', 'password', 'phone', 'slug']],
      // A new password ends the account's other sessions: the trail says so.
      ['update', ADMIN.email, ['password', 'phone', 'sessions']],
      ['update', ADMIN.email, ['password', 'sessions']],
      ['update', 'kilo@example.org', ['password', 'sessions']],
      ['delete', ADMIN.email, []],
    ]);

    const everything = JSON.stringify(await api.db.selectFrom('auditLog').selectAll().execute());
    for (const value of [
      secret,
      'kilo-edited-password',
      'kilo-admin-set-password',
      'kilo-own-password',
      ADMIN.password,
    ])
      expect(everything).not.toContain(value);
    expect(everything).not.toMatch(/\$2[aby]\$/); // no bcrypt hash either
    expect(everything).not.toMatch(/passwordHash|password_hash|sessionVersion/);
  });

  it('a write that fails records nothing', async () => {
    const count = async () =>
      Number(
        (
          await api.db
            .selectFrom('auditLog')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect((await api.call('/events', json('POST', sampleEvent({ title: '' }), alpha.token))).status).toBe(400);
    expect(
      (
        await api.call(
          '/users',
          json('POST', { name: 'Dup', email: alpha.email, password: 'long-enough-1', phone: '+8801700000000' }, admin),
        )
      ).status,
    ).toBe(409);
    expect(
      (
        await api.call(
          '/auth/password',
          json('PUT', { currentPassword: 'wrong-one', newPassword: 'whatever-123' }, alpha.token),
        )
      ).status,
    ).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe('GET /audit', () => {
  it('pages the trail newest first with the total, and lists who appears in it', async () => {
    const first = await send('GET', '/audit?pageSize=3', undefined, admin);
    expect(first).toMatchObject({ success: true, page: 1, pageSize: 3 });
    expect(first.entries).toHaveLength(3);
    expect(first.total).toBe(
      Number(
        (
          await api.db
            .selectFrom('auditLog')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    const second = await send('GET', '/audit?pageSize=3&page=2', undefined, admin);
    expect(second.entries).toHaveLength(3);
    const times = [...first.entries, ...second.entries].map((e: { at: string }) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const ids = [...first.entries, ...second.entries].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(6);
    expect(first.entries[0]).toEqual({
      _id: expect.any(String),
      id: expect.any(String),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      accountId: expect.any(String),
      accountEmail: expect.any(String),
      accountName: expect.any(String),
      action: expect.stringMatching(/^(create|update|delete)$/),
      entityType: expect.any(String),
      entityId: expect.any(String),
      entityName: expect.any(String),
      fields: expect.any(Array),
      changes: expect.any(Object),
      link: null, // the newest change deleted its record
    });
    expect(first.accounts).toEqual(
      expect.arrayContaining([
        { id: adminId, email: ADMIN.email },
        { id: alphaId, email: alpha.email },
      ]),
    );
    const beyond = await send('GET', `/audit?pageSize=3&page=1000`, undefined, admin);
    expect(beyond.entries).toEqual([]);
    expect(beyond.total).toBe(first.total);
  });

  it('filters by entity type and by account, together', async () => {
    const events = await send('GET', '/audit?entity=event&pageSize=100', undefined, admin);
    expect(events.total).toBeGreaterThan(0);
    expect(events.entries.every((e: { entityType: string }) => e.entityType === 'event')).toBe(true);
    const byAlpha = await send('GET', `/audit?account=${alphaId}&pageSize=100`, undefined, admin);
    expect(byAlpha.entries.every((e: { accountId: string }) => e.accountId === alphaId)).toBe(true);
    const both = await send('GET', `/audit?account=${alphaId}&entity=event&pageSize=100`, undefined, admin);
    expect(both.entries.map((e: { action: string }) => e.action).sort()).toEqual(['create', 'update']);
    const none = await send('GET', `/audit?account=${alphaId}&entity=human`, undefined, admin);
    expect(none).toMatchObject({ entries: [], total: 0 });
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['pageSize=0', 'pageSize'],
    ['pageSize=101', 'pageSize'],
    ['entity=spaceship', 'entity'],
    ['account=not-a-uuid', 'account'],
  ])('answers 400 naming the parameter for %s', async (query, path) => {
    const res = await api.call(`/audit?${query}`, json('GET', undefined, admin));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.success).toBe(false);
    expect(body.errors.map((e: { path: string }) => e.path)).toEqual([path]);
  });
});

describe('what a person reads in the trail (GET /audit)', () => {
  type Entry = {
    entityId: string;
    entityName: string | null;
    accountName: string | null;
    accountEmail: string;
    action: string;
    fields: string[];
    changes: Record<string, { from?: unknown; to: unknown }>;
    link: string | null;
  };
  /** The entries about one record, oldest first, as the API answers them. */
  async function entriesAbout(entityId: string, entity: string): Promise<Entry[]> {
    const page = await send('GET', `/audit?entity=${entity}&pageSize=100`, undefined, admin);
    return (page.entries as Entry[]).filter((e) => e.entityId === entityId).reverse();
  }

  it('an event: its title at the time, old and new values, a link while it exists', async () => {
    const { event } = await send('POST', '/events', sampleEvent({ title: 'Named Meetup', fees: 0 }), alpha.token);
    await send('PATCH', `/events/${event._id}`, { title: 'Renamed Named Meetup', fees: 250 }, alpha.token);
    const [created, updated] = await entriesAbout(event._id, 'event');
    expect(created).toMatchObject({
      action: 'create',
      entityName: 'Named Meetup',
      accountName: 'Alpha Chapter',
      link: `/dashboard/events/edit-event/${event._id}`,
    });
    expect(created!.changes['title']).toEqual({ to: 'Named Meetup' });
    expect(created!.changes['fees']).toEqual({ to: 0 });
    expect(updated).toMatchObject({
      action: 'update',
      entityName: 'Renamed Named Meetup',
      fields: ['fees', 'title'],
      changes: { title: { from: 'Named Meetup', to: 'Renamed Named Meetup' }, fees: { from: 0, to: 250 } },
    });

    await send('DELETE', `/events/${event._id}`, undefined, admin);
    const entries = await entriesAbout(event._id, 'event');
    // Gone: no link any more, and each entry keeps the name it had.
    expect(entries.map((e) => [e.action, e.entityName, e.link])).toEqual([
      ['create', 'Named Meetup', null],
      ['update', 'Renamed Named Meetup', null],
      ['delete', 'Renamed Named Meetup', null],
    ]);
  });

  it('a deleted account keeps its name, as the record and as the one who acted', async () => {
    const lima = await createChapter(api, admin, 'Lima Chapter', 'lima');
    const { member } = await send('POST', '/excom', sampleExcomMember({ name: 'Lima Member' }), lima.token);
    await send('PUT', '/users/lima', { name: 'Lima Chapter Renamed', slug: 'lima-renamed' }, admin);
    expect((await entriesAbout(member._id, 'excom-member'))[0]).toMatchObject({
      accountName: 'Lima Chapter',
      accountEmail: lima.email,
    });
    const accountId = (
      await api.db.selectFrom('chapters').select('id').where('slug', '=', 'lima-renamed').executeTakeFirstOrThrow()
    ).id;
    // While it exists, the link finds it by its slug now.
    expect((await entriesAbout(accountId, 'account')).map((e) => e.link)).toEqual([
      '/dashboard/chapters/edit-chapter/lima-renamed',
      '/dashboard/chapters/edit-chapter/lima-renamed',
    ]);

    await send('DELETE', '/users/lima-renamed', undefined, admin);
    const about = await entriesAbout(accountId, 'account');
    expect(about.map((e) => [e.action, e.entityName, e.link])).toEqual([
      ['create', 'Lima Chapter', null],
      ['update', 'Lima Chapter Renamed', null],
      ['delete', 'Lima Chapter Renamed', null],
    ]);
    expect(about[1]!.changes).toEqual({
      name: { from: 'Lima Chapter', to: 'Lima Chapter Renamed' },
      slug: { from: 'lima', to: 'lima-renamed' },
    });
    // Its committee member went with it; what the account did stays, under its name then.
    expect(await entriesAbout(member._id, 'excom-member')).toEqual([
      expect.objectContaining({ action: 'create', entityName: 'Lima Member', accountName: 'Lima Chapter', link: null }),
    ]);
  });

  it('a landing page links to the chapter’s page; an upload to the image', async () => {
    const { chapter: info } = await api
      .call('/chapters', json('GET', undefined, alpha.token))
      .then((res) => res.json());
    const entries = await entriesAbout(info._id, 'chapter-info');
    expect(entries.map((e) => [e.entityName, e.link])).toEqual([
      ['Alpha Chapter', '/chapter/alpha'],
      ['Alpha Chapter', '/chapter/alpha'],
    ]);
    const uploads = await send('GET', '/audit?entity=upload', undefined, admin);
    expect(uploads.entries[0]).toMatchObject({
      entityName: null,
      link: `/api/v1/uploads/${uploads.entries[0].entityId}`,
      changes: { image: { to: `/api/v1/uploads/${uploads.entries[0].entityId}` } },
    });
  });

  it('a contact-form message: nothing of its sender anywhere, only whether it was handled', async () => {
    const sender = { name: 'Private Sender', email: 'private.sender@example.com', message: 'My private words' };
    expect((await api.call('/contact', json('POST', sender))).status).toBe(201);
    const { id } = await api.db
      .selectFrom('supportMessages')
      .select('id')
      .where('email', '=', sender.email)
      .executeTakeFirstOrThrow();
    await send('PATCH', `/contact/${id}`, { handled: true }, admin);
    // Already handled: nothing changes, nothing is recorded.
    await send('PATCH', `/contact/${id}`, { handled: true }, admin);
    await send('DELETE', `/contact/${id}`, undefined, admin);
    expect((await entriesAbout(id, 'support-message')).map((e) => [e.action, e.entityName, e.changes])).toEqual([
      ['update', null, { handled: { from: false, to: true } }],
      ['delete', null, {}],
    ]);
    const everything = JSON.stringify(await api.db.selectFrom('auditLog').selectAll().execute());
    for (const value of Object.values(sender)) expect(everything).not.toContain(value);
  });
});
