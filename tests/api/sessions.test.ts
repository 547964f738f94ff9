import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-fixture.ts';
import { adminToken, createChapter, json, login, type TestApi } from '../support/api-server.ts';

/**
 * Logging out ends the session on the server, so the old token is refused afterwards,
 * as cookie and as bearer; "Sign out everywhere" ends every session of the account; only the login
 * answer carries a token.
 */
const setUp = useTestApi();
let api: TestApi;
let admin: string;
beforeAll(() => {
  ({ api, admin } = setUp);
});

const asBearer = (token: string) => api.call('/auth/session', json('GET', undefined, token));
const asCookie = (token: string) => api.call('/auth/session', { headers: { cookie: `token=${token}` } });
const logout = (init: RequestInit) => api.call('/auth/logout', { method: 'POST', ...init });

describe('POST /auth/logout', () => {
  it('ends the session a cookie carried: its token is refused afterwards, as cookie and as bearer', async () => {
    const chapter = await createChapter(api, admin, 'Lima Chapter', 'lima');
    const phone = await login(api, chapter.email, chapter.password);
    expect((await asCookie(chapter.token)).status).toBe(200);

    const res = await logout({ headers: { cookie: `token=${chapter.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('token='))).toMatch(/Max-Age=0/);

    expect((await asCookie(chapter.token)).status).toBe(401);
    expect((await asBearer(chapter.token)).status).toBe(401);
    const write = await api.call('/excom', json('GET', undefined, chapter.token));
    expect(write.status).toBe(401);
    // Only that browser signed out: the account's other session goes on.
    expect((await asBearer(phone)).status).toBe(200);
  });

  it('ends a bearer session the same way', async () => {
    const chapter = await createChapter(api, admin, 'Mike Chapter', 'mike');
    expect((await logout({ headers: { authorization: `Bearer ${chapter.token}` } })).status).toBe(200);
    expect((await asBearer(chapter.token)).status).toBe(401);
    expect((await asCookie(chapter.token)).status).toBe(401);
    // Signing in again opens a new session.
    expect((await asBearer(await login(api, chapter.email, chapter.password))).status).toBe(200);
  });

  it('answers 200 and clears the cookies without a session, or with one already ended', async () => {
    expect((await logout({})).status).toBe(200);
    const chapter = await createChapter(api, admin, 'November Chapter', 'november');
    await logout({ headers: { cookie: `token=${chapter.token}` } });
    expect((await logout({ headers: { cookie: `token=${chapter.token}` } })).status).toBe(200);
  });
});

describe('POST /auth/logout-everywhere', () => {
  it('ends every session of the account, this one included, and no other account’s', async () => {
    const chapter = await createChapter(api, admin, 'Oscar Chapter', 'oscar');
    const laptop = await login(api, chapter.email, chapter.password);
    const other = await createChapter(api, admin, 'Papa Chapter', 'papa');

    const res = await api.call('/auth/logout-everywhere', json('POST', {}, chapter.token));
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('token='))).toMatch(/Max-Age=0/);
    for (const token of [chapter.token, laptop]) {
      expect((await asBearer(token)).status).toBe(401);
      expect((await asCookie(token)).status).toBe(401);
    }
    expect((await asBearer(other.token)).status).toBe(200);
    // The password still works: a new session starts.
    expect((await asBearer(await login(api, chapter.email, chapter.password))).status).toBe(200);
    // The trail records it as a change of the account's sessions.
    const row = await api.db
      .selectFrom('auditLog')
      .select(['action', 'fields'])
      .where('entityType', '=', 'account')
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ action: 'update', fields: ['sessions'] });
  });

  it('needs a session', async () => {
    expect((await api.call('/auth/logout-everywhere', json('POST', {}))).status).toBe(401);
  });
});

describe('only the login answer carries a token', () => {
  it('a password change keeps this session on its token and ends the others, and hands out no token', async () => {
    const chapter = await createChapter(api, admin, 'Quebec Chapter', 'quebec');
    const tablet = await login(api, chapter.email, chapter.password);
    const res = await api.call(
      '/auth/password',
      json('PUT', { currentPassword: chapter.password, newPassword: 'quebec-fresh-words' }, chapter.token),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).not.toHaveProperty('token');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('token='))).toBe(false);
    expect((await asBearer(chapter.token)).status).toBe(200);
    expect((await asCookie(chapter.token)).status).toBe(200);
    expect((await asBearer(tablet)).status).toBe(401);
  });

  it('an admin’s account edit hands out no token', async () => {
    const token = await adminToken(api);
    const res = await api.call('/auth/account', json('PUT', { phone: '+8801800000009' }, token));
    expect(res.status).toBe(200);
    expect(await res.json()).not.toHaveProperty('token');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('token='))).toBe(false);
    expect((await asBearer(token)).status).toBe(200);
  });
});

describe('the sessions table', () => {
  it('keeps little more than the live sessions: a sign-in deletes the account’s ended ones', async () => {
    const chapter = await createChapter(api, admin, 'Romeo Chapter', 'romeo');
    await login(api, chapter.email, chapter.password);
    await api.call('/auth/logout-everywhere', json('POST', {}, chapter.token));
    await login(api, chapter.email, chapter.password);
    const { id } = await api.db
      .selectFrom('chapters')
      .select('id')
      .where('slug', '=', 'romeo')
      .executeTakeFirstOrThrow();
    const rows = await api.db.selectFrom('sessions').selectAll().where('chapterId', '=', id).execute();
    expect(rows).toHaveLength(1);
  });
});
