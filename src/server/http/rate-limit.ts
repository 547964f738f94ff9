import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { tooManyRequests } from './errors.ts';

/**
 * Fixed-window counters in the database (functions share no memory). A key is blocked once it has
 * `limit` hits inside the current window; the window restarts after `windowMs`.
 */
export interface Limit {
  limit: number;
  windowMs: number;
}

/** Failed sign-ins per account, and per address (higher: a campus shares one address). */
export const LOGIN_ACCOUNT_LIMIT: Limit = { limit: 10, windowMs: 15 * 60_000 };
export const LOGIN_IP_LIMIT: Limit = { limit: 30, windowMs: 15 * 60_000 };
export const CONTACT_LIMIT: Limit = { limit: 5, windowMs: 10 * 60_000 };

/** Throws 429 with Retry-After when any key is blocked. */
export async function assertNotLimited(db: Kysely<Database>, keys: string[], { limit, windowMs }: Limit, now: Date) {
  const cutoff = new Date(now.getTime() - windowMs);
  const rows = await db
    .selectFrom('rateLimits')
    .select(['windowStart', 'count'])
    .where('key', 'in', keys)
    .where('windowStart', '>', cutoff)
    .where('count', '>=', limit)
    .execute();
  if (rows.length === 0) return;
  const until = Math.max(...rows.map((r) => new Date(r.windowStart).getTime() + windowMs));
  throw tooManyRequests((until - now.getTime()) / 1000);
}

/** Counts one hit against each key. */
export async function recordHit(db: Kysely<Database>, keys: string[], { windowMs }: Limit, now: Date) {
  const cutoff = new Date(now.getTime() - windowMs);
  for (const key of keys) {
    await db
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

export async function clearHits(db: Kysely<Database>, keys: string[]) {
  await db.deleteFrom('rateLimits').where('key', 'in', keys).execute();
}
