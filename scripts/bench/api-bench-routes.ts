/** What the bench (scripts/bench/api.ts) and its API server (scripts/bench/api-server.ts) agree on. */

/** Bench-only route: how many database round trips the server has made so far, as { count }. */
export const ROUND_TRIPS_PATH = '/__bench/round-trips';

/**
 * BENCH ONLY: the bench server takes the address the contact form's rate limit counts from this
 * header, as if a trusted proxy in front had named the client (Netlify's edge does that in
 * production). Autocannon sends every request from 127.0.0.1, and the limit (5 per address per
 * 10 minutes) would answer 429 after five; this way each request is a new visitor and does the full
 * work. The product app never reads this header.
 */
export const BENCH_CLIENT_HEADER = 'x-bench-client-address';
