import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { createApi } from '../../src/server/app.ts';
import { bootstrap } from '../../src/server/bootstrap.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createDeps } from '../../src/server/runtime.ts';
import { load, type LoadResult } from './load.ts';

/**
 * GET /api/v1/events and POST /api/v1/contact on the real API (PGlite in memory, sample data), next
 * to a bare Hono route on the same server, so the ratio shows what our code and the database cost.
 */
export async function benchApi(): Promise<void> {
  const config = loadConfig({
    DATABASE_URL: 'memory:',
    DATA_DIR: '.tmp/bench',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    SAMPLE_DATA: '1',
  });
  const deps = await createDeps(config);
  await bootstrap(deps.database.db, config);
  const api = createApi(deps);
  const app = new Hono();
  app.get('/bare', (c) => c.json({ ok: true }));
  app.all('/api/v1/*', (c) => api.fetch(c.req.raw, c.env));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((r) => server.once('listening', () => r()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const rows: [string, LoadResult][] = [];
  // Warm-up, then bounded runs.
  await load({ url: `${origin}/api/v1/events`, requests: 100, concurrency: 8 });
  rows.push(['GET /bare (Hono baseline)', await load({ url: `${origin}/bare`, requests: 3000, concurrency: 16 })]);
  rows.push(['GET /api/v1/events', await load({ url: `${origin}/api/v1/events`, requests: 1500, concurrency: 16 })]);
  // The contact form allows 5 messages per address per 10 minutes: spread over 300 loopback addresses.
  const sources = Array.from({ length: 300 }, (_, i) => `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`);
  let n = 0;
  rows.push([
    'POST /api/v1/contact',
    await load({
      url: `${origin}/api/v1/contact`,
      method: 'POST',
      body: () =>
        JSON.stringify({ name: `Bench ${++n}`, email: `bench${n}@example.com`, message: 'Benchmark message' }),
      requests: 1200,
      concurrency: 16,
      sourceAddresses: sources,
    }),
  ]);

  const bare = rows[0]![1];
  console.log('\nAPI over loopback (PGlite in memory, sample data; 16 concurrent requests)');
  console.log(
    'route'.padEnd(28),
    'req/s'.padStart(9),
    'p50 ms'.padStart(9),
    'p95 ms'.padStart(9),
    'vs bare'.padStart(9),
    ' statuses',
  );
  for (const [name, r] of rows) {
    console.log(
      name.padEnd(28),
      r.rps.toFixed(0).padStart(9),
      r.p50.toFixed(2).padStart(9),
      r.p95.toFixed(2).padStart(9),
      `${(bare.rps / r.rps).toFixed(1)}x`.padStart(9),
      ` ${JSON.stringify(r.statuses)}`,
    );
  }
  await new Promise<void>((r) => server.close(() => r()));
  await deps.database.db.destroy();
}
