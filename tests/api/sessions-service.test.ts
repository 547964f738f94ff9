import { beforeAll, describe, expect, it } from 'vitest';
import { chapterCreateSchema } from '../../src/lib/schemas/chapter.schema.ts';
import { verifySessionToken } from '../../src/server/auth/tokens.ts';
import { noPageCache } from '../../src/server/caching/page-cache.ts';
import type { Chapter } from '../../src/server/db/schema.ts';
import { findSessionAccount } from '../../src/server/repositories/sessions.repository.ts';
import { openChapterAccount } from '../../src/server/services/accounts.service.ts';
import { SYSTEM_ACTOR } from '../../src/server/services/audit.service.ts';
import { DomainError } from '../../src/server/services/domain-errors.ts';
import {
  LOGIN_PAIR_LIMIT,
  loginAccountKey,
  loginIpKey,
  loginPairKey,
} from '../../src/server/services/rate-limits.service.ts';
import {
  changeOwnPassword,
  logIn,
  logOut,
  WRONG_CURRENT_PASSWORD,
  type SessionDeps,
} from '../../src/server/services/sessions.service.ts';
import { useTestApi } from '../support/api-fixture.ts';
import type { TestApi } from '../support/api-server.ts';

/**
 * The sign-in flow as a use case, without HTTP (the HTTP tests in auth, sessions and login-limits
 * keep covering the routes): what is counted, what a success takes back, and which sessions count
 * afterwards. Time is a fixed instant passed in, as the routes pass the injected clock.
 */
const setUp = useTestApi({ admin: false });
let api: TestApi;
let deps: SessionDeps;
const NOW = new Date('2027-03-01T08:00:00Z');

beforeAll(() => {
  api = setUp.api;
  deps = { db: api.db, sessionSecret: api.deps.config.sessionSecret };
});

async function account(slug: string): Promise<Chapter & { password: string }> {
  const password = `${slug}-password`;
  const input = chapterCreateSchema.parse({
    name: `${slug} Chapter`,
    email: `${slug}@example.org`,
    password,
    phone: '+8801711000000',
    slug,
  });
  const created = await openChapterAccount(
    { db: api.db, pageCache: noPageCache, blobs: api.deps.blobs, actor: SYSTEM_ACTOR },
    input,
  );
  return { ...created, password };
}

/** The login counters of an address and an account, by key (absent: nothing counted). */
async function counters(email: string, ip: string) {
  const keys = [loginIpKey(ip), loginPairKey(email, ip), loginAccountKey(email)];
  const rows = await api.db.selectFrom('rateLimits').select(['key', 'count']).where('key', 'in', keys).execute();
  const count = (key: string) => rows.find((row) => row.key === key)?.count;
  return { ip: count(keys[0]!), pair: count(keys[1]!), account: count(keys[2]!) };
}

const sessionsOf = (chapterId: string) =>
  api.db.selectFrom('sessions').select('id').where('chapterId', '=', chapterId).execute();

/** The account a token's session signs in now, or undefined when the session no longer counts. */
async function signedInBy(token: string) {
  const claims = await verifySessionToken(deps.sessionSecret, token, NOW);
  if (!claims) return undefined;
  return (await findSessionAccount(api.db, claims.sid, claims.sub, NOW))?.email;
}

