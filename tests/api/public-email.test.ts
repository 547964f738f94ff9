import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-fixture.ts';
import { ADMIN, createChapter, json, type TestApi } from '../support/api-server.ts';

/**
 * A chapter page's public answer need not show the account's login e-mail (the home chapter's admin
 * included): each account can set a public contact e-mail, in the chapter form (admins) and
 * Settings (anyone, for themselves). Set, it is `chapterId.email` of the public answers and the page's
 * mailto; unset, the login e-mail is shown, as it always was.
 */
const setUp = useTestApi();
let api: TestApi;
let admin: string;
beforeAll(() => {
  ({ api, admin } = setUp);
});

/** `chapterId.email` of the public chapter page's answer. */
async function shownEmail(slug: string) {
  const res = await api.call(`/chapters/${slug}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { chapter: { chapterId: { email: string } } }).chapter.chapterId.email;
}

describe('the public contact e-mail', () => {
  it('is the login e-mail until one is set, then the one set, and the login e-mail appears nowhere', async () => {
    const chapter = await createChapter(api, admin, 'Sierra Chapter', 'sierra');
    expect(await shownEmail('sierra')).toBe(chapter.email);

    const set = await api.call('/users/sierra', json('PUT', { publicEmail: 'Hello@Sierra.example' }, admin));
    expect(set.status).toBe(200);
    expect((await set.json()).chapter.publicEmail).toBe('hello@sierra.example');
    expect(await shownEmail('sierra')).toBe('hello@sierra.example');
    const raw = await (await api.call('/chapters/sierra')).text();
    expect(raw).not.toContain(chapter.email);

    // Blank clears it: the login e-mail is shown again.
    expect((await api.call('/users/sierra', json('PUT', { publicEmail: '' }, admin))).status).toBe(200);
    expect(await shownEmail('sierra')).toBe(chapter.email);
  });

  it('a chapter sets its own in Settings, but not its name, login e-mail or phone', async () => {
    const chapter = await createChapter(api, admin, 'Tango Chapter', 'tango');
    const own = await api.call('/auth/account', json('PUT', { publicEmail: 'contact@tango.example' }, chapter.token));
    expect(own.status).toBe(200);
    expect((await own.json()).account).toMatchObject({ email: chapter.email, publicEmail: 'contact@tango.example' });
    expect(await shownEmail('tango')).toBe('contact@tango.example');

    for (const body of [{ name: 'Renamed' }, { email: 'new@tango.example' }, { phone: '+8801800000000' }]) {
      const refused = await api.call(
        '/auth/account',
        json('PUT', { ...body, publicEmail: 'x@tango.example' }, chapter.token),
      );
      expect(refused.status, JSON.stringify(body)).toBe(403);
    }
    expect(await shownEmail('tango')).toBe('contact@tango.example');
    const invalid = await api.call('/auth/account', json('PUT', { publicEmail: 'not an address' }, chapter.token));
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).errors[0].path).toBe('publicEmail');
  });

  it('the home chapter’s admin account shows its public e-mail, not the admin’s sign-in', async () => {
    const { slug } = await api.db
      .selectFrom('chapters')
      .select('slug')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(await shownEmail(slug)).toBe(ADMIN.email);
    const res = await api.call('/auth/account', json('PUT', { publicEmail: 'info@chapter.example' }, admin));
    expect(res.status).toBe(200);
    expect(await shownEmail(slug)).toBe('info@chapter.example');
    expect(await (await api.call(`/chapters/${slug}`)).text()).not.toContain(ADMIN.email);
  });

  it('is set when an admin adds a chapter, and recorded in the trail by name only', async () => {
    const res = await api.call(
      '/users',
      json(
        'POST',
        {
          name: 'Uniform Chapter',
          email: 'uniform@example.org',
          password: 'uniform-chapter-pass',
          phone: '+8801700000000',
          slug: 'uniform',
          publicEmail: 'hello@uniform.example',
        },
        admin,
      ),
    );
    expect(res.status).toBe(201);
    expect(await shownEmail('uniform')).toBe('hello@uniform.example');
    const row = await api.db
      .selectFrom('auditLog')
      .select('fields')
      .where('entityType', '=', 'account')
      .where('action', '=', 'create')
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.fields).toContain('publicEmail');
  });
});
