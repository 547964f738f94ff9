import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-fixture.ts';
import { ADMIN, adminToken, createChapter, json, login, type TestApi } from '../support/api-server.ts';

/**
 * Every signed-in user changes their own password (other sessions end, this one stays);
 * an admin edits their own account and sets a new password for a chapter account.
 */
const setUp = useTestApi();
let api: TestApi;
let admin: string;
beforeAll(() => {
  ({ api, admin } = setUp);
});

const session = (token: string) => api.call('/auth/session', json('GET', undefined, token));
const accountRow = (email: string) =>
  api.db.selectFrom('chapters').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
const changePassword = (token: string, currentPassword: string, newPassword: string) =>
  api.call('/auth/password', json('PUT', { currentPassword, newPassword }, token));

describe('PUT /auth/password', () => {
  it('changes the password: other sessions end, the one that asked stays signed in on its token', async () => {
    const chapter = await createChapter(api, admin, 'Delta Chapter', 'delta');
    const otherDevice = await login(api, chapter.email, chapter.password);
    const res = await changePassword(chapter.token, chapter.password, 'delta-new-password');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, userInfo: { email: chapter.email } });
    // No new token: only the login answer carries one.
    expect(body).not.toHaveProperty('token');

    expect((await session(otherDevice)).status).toBe(401);
    expect((await session(chapter.token)).status).toBe(200);
    await expect(login(api, chapter.email, chapter.password)).rejects.toThrow(/401/);
    expect(await login(api, chapter.email, 'delta-new-password')).toEqual(expect.any(String));
  });

  it('refuses a wrong current password with a message on that field, and changes nothing', async () => {
    const chapter = await createChapter(api, admin, 'Echo Chapter', 'echo');
    const before = await accountRow(chapter.email);
    const res = await changePassword(chapter.token, 'not-my-password', 'echo-new-password');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe('Your current password is not correct');
    expect(body.errors).toEqual([{ path: 'currentPassword', message: 'Your current password is not correct' }]);
    expect(await accountRow(chapter.email)).toEqual(before);
    expect((await session(chapter.token)).status).toBe(200);
  });

  it('validates the new password with the account password rule, and refuses the same one again', async () => {
    const chapter = await createChapter(api, admin, 'Foxtrot Chapter', 'foxtrot');
    const before = await accountRow(chapter.email);
    const short = await changePassword(chapter.token, chapter.password, 'short');
    expect(short.status).toBe(400);
    expect((await short.json()).errors).toEqual([
      { path: 'newPassword', message: 'Password must be at least 8 characters' },
    ]);
    const same = await changePassword(chapter.token, chapter.password, chapter.password);
    expect(same.status).toBe(400);
    expect((await same.json()).errors[0].path).toBe('newPassword');
    const missing = await api.call('/auth/password', json('PUT', {}, chapter.token));
    expect(missing.status).toBe(400);
    const malformed = await api.call('/auth/password', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${chapter.token}` },
      body: '{"currentPassword":',
    });
    expect(malformed.status).toBe(400);
    expect(await accountRow(chapter.email)).toEqual(before);
  });

  it('counts wrong current passwords as failed sign-ins of the account: 429 after the login limit', async () => {
    const chapter = await createChapter(api, admin, 'Golf Chapter', 'golf');
    for (let i = 0; i < 10; i++) {
      expect((await changePassword(chapter.token, `wrong-guess-${i}`, 'golf-new-password')).status).toBe(400);
    }
    const blocked = await changePassword(chapter.token, chapter.password, 'golf-new-password');
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    // The same counter guards the login form.
    expect(
      (await api.call('/auth/login', json('POST', { email: chapter.email, password: chapter.password }))).status,
    ).toBe(429);
  });
});

describe('an admin’s own account', () => {
  it('GET /auth/account shows the signed-in account without any password data', async () => {
    const res = await api.call('/auth/account', json('GET', undefined, admin));
    expect(res.status).toBe(200);
    const { account } = await res.json();
    expect(account).toMatchObject({ email: ADMIN.email, isAdmin: true });
    expect(JSON.stringify(account)).not.toMatch(/password|hash|sessionVersion/i);
  });

  it('PUT /auth/account edits name, e-mail and phone, keeps the session and refreshes the display cookie', async () => {
    const token = await adminToken(api);
    const res = await api.call(
      '/auth/account',
      json('PUT', { name: 'Site Admin', email: 'Root@Test.Example', phone: '+8801800000000' }, token),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.account).toMatchObject({ name: 'Site Admin', email: 'root@test.example', phone: '+8801800000000' });
    const userInfo = res.headers.getSetCookie().find((c) => c.startsWith('userInfo='))!;
    expect(decodeURIComponent(userInfo)).toContain('root@test.example');
    expect((await session(token)).status).toBe(200);
    expect(await login(api, 'root@test.example', ADMIN.password)).toEqual(expect.any(String));
    // Put it back for the other tests.
    const back = await api.call('/auth/account', json('PUT', { name: 'Admin', email: ADMIN.email }, token));
    expect(back.status).toBe(200);
  });

  it('refuses an e-mail another account has (409) and a password in the payload changes nothing', async () => {
    const chapter = await createChapter(api, admin, 'Hotel Chapter', 'hotel');
    const before = await accountRow(ADMIN.email);
    const taken = await api.call('/auth/account', json('PUT', { email: chapter.email }, admin));
    expect(taken.status).toBe(409);
    const sneaky = await api.call('/auth/account', json('PUT', { password: 'sneaky-password-1' }, admin));
    expect(sneaky.status).toBe(200);
    const after = await accountRow(ADMIN.email);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.sessionVersion).toBe(before.sessionVersion);
  });

  it('the admin changes their own password like anyone else', async () => {
    const token = await adminToken(api);
    const res = await changePassword(token, ADMIN.password, 'admin-password-456');
    expect(res.status).toBe(200);
    expect((await session(token)).status).toBe(200);
    const back = await changePassword(token, 'admin-password-456', ADMIN.password);
    expect(back.status).toBe(200);
    admin = await adminToken(api);
  });
});

describe('PUT /users/{slug}/password (admin sets a chapter’s password)', () => {
  it('sets it: the chapter’s sessions end and the new password signs in', async () => {
    const chapter = await createChapter(api, admin, 'India Chapter', 'india');
    const res = await api.call('/users/india/password', json('PUT', { newPassword: 'india-reset-password' }, admin));
    expect(res.status).toBe(200);
    expect((await res.json()).success).toBe(true);
    expect((await session(chapter.token)).status).toBe(401);
    await expect(login(api, chapter.email, chapter.password)).rejects.toThrow(/401/);
    expect(await login(api, chapter.email, 'india-reset-password')).toEqual(expect.any(String));
    expect((await session(admin)).status).toBe(200);
  });

  it('validates the password, answers 404 for an unknown slug, and sends the admin to Settings for their own', async () => {
    const chapter = await createChapter(api, admin, 'Juliet Chapter', 'juliet');
    const before = await accountRow(chapter.email);
    const short = await api.call('/users/juliet/password', json('PUT', { newPassword: 'short' }, admin));
    expect(short.status).toBe(400);
    const unknown = await api.call('/users/nobody-here/password', json('PUT', { newPassword: 'long-enough-1' }, admin));
    expect(unknown.status).toBe(404);
    expect(await accountRow(chapter.email)).toEqual(before);

    const adminSlug = (await accountRow(ADMIN.email)).slug;
    const adminBefore = await accountRow(ADMIN.email);
    const own = await api.call(`/users/${adminSlug}/password`, json('PUT', { newPassword: 'long-enough-1' }, admin));
    expect(own.status).toBe(400);
    expect((await own.json()).message).toMatch(/Settings/);
    const ownViaEdit = await api.call(`/users/${adminSlug}`, json('PUT', { password: 'long-enough-1' }, admin));
    expect(ownViaEdit.status).toBe(400);
    expect(await accountRow(ADMIN.email)).toEqual(adminBefore);
  });
});
