import { describe, expect, it } from 'vitest';
import { mayChangeData } from '../../src/server/db/data-version.ts';
import { createReadCache, MAX_AGE_MS } from '../../src/server/caching/read-cache.ts';

/** A read cache on a version and a clock the test moves, with a producer that counts its calls. */
function setUp() {
  let version = 0;
  let clock = Date.UTC(2026, 10, 25, 6);
  const cache = createReadCache({ current: () => version }, () => new Date(clock));
  let produced = 0;
  const produce =
    (body: string, init: ResponseInit = {}) =>
    async () => {
      produced++;
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' }, ...init });
    };
  /** A read held "in the database" until the test releases it with its body. */
  const held = () => {
    const database = deferred<string>();
    const produce = async () => {
      produced++;
      return new Response(await database.promise);
    };
    return { produce, release: database.resolve };
  };
  return {
    cache,
    produce,
    held,
    produced: () => produced,
    write: () => version++,
    advance: (ms: number) => (clock += ms),
  };
}

const text = async (res: Promise<Response>) => (await res).text();

/** A promise the test settles by hand, to hold a read "in the database" while something else happens. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the API read cache', () => {
  it('answers a repeated read from its copy, with the same status, headers and body', async () => {
    const { cache, produce, produced } = setUp();
    const first = await cache.answer('/events', produce('{"n":1}', { headers: { 'x-kept': 'yes' } }));
    const again = await cache.answer('/events', produce('{"n":2}'));
    expect(produced()).toBe(1);
    expect(await again.text()).toBe('{"n":1}');
    expect(again.status).toBe(200);
    expect(again.headers.get('x-kept')).toBe('yes');
    expect(await first.text()).toBe('{"n":1}');
  });

  it('reads again after any write, and keeps addresses apart', async () => {
    const { cache, produce, produced, write } = setUp();
    await cache.answer('/events', produce('old'));
    await cache.answer('/events?page=2', produce('page 2'));
    write();
    expect(await text(cache.answer('/events', produce('new')))).toBe('new');
    expect(await text(cache.answer('/events?page=2', produce('page 2 new')))).toBe('page 2 new');
    expect(produced()).toBe(4);
  });

  it(`keeps an answer less than ${MAX_AGE_MS} ms by the server's clock, and never one from the clock's future`, async () => {
    const { cache, produce, produced, advance } = setUp();
    await cache.answer('/humans', produce('first'));
    advance(MAX_AGE_MS - 1);
    expect(await text(cache.answer('/humans', produce('unused')))).toBe('first');
    advance(1);
    expect(await text(cache.answer('/humans', produce('second')))).toBe('second');
    advance(-5_000);
    expect(await text(cache.answer('/humans', produce('third')))).toBe('third');
    expect(produced()).toBe(3);
  });

  it('keeps only 200 answers without cookies', async () => {
    const { cache, produce, produced } = setUp();
    for (let i = 0; i < 2; i++) {
      await cache.answer('/events/missing', produce('{}', { status: 404 }));
      await cache.answer('/odd', produce('{}', { headers: { 'set-cookie': 'a=b' } }));
    }
    expect(produced()).toBe(4);
  });

  it('never keeps an answer over a megabyte, and drops the oldest to stay under its total', async () => {
    const { cache, produce, produced } = setUp();
    const big = 'x'.repeat((1 << 20) + 1);
    await cache.answer('/big', produce(big));
    await cache.answer('/big', produce(big));
    expect(produced()).toBe(2);

    const almostMegabyte = 'y'.repeat(1 << 20);
    for (let i = 0; i < 17; i++) await cache.answer(`/page/${i}`, produce(almostMegabyte));
    const before = produced();
    await cache.answer('/page/16', produce(almostMegabyte));
    expect(produced()).toBe(before);
    await cache.answer('/page/0', produce(almostMegabyte));
    expect(produced()).toBe(before + 1);
  });

  it('lets concurrent misses of one address share a single read', async () => {
    const { cache, held, produced } = setUp();
    const read = held();
    const answers = [1, 2, 3].map(() => cache.answer('/humans', read.produce));
    read.release('shared');
    expect(await Promise.all(answers.map(text))).toEqual(['shared', 'shared', 'shared']);
    expect(produced()).toBe(1);
  });

  it('neither keeps nor shares a read during which a write began or ended', async () => {
    const { cache, held, produce, produced, write } = setUp();
    const read = held();
    const first = cache.answer('/events', read.produce);
    write();
    // Asked after the write began: it must not get the answer read before it.
    const second = cache.answer('/events', produce('after the write'));
    read.release('before the write');
    expect(await text(first)).toBe('before the write');
    expect(await text(second)).toBe('after the write');
    // The copy kept is the one read after the write.
    expect(await text(cache.answer('/events', produce('unused')))).toBe('after the write');
    expect(produced()).toBe(2);
  });

  it('a failed read is not shared: those waiting on it read for themselves', async () => {
    const { cache } = setUp();
    const database = deferred<void>();
    const failing = async () => {
      await database.promise;
      throw new Error('database unavailable');
    };
    const first = cache.answer('/events', failing);
    const second = cache.answer('/events', async () => new Response('second read'));
    database.resolve();
    await expect(first).rejects.toThrow('database unavailable');
    expect(await text(second)).toBe('second read');
  });
});

describe('which statements may change data', () => {
  it.each([
    'select "id" from "event"',
    '  SELECT 1',
    '(select 1) union (select 2)',
    'with "recent" as (select * from "event") select * from "recent"',
  ])('a read: %s', (sql) => expect(mayChangeData(sql)).toBe(false));

  it.each([
    'insert into "event" ("id") values ($1)',
    'update "event" set "title" = $1',
    'delete from "event" where "id" = $1',
    'with "gone" as (delete from "event" returning *) insert into "audit_log" select * from "gone"',
    'WITH "x" AS (UPDATE "event" SET "title" = $1 RETURNING "id") SELECT * FROM "x"',
    'create table "t" ("id" int)',
    'set search_path to public',
  ])('a write: %s', (sql) => expect(mayChangeData(sql)).toBe(true));
});
