import { HOUR_MS, MINUTE_MS } from '../../lib/durations.ts';

/** Waits after the 1st, 2nd, … failed attempt of a message; the last one repeats. */
export const RETRY_DELAYS_MS = [MINUTE_MS, 5 * MINUTE_MS, 30 * MINUTE_MS, 2 * HOUR_MS, 12 * HOUR_MS] as const;
/** After this many failed attempts a message is no longer tried; its row keeps the last error. */
export const MAX_ATTEMPTS = 8;

/** The wait before the next attempt of a message that has failed `attempts` times; undefined: give up. */
export function retryDelay(attempts: number): number | undefined {
  if (attempts >= MAX_ATTEMPTS) return undefined;
  return RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1];
}
