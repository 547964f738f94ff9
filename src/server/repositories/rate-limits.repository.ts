import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Fixed-window hit counters per key (functions share no memory, so they live in the database).
 * A window starts with a key's first hit and ends `windowMs` later.
 */
export interface RateWindow {
  windowMs: number;
  now: Date;
}

/** A key's count in its current window, this hit included, and when that window started. */
export interface Counted {
  count: number;
  windowStart: Date;
}

const windowCutoff = ({ windowMs, now }: RateWindow) => new Date(now.getTime() - windowMs);

/**
 * At most this many expired counters are deleted per hit. Each hit adds at most one row per key, so
 * the table cannot outgrow the clean-up, and no single request pays for a long backlog.
 */
export const PURGE_BATCH = 100;

/**
 * Counts one hit against each key and returns every key's new count, in one statement: the count is
 * taken before anything is checked, so parallel requests each see their own number (the row lock of
 * the upsert orders them) and no two can both read "one below the limit". Keys whose window has ended
 * start a new one.
 *
 * The same statement also deletes up to PURGE_BATCH other counters whose window started at or before
 * `expiredBefore`: no extra round trip, and no scheduled job to deploy. The keys being counted are left
 * to the upsert (one statement must not both delete and update a row), and rows another statement is
 * already deleting are skipped rather than waited for.
 *
 * Written as one SQL text rather than built: it runs on every contact message and sign-in attempt. The
 * oldest counters go first, and the order lets the planner walk the window_start index even before the
 * table has statistics (PGlite never analyzes it).
 */
export function countHits(
  db: Kysely<Database>,
  keys: readonly string[],
  window: RateWindow,
  expiredBefore: Date,
): Promise<Map<string, Counted>> {
  return upsertHits(db, keys, window, expiredBefore, sql`true`);
}

/**
 * countHits, counting only while a published event has the id `eventId` (a canonical uuid: ids.ts),
 * checked by the same statement: for any other id nothing is counted (an empty map) and no counter is
 * written, so no key names an event that does not exist. A draft is no event to a visitor.
 */
export function countHitsForEvent(
  db: Kysely<Database>,
  keys: readonly string[],
  window: RateWindow,
  expiredBefore: Date,
  eventId: string,
): Promise<Map<string, Counted>> {
  return upsertHits(
    db,
    keys,
    window,
    expiredBefore,
    sql`exists (select 1 from events where id = ${eventId}::uuid and status = 'published')`,
  );
}

async function upsertHits(
  db: Kysely<Database>,
  keys: readonly string[],
  window: RateWindow,
  expiredBefore: Date,
  when: RawBuilder<unknown>,
): Promise<Map<string, Counted>> {
  const distinct = [...new Set(keys)];
  if (distinct.length === 0) return new Map();
  const cutoff = windowCutoff(window);
  const { now } = window;
  const values = sql.join(distinct.map((key) => sql`(${key}, ${now}::timestamptz, 1)`));
  const { rows } = await sql<{ key: string; count: number; windowStart: Date | string }>`
    with expired as (
      delete from rate_limits where key in (
        select key from rate_limits where window_start <= ${expiredBefore} and not (key = any(${distinct}))
        order by window_start limit ${PURGE_BATCH} for update skip locked
      )
    )
    insert into rate_limits (key, window_start, count)
    select * from (values ${values}) as hit (key, window_start, count) where ${when}
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${cutoff} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${cutoff} then ${now} else rate_limits.window_start end
    returning key, count, window_start as "windowStart"
  `.execute(db);
  return new Map(rows.map((row) => [row.key, { count: Number(row.count), windowStart: new Date(row.windowStart) }]));
}

/**
 * Takes one hit back from a counter, in one statement, while the window it was counted in lasts (a
 * window that restarted since holds other hits). Counting stays first and atomic; this only returns
 * what an attempt that came to nothing used up.
 */
export async function takeBackHit(db: Kysely<Database>, key: string, windowStart: Date): Promise<void> {
  await sql`
    update rate_limits set count = greatest(0, count - 1) where key = ${key} and window_start = ${windowStart}
  `.execute(db);
}

/**
 * Forgets one counter (`forget`) and takes its hits back from others (`from`), in one statement: the
 * failures of an address that then proved to be the owner's were the owner's typos. When the
 * forgotten counter is already gone, one hit (the attempt itself) is taken back.
 */
export async function forgiveHits(db: Kysely<Database>, forget: string, from: readonly string[]): Promise<void> {
  await sql`
    with forgotten as (delete from rate_limits where key = ${forget} returning count)
    update rate_limits set count = greatest(0, count - coalesce((select sum(count) from forgotten), 1))
    where key = any(${[...from]})
  `.execute(db);
}
