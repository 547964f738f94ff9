import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import {
  CONTACT_LIMIT,
  LOGIN_ACCOUNT_CEILING,
  LOGIN_PAIR_LIMIT,
  LOGIN_UNDER_ATTACK_PAIR_LIMIT,
} from '../../src/server/services/rate-limits.service.ts';
import { useTestApi } from '../support/api-fixture.ts';
import { createChapter, json, type TestApi } from '../support/api-server.ts';

/**
 * Attempts are counted before they are checked, in one statement that returns the
 * new count, so parallel guesses cannot all slip past a check; and a stranger's failures never lock
 * the owner out. The parallel test means most on PostgreSQL (TEST_DATABASE_URL), where the 40 requests
 * run on separate connections at once; on PGlite they queue on its one connection.
 *
 * The caller's address is the socket's on the local server (http/client-ip.ts); these requests go to
 * the API in process with the address they claim.
 */
const NOW = new Date('2027-03-01T08:00:00Z');
let clock = NOW;
const setUp = useTestApi({ now: () => clock });
let api: TestApi;
let app: ReturnType<typeof createApi>;
let admin: string;
beforeAll(() => {
  ({ api, admin } = setUp);
  app = createApi({ ...api.deps, now: () => clock });
});

const from = async (address: string, path: string, init: RequestInit): Promise<Response> =>
  app.request(`/api/v1${path}`, init, { incoming: { socket: { remoteAddress: address } } });
const signIn = (address: string, email: string, password: string) =>
  from(address, '/auth/login', json('POST', { email, password }));
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, s) => ({ ...counts, [s]: (counts[s] ?? 0) + 1 }), {});

// Each attempt that reaches the password check runs bcrypt: on a busy shared machine a walk of fifty
// takes a while.
describe('failed sign-ins', { timeout: 120_000 }, () => {
  it('40 parallel wrong guesses for one account let through no more than the limit (the rest: 429)', async () => {
    const victim = await createChapter(api, admin, 'Parallel Chapter', 'parallel');
    const guesses = Array.from({ length: 40 }, (_, i) =>
      signIn('198.51.100.7', victim.email, `wrong-guess-${i}`).then((res) => res.status),
    );
    const counts = tally(await Promise.all(guesses));
    // Only 401s reached the password check; each 429 was refused before it.
    expect(counts).toEqual({ 401: LOGIN_PAIR_LIMIT.limit, 429: 40 - LOGIN_PAIR_LIMIT.limit });
  });

  it('40 parallel guesses spread over four addresses let through at most the ceiling plus a few per address', async () => {
    const victim = await createChapter(api, admin, 'Spread Chapter', 'spread');
    const guesses = Array.from({ length: 40 }, (_, i) =>
      signIn(`198.51.100.${20 + (i % 4)}`, victim.email, `wrong-guess-${i}`).then((res) => res.status),
    );
    const counts = tally(await Promise.all(guesses));
    expect(counts[401]).toBeLessThanOrEqual(LOGIN_ACCOUNT_CEILING.limit + 4 * LOGIN_UNDER_ATTACK_PAIR_LIMIT);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(40);
  });

  it('the owner, with the right password from an address with no recent failures, signs in while the account is attacked', async () => {
    const owner = await createChapter(api, admin, 'Owner Chapter', 'owner');
    // The attacker: far past every limit of the account, from one address and then from a second.
    for (const address of ['203.0.113.66', '203.0.113.67']) {
      for (let i = 0; i < 25; i++) await signIn(address, owner.email, `attack-${i}`);
    }
    expect((await signIn('203.0.113.66', owner.email, owner.password)).status).toBe(429);

    const home = await signIn('192.0.2.10', owner.email, owner.password);
    expect(home.status).toBe(200);
    expect((await home.json()).token).toEqual(expect.any(String));

    // A clean address gets a few tries while the account is under attack (a typo), then waits.
    const statuses = [];
    for (let i = 0; i <= LOGIN_UNDER_ATTACK_PAIR_LIMIT; i++) {
      statuses.push((await signIn('192.0.2.11', owner.email, `typo-${i}`)).status);
    }
    expect(statuses).toEqual([...Array(LOGIN_UNDER_ATTACK_PAIR_LIMIT).fill(401), 429]);
    // The owner's success forgot that address's typos only: it may try again.
    expect((await signIn('192.0.2.10', owner.email, owner.password)).status).toBe(200);
  });

  it('a sign-in the owner wins is not held against them: typos then success, repeatedly, never reach the limit', async () => {
    const chapter = await createChapter(api, admin, 'Typo Chapter', 'typo');
    // Two rounds: had the first round's typos stayed on the account, the second would cross its ceiling.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LOGIN_PAIR_LIMIT.limit - 1; i++) {
        expect((await signIn('192.0.2.30', chapter.email, `typo-${i}`)).status).toBe(401);
      }
      expect((await signIn('192.0.2.30', chapter.email, chapter.password)).status).toBe(200);
    }
  });

  it('counters start again when their window ends (the injected clock, not the wall clock)', async () => {
    const chapter = await createChapter(api, admin, 'Window Chapter', 'window');
    for (let i = 0; i < LOGIN_PAIR_LIMIT.limit; i++) await signIn('192.0.2.40', chapter.email, `wrong-${i}`);
    const blocked = await signIn('192.0.2.40', chapter.email, chapter.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBe(LOGIN_PAIR_LIMIT.windowMs / 1000);
    clock = new Date(NOW.getTime() + LOGIN_PAIR_LIMIT.windowMs + 1000);
    try {
      expect((await signIn('192.0.2.40', chapter.email, chapter.password)).status).toBe(200);
    } finally {
      clock = NOW;
    }
  });
});

describe('the contact form', () => {
  it('counts before it keeps: 20 parallel messages from one address keep no more than the limit', async () => {
    const before = await api.db.selectFrom('supportMessages').select('id').execute();
    const posts = Array.from({ length: 20 }, (_, i) =>
      from('198.51.100.90', '/contact', json('POST', { name: 'Flood', email: 'f@example.org', message: `m${i}` })).then(
        (res) => res.status,
      ),
    );
    const counts = tally(await Promise.all(posts));
    expect(counts).toEqual({ 201: CONTACT_LIMIT.limit, 429: 20 - CONTACT_LIMIT.limit });
    const after = await api.db.selectFrom('supportMessages').select('id').execute();
    expect(after.length - before.length).toBe(CONTACT_LIMIT.limit);
    // Another address is not affected.
    const other = await from(
      '198.51.100.91',
      '/contact',
      json('POST', { name: 'A', email: 'a@example.org', message: 'Hi' }),
    );
    expect(other.status).toBe(201);
  });
});
