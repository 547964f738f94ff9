import { serve, type HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { API_BASE } from '../../src/lib/api-base.ts';
import { createApi } from '../../src/server/app.ts';
import { bootstrap } from '../../src/server/runtime/bootstrap.ts';
import { loadConfig } from '../../src/server/config.ts';
import { roundTripCounter } from '../../src/server/db/round-trip-counter.ts';
import { createDeps } from '../../src/server/runtime/local-deps.ts';
import { BENCH_CLIENT_HEADER, STATS_PATH, type ServerStats } from './api-bench-routes.ts';

/**
 * The API server the bench loads, in its own process (`node scripts/bench/api-server.ts`), so the
 * figures describe the server and not the load generator. DATABASE_URL picks the database (memory:
 * for PGlite in memory, or a PostgreSQL URL); the sample data is seeded on start. Beside the API it
 * serves two bench-only routes, never part of the product app:
 *   GET /bare                 the bare Hono route the API is compared with;
 *   GET /__bench/stats        database round trips and CPU time spent so far (ServerStats).
 * Prints one JSON line when it listens: { port, account: { email, password } } (a sample chapter).
 */
const config = loadConfig({
  DATABASE_URL: process.env['DATABASE_URL'] ?? 'memory:',
  DATA_DIR: '.tmp/bench-api',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  ADMIN_EMAIL: 'admin@bench.example',
  ADMIN_PASSWORD: 'bench-admin-password',
  SAMPLE_DATA: '1',
});
const counter = roundTripCounter();
const deps = await createDeps(config, counter.wrap);
const { sample } = await bootstrap(deps.database.db, config);
if (!sample) throw new Error('the bench needs a fresh database to seed');
const api = createApi(deps);

const app = new Hono<{ Bindings: HttpBindings }>();
// Autocannon closes its sockets when its time is up, with requests still being answered.
let inFlight = 0;
app.get(STATS_PATH, (c) => {
  const { user, system } = process.cpuUsage();
  return c.json({ roundTrips: counter.count, cpuMicros: user + system, inFlight } satisfies ServerStats);
});
app.use(async (_, next) => {
  inFlight++;
  try {
    await next();
  } finally {
    inFlight--;
  }
});
app.get('/bare', (c) => c.json({ ok: true }));
app.all(`${API_BASE}/*`, (c) => {
  const client = c.req.header(BENCH_CLIENT_HEADER);
  const env = client ? { ...c.env, incoming: { socket: { remoteAddress: client } } } : c.env;
  return api.fetch(c.req.raw, env);
});

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const account = { email: sample.accounts.emails[0]!, password: sample.accounts.password };
console.log(JSON.stringify({ port: (server.address() as AddressInfo).port, account }));

// Stop cleanly on SIGTERM, so that `node --cpu-prof` writes its profile on the way out.
// Requests still in flight are answered first (closing the database under them would fail them).
process.once('SIGTERM', () => {
  server.close();
  const stop = setInterval(() => {
    if (inFlight > 0) return;
    clearInterval(stop);
    void deps.database.db.destroy().finally(() => process.exit(0));
  }, 20);
});
