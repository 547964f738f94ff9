import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { findFullWindows, recordHits } from '../repositories/rate-limits.repository.ts';
import { tooManyRequests } from './errors.ts';

/** A key is blocked once it has `limit` hits inside its current window of `windowMs`. */
export interface Limit {
  limit: number;
  windowMs: number;
}

/** Failed sign-ins per account, and per address (higher: a campus shares one address). */
export const LOGIN_ACCOUNT_LIMIT: Limit = { limit: 10, windowMs: 15 * 60_000 };
export const LOGIN_IP_LIMIT: Limit = { limit: 30, windowMs: 15 * 60_000 };
/** The failed-sign-in counter of one account: the login form and a password change with a wrong current one share it. */
export const loginAccountKey = (email: string) => `login:email:${email.toLowerCase()}`;
export const CONTACT_LIMIT: Limit = { limit: 5, windowMs: 10 * 60_000 };

/** Throws 429 with Retry-After (until the last blocked window ends) when any key is blocked. */
export async function assertNotLimited(db: Kysely<Database>, keys: string[], { limit, windowMs }: Limit, now: Date) {
  const starts = await findFullWindows(db, keys, limit, { windowMs, now });
  if (starts.length === 0) return;
  const until = Math.max(...starts.map((start) => start.getTime() + windowMs));
  throw tooManyRequests((until - now.getTime()) / 1000);
}

/** Counts one hit against each key. */
export function recordHit(db: Kysely<Database>, keys: string[], { windowMs }: Limit, now: Date) {
  return recordHits(db, keys, { windowMs, now });
}
