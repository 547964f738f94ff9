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
    await db
      .with('expired', (qc) =>
        qc
          .deleteFrom('rateLimits')
          .where('key', 'in', (eb) =>
            eb
              .selectFrom('rateLimits')
              .select('key')
              .where('windowStart', '<=', expiredBefore)
              .where('key', '!=', key)
              .limit(PURGE_BATCH),
          ),
      )
      .insertInto('rateLimits')
      .values({ key, windowStart: now, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql`case when rate_limits.window_start <= ${cutoff}::timestamptz then 1 else rate_limits.count + 1 end`,
          windowStart: sql`case when rate_limits.window_start <= ${cutoff}::timestamptz then ${now}::timestamptz else rate_limits.window_start end`,
        }),
      )
      .execute();
  }
}

export async function clearHits(db: Kysely<Database>, keys: string[]): Promise<void> {
  await db.deleteFrom('rateLimits').where('key', 'in', keys).execute();
}
