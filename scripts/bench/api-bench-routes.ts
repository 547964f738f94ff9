/** What the bench (scripts/bench/api.ts) and its API server (scripts/bench/api-server.ts) agree on. */

/**
 * Bench-only route: what the server has spent so far, as ServerStats. CPU time per request is the
 * figure least moved by other work on a shared machine (req/s falls when another process takes a core).
 */
export const STATS_PATH = '/__bench/stats';

export interface ServerStats {
  /** Database round trips made so far. */
  roundTrips: number;
  /** The server process's CPU time so far (user + system), in microseconds. */
  cpuMicros: number;
  /** Requests being answered right now. */
  inFlight: number;
}

/**
 * BENCH ONLY: the bench server takes the address the contact form's rate limit counts from this
 * header, as if a trusted proxy in front had named the client (Netlify's edge does that in
 * production). Autocannon sends every request from 127.0.0.1, and the limit (5 per address per
 * 10 minutes) would answer 429 after five; this way each request is a new visitor and does the full
 * work. The product app never reads this header.
 */
export const BENCH_CLIENT_HEADER = 'x-bench-client-address';
