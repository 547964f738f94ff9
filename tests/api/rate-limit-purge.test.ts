import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import {
  CONTACT_LIMIT,
  EXPIRED_AFTER_MS,
  LOGIN_ACCOUNT_CEILING,
  LOGIN_IP_LIMIT,
  LOGIN_PAIR_LIMIT,
  REGISTRATION_ATTEMPT_LIMIT,
  REGISTRATION_ROOM_LIMIT,
  recordHit,
} from '../../src/server/services/rate-limits.service.ts';
import { PURGE_BATCH } from '../../src/server/repositories/rate-limits.repository.ts';
import { useTestApi } from '../support/api-fixture.ts';
import { json, type TestApi } from '../support/api-server.ts';

/**
 * Expired rate-limit counters are deleted as new hits are counted, a bounded batch at a time, in the
 * counting statement itself. Time is the injected clock, never the wall clock.
 */
const setUp = useTestApi({ admin: false });
let api: TestApi;
beforeAll(() => {
  ({ api } = setUp);
});
beforeEach(async () => {
  await api.db.deleteFrom('rateLimits').execute();
});

const NOW = new Date('2027-05-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const keys = async () =>
  (await api.db.selectFrom('rateLimits').select('key').orderBy('key').execute()).map((row) => row.key);
async function seed(prefix: string, count: number, windowStart: Date) {
  const rows = Array.from({ length: count }, (_, i) => ({
    key: `${prefix}:${String(i).padStart(3, '0')}`,
    windowStart,
    count: 3,
  }));
  await api.db.insertInto('rateLimits').values(rows).execute();
}

describe('rate-limit counters', () => {
  it('the longest window decides expiry: no counter is deleted while its limit may still count it', () => {
    // A registration counter counts for an hour, the longest of all windows.
    expect(EXPIRED_AFTER_MS).toBe(REGISTRATION_ROOM_LIMIT.windowMs);
    for (const limit of [
      LOGIN_IP_LIMIT,
      LOGIN_PAIR_LIMIT,
      LOGIN_ACCOUNT_CEILING,
      CONTACT_LIMIT,
      REGISTRATION_ATTEMPT_LIMIT,
    ])
      expect(EXPIRED_AFTER_MS).toBeGreaterThanOrEqual(limit.windowMs);
  });

  it('a hit deletes expired counters, at most a batch, and keeps every live one', async () => {
    await seed('expired', PURGE_BATCH + 20, ago(EXPIRED_AFTER_MS + 1));
    await seed('boundary', 1, ago(EXPIRED_AFTER_MS));
    // Past the contact window but inside the longest one (registration's): may still be counting.
    await seed('live', 2, ago(EXPIRED_AFTER_MS - 1));

    const before = api.roundTrips();
    await recordHit(api.db, ['contact:ip:203.0.113.9'], CONTACT_LIMIT, NOW);
    expect(api.roundTrips() - before).toBe(1);
    const left = await keys();
    expect(left.filter((key) => key.startsWith('expired:') || key.startsWith('boundary:'))).toHaveLength(21);
    expect(left).toEqual(expect.arrayContaining(['live:000', 'live:001', 'contact:ip:203.0.113.9']));

    await recordHit(api.db, ['contact:ip:203.0.113.9'], CONTACT_LIMIT, NOW);
    expect(await keys()).toEqual(['contact:ip:203.0.113.9', 'live:000', 'live:001']);
    const counted = await api.db.selectFrom('rateLimits').selectAll().where('key', 'like', 'contact:%').execute();
    expect(counted).toEqual([expect.objectContaining({ count: 2 })]);
  });

  it('the counted key itself is reset by its own upsert, not deleted', async () => {
    await seed('login:ip', 1, ago(EXPIRED_AFTER_MS * 2));
    await recordHit(api.db, ['login:ip:000'], LOGIN_IP_LIMIT, NOW);
    const rows = await api.db.selectFrom('rateLimits').selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({ key: 'login:ip:000', count: 1 })]);
    expect(new Date(rows[0]!.windowStart).toISOString()).toBe(NOW.toISOString());
  });

  it('a contact form message clears them on the way, as the clock the API is given says', async () => {
    await seed('expired', 3, ago(EXPIRED_AFTER_MS + 60_000));
    const app = createApi({ ...api.deps, now: () => NOW });
    const res = await app.request(
      '/api/v1/contact',
      json('POST', { name: 'Visitor', email: 'visitor@example.org', message: 'Hello there, a question.' }),
    );
    expect(res.status).toBe(201);
    expect((await keys()).filter((key) => key.startsWith('expired:'))).toEqual([]);
  });
});
