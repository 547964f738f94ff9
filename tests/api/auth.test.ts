import { beforeAll, describe, expect, it } from 'vitest';
import { signSessionToken } from '../../src/server/auth/tokens.ts';
import { useTestApi } from '../support/api-fixture.ts';
import { ADMIN, adminToken, createChapter, json, login, startTestApi, type TestApi } from '../support/api-server.ts';

const setUp = useTestApi({ admin: false });
let api: TestApi;
beforeAll(() => {
  ({ api } = setUp);
});

const cookiesOf = (res: Response) => res.headers.getSetCookie();
/** A token's claims, read without checking it (the server checks). */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string };

describe('POST /auth/login', () => {
  it('signs in: token in an httpOnly cookie, readable userInfo, the spec body', async () => {
    const res = await api.call(
      '/auth/login',
      json('POST', { email: ADMIN.email.toUpperCase(), password: ADMIN.password }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Login successful',
      token: expect.any(String),
      userInfo: { isAdmin: true, email: ADMIN.email },
    });
    const cookies = cookiesOf(res);
    const token = cookies.find((c) => c.startsWith('token='))!;
    expect(token).toMatch(/HttpOnly/i);
    expect(token).toMatch(/SameSite=Lax/i);
    expect(token).toMatch(/Max-Age=2592000/);
    const userInfo = cookies.find((c) => c.startsWith('userInfo='))!;
    expect(userInfo).not.toMatch(/HttpOnly/i);
    expect(decodeURIComponent(userInfo.split(';')[0]!.slice('userInfo='.length))).toContain(ADMIN.email);
    expect(cookies.some((c) => c.startsWith('isAdmin=true'))).toBe(true);
    expect(cookies.some((c) => c.startsWith('authenticated=true'))).toBe(true);
  });

  it('gives one message whether the e-mail is unknown or the password wrong', async () => {
    const wrong = await api.call('/auth/login', json('POST', { email: ADMIN.email, password: 'nope-nope' }));
    const unknown = await api.call('/auth/login', json('POST', { email: 'ghost@example.org', password: 'nope-nope' }));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const said = await wrong.json();
    expect(said).toEqual(await unknown.json());
    expect(said.code).toBe('invalid_credentials');
  });

  it('validates the payload', async () => {
    const res = await api.call('/auth/login', json('POST', { email: 'not-an-email', password: '' }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['email', 'password']);
  });

  it('refuses a login posted from another site', async () => {
    const init = json('POST', { email: ADMIN.email, password: ADMIN.password });
    const res = await api.call('/auth/login', {
      ...init,
      headers: { ...init.headers, origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });
});

describe('sessions', () => {
  it('GET /auth/session answers for a bearer token and a cookie, 401 otherwise', async () => {
    const token = await adminToken(api);
    const bearer = await api.call('/auth/session', { headers: { authorization: `Bearer ${token}` } });
    expect(bearer.status).toBe(200);
    expect((await bearer.json()).userInfo).toMatchObject({ email: ADMIN.email, isAdmin: true });
    const cookie = await api.call('/auth/session', { headers: { cookie: `token=${token}` } });
    expect(cookie.status).toBe(200);
    const none = await api.call('/auth/session');
    expect(none.status).toBe(401);
    expect((await none.json()).code).toBe('unauthenticated');
  });

  it('refuses tampered, foreign, expired and made-up tokens', async () => {
    const token = await adminToken(api);
    const [h, p, s] = token.split('.');
    const tampered = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`;
    const { sub, sid } = claimsOf(token);
    const forged = await signSessionToken('another-secret-that-is-long-enough-000000', { sub, sid }, new Date());
    // Signed with the right secret for a real session, but issued more than 30 days ago.
    const expired = await signSessionToken(
      api.deps.config.sessionSecret,
      { sub, sid },
      new Date(Date.now() - 31 * 86_400_000),
    );
    // Signed with the right secret, but naming no session the server opened.
    const madeUp = await signSessionToken(api.deps.config.sessionSecret, { sub, sid: 'no-such-session' }, new Date());
    for (const bad of [tampered, forged, expired, madeUp, 'garbage']) {
      const res = await api.call('/auth/session', { headers: { authorization: `Bearer ${bad}` } });
      expect(res.status, bad).toBe(401);
    }
    expect((await api.call('/auth/session', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it('logout clears every session cookie', async () => {
    const res = await api.call('/auth/logout', { method: 'POST' });
    expect(res.status).toBe(200);
    const cleared = cookiesOf(res);
    for (const name of ['token', 'userInfo', 'authenticated', 'isAdmin']) {
      expect(cleared.find((c) => c.startsWith(`${name}=`))).toMatch(/Max-Age=0/);
    }
  });

  it("a deleted account's token, and one issued before a password change, stop working", async () => {
    const admin = await adminToken(api);
    const a = await createChapter(api, admin, 'Alpha Chapter', 'alpha-auth');
    const session = (t: string) => api.call('/auth/session', { headers: { authorization: `Bearer ${t}` } });
    expect((await session(a.token)).status).toBe(200);

    const change = await api.call('/users/alpha-auth', json('PUT', { password: 'a-brand-new-password' }, admin));
    expect(change.status).toBe(200);
    expect((await session(a.token)).status).toBe(401);
    const fresh = await login(api, a.email, 'a-brand-new-password');
    expect((await session(fresh)).status).toBe(200);

    expect((await api.call('/users/alpha-auth', json('DELETE', undefined, admin))).status).toBe(200);
    expect((await session(fresh)).status).toBe(401);
  });
});

describe('login rate limit', () => {
  it('answers 429 with Retry-After after 10 failures for an account, even with the right password', async () => {
    const admin = await adminToken(api);
    const b = await createChapter(api, admin, 'Beta Chapter', 'beta-auth');
    for (let i = 0; i < 10; i++) {
      const res = await api.call('/auth/login', json('POST', { email: b.email, password: `wrong-${i}` }));
      expect(res.status).toBe(401);
    }
    const blocked = await api.call('/auth/login', json('POST', { email: b.email, password: b.password }));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect(await blocked.json()).toMatchObject({ success: false, code: 'rate_limited' });
  });
});

describe('login rate limit per address', () => {
  it('blocks an address after 30 failures across accounts', async () => {
    const own = await startTestApi();
    try {
      for (let i = 0; i < 30; i++) {
        const res = await own.call(
          '/auth/login',
          json('POST', { email: `user${i}@example.org`, password: 'wrong-password' }),
        );
        expect(res.status).toBe(401);
      }
      const blocked = await own.call('/auth/login', json('POST', { email: ADMIN.email, password: ADMIN.password }));
      expect(blocked.status).toBe(429);
    } finally {
      await own.close();
    }
  }, 120_000);
});