describe('logIn', () => {
  it('counts a wrong password and opens no session', async () => {
    const wrong = await account('wrong-password');
    expect(await logIn(deps, { email: wrong.email, password: 'not-the-password' }, '192.0.2.1', NOW)).toBeUndefined();
    expect(await counters(wrong.email, '192.0.2.1')).toEqual({ ip: 1, pair: 1, account: 1 });
    expect(await sessionsOf(wrong.id)).toEqual([]);
  });

  it('counts an unknown e-mail the same way', async () => {
    const email = 'nobody@example.org';
    expect(await logIn(deps, { email, password: 'anything-at-all' }, '192.0.2.2', NOW)).toBeUndefined();
    expect(await counters(email, '192.0.2.2')).toEqual({ ip: 1, pair: 1, account: 1 });
  });

  it('refuses past the limit, the right password included, and opens no session', async () => {
    const locked = await account('locked');
    for (let i = 0; i < LOGIN_PAIR_LIMIT.limit; i++) {
      expect(await logIn(deps, { email: locked.email, password: `typo-${i}` }, '192.0.2.3', NOW)).toBeUndefined();
    }
    const refused = await logIn(deps, { email: locked.email, password: locked.password }, '192.0.2.3', NOW).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({
      kind: 'rate-limited',
      headers: { 'Retry-After': String(LOGIN_PAIR_LIMIT.windowMs / 1000) },
    });
    expect(await sessionsOf(locked.id)).toEqual([]);
    // The refused attempt was counted too.
    expect((await counters(locked.email, '192.0.2.3')).pair).toBe(LOGIN_PAIR_LIMIT.limit + 1);
  });

  it('opens a session on success and takes back this address’s attempts on the account', async () => {
    const owner = await account('owner');
    await logIn(deps, { email: owner.email, password: 'a-typo-first' }, '192.0.2.4', NOW);
    await logIn(deps, { email: owner.email, password: 'a-typo-elsewhere' }, '192.0.2.5', NOW);

    const session = await logIn(deps, { email: owner.email, password: owner.password }, '192.0.2.4', NOW);
    expect(session?.account.id).toBe(owner.id);
    expect(await sessionsOf(owner.id)).toEqual([{ id: session?.sessionId }]);
    expect(await signedInBy(session!.token)).toBe(owner.email);
    // This address's typo and its success are forgotten; the other address's failure still counts.
    expect(await counters(owner.email, '192.0.2.4')).toEqual({ ip: 0, pair: undefined, account: 1 });
    expect(await counters(owner.email, '192.0.2.5')).toMatchObject({ pair: 1 });
  });
});

describe('logOut', () => {
  it('ends that session only: the account’s other session still signs in', async () => {
    const both = await account('two-devices');
    const phone = await logIn(deps, { email: both.email, password: both.password }, '192.0.2.6', NOW);
    const laptop = await logIn(deps, { email: both.email, password: both.password }, '192.0.2.6', NOW);
    await logOut(api.db, phone!.sessionId);
    expect(await signedInBy(phone!.token)).toBeUndefined();
    expect(await signedInBy(laptop!.token)).toBe(both.email);
  });
});

describe('changeOwnPassword', () => {
  it('refuses a wrong current password as a counted sign-in attempt, changing nothing', async () => {
    const user = await account('wrong-current');
    const session = await logIn(deps, { email: user.email, password: user.password }, '192.0.2.7', NOW);
    const passwords = { currentPassword: 'not-it-at-all', newPassword: 'a-new-password-2027' };
    const refused = await changeOwnPassword(
      api.db,
      user,
      passwords,
      { ip: '192.0.2.7', sessionId: session!.sessionId },
      NOW,
    ).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toMatchObject({
      kind: 'invalid',
      message: WRONG_CURRENT_PASSWORD,
      errors: [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD }],
    });
    expect(await counters(user.email, '192.0.2.7')).toMatchObject({ pair: 1 });
    expect(await signedInBy(session!.token)).toBe(user.email);
    expect(await logIn(deps, { email: user.email, password: user.password }, '192.0.2.8', NOW)).toBeDefined();
  });

  it('ends every other session of the account and keeps the one it was done from', async () => {
    const user = await account('new-password');
    const here = await logIn(deps, { email: user.email, password: user.password }, '192.0.2.9', NOW);
    const elsewhere = await logIn(deps, { email: user.email, password: user.password }, '192.0.2.10', NOW);
    const passwords = { currentPassword: user.password, newPassword: 'a-new-password-2027' };
    await changeOwnPassword(api.db, user, passwords, { ip: '192.0.2.9', sessionId: here!.sessionId }, NOW);
    expect(await signedInBy(here!.token)).toBe(user.email);
    expect(await signedInBy(elsewhere!.token)).toBeUndefined();
    expect(await logIn(deps, { email: user.email, password: user.password }, '192.0.2.11', NOW)).toBeUndefined();
    expect(await logIn(deps, { email: user.email, password: 'a-new-password-2027' }, '192.0.2.11', NOW)).toBeDefined();
  });
});
