import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Fixed-window hit counters per key (functions share no memory, so they live in the database).
 * A window starts with a key's first hit and ends `windowMs` later.
 */
export interface RateWindow {
  windowMs: number;
  now: Date;
}

const windowCutoff = ({ windowMs, now }: RateWindow) => new Date(now.getTime() - windowMs);

/** When each of the keys that reached `limit` hits in its current window started that window. */
export async function findFullWindows(
  db: Kysely<Database>,
  keys: string[],
  limit: number,
  window: RateWindow,
): Promise<Date[]> {
  const rows = await db
    .selectFrom('rateLimits')
    .select('windowStart')
    .where('key', 'in', keys)
    .where('windowStart', '>', windowCutoff(window))
    .where('count', '>=', limit)
    .execute();
  return rows.map((r) => new Date(r.windowStart));
}

/**
 * At most this many expired counters are deleted per hit. Each hit adds at most one row per key, so
 * the table cannot outgrow the clean-up, and no single request pays for a long backlog.
 */
export const PURGE_BATCH = 100;

/**
 * Counts one hit against each key, starting a new window for keys whose window has ended. The same
 * statement also deletes up to PURGE_BATCH other counters whose window started at or before
 * `expiredBefore`: no extra round trip, and no scheduled job to deploy. The key being counted is left
 * to the upsert, as one statement must not both delete and update a row.
 */
export async function recordHits(
  db: Kysely<Database>,
  keys: string[],
  window: RateWindow,
  expiredBefore: Date,
): Promise<void> {
  const cutoff = windowCutoff(window);
  const { now } = window;
  for (const key of keys) {
    // Written as one SQL text rather than built: it runs on every contact message and failed sign-in,
    // and building it with the query builder cost more server time than sending it. The oldest
    // counters go first, and the order lets the planner walk the window_start index even before the
    // table has statistics (PGlite never analyzes it): without it every hit read the whole table.
    await sql`
      with expired as (
        delete from rate_limits where key in (
          select key from rate_limits where window_start <= ${expiredBefore} and key <> ${key}
          order by window_start limit ${PURGE_BATCH}
        )
      )
      insert into rate_limits (key, window_start, count) values (${key}, ${now}, 1)
      on conflict (key) do update set
        count = case when rate_limits.window_start <= ${cutoff} then 1 else rate_limits.count + 1 end,
        window_start = case when rate_limits.window_start <= ${cutoff} then ${now} else rate_limits.window_start end
    `.execute(db);
  }
}

export async function clearHits(db: Kysely<Database>, keys: string[]): Promise<void> {
  await db.deleteFrom('rateLimits').where('key', 'in', keys).execute();
}
