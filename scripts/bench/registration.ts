import { performance } from 'node:perf_hooks';
import { findPostgresBin, startPostgres } from '../postgres-test-server.ts';
import { BENCH_CLIENT_HEADER } from './api-bench-routes.ts';
import { freshDatabase, signIn, startServer, stopServer } from './api.ts';

/**
 * `npm run bench -- registration`: registrants at once against the API on a
 * throwaway PostgreSQL, the API server in its own process (scripts/bench/api-server.ts). Each of
 * REGISTRANTS workers registers one person after another, every person from an address of their own
 * (the per-address limit is not what is measured). Prints registrations per second, latency
 * percentiles and the over-booking count (seats confirmed beyond the capacity, which must be 0).
 * Figures only, never pass/fail: a shared 2-core machine makes timings noisy.
 */
const REGISTRANTS = 50;
const PER_REGISTRANT = 20;
const CAPACITY = 300;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export async function benchRegistration(): Promise<void> {
  const bin = findPostgresBin();
  if (!bin) {
    console.log('\nRegistration bench: no PostgreSQL binaries found (PG_BIN or /usr/lib/postgresql); skipped.');
    return;
  }
  const postgres = await startPostgres(bin);
  try {
    const server = await startServer(await freshDatabase(postgres.url), undefined);
    try {
      const { token } = await signIn(server);
      const created = await fetch(`${server.origin}/api/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          title: 'Bench Registration Day',
          eventDate: '2099-01-01',
          startTime: '10:00',
          endTime: '13:00',
          location: 'Bench Hall',
          host: 'Bench',
          registrationMethod: 'Offline',
          fees: 0,
          banner: '/og-default.png',
          eventLink: 'https://example.org/bench',
          description: 'Bench event',
          registration: { mode: 'site', capacity: CAPACITY },
        }),
      });
      if (created.status !== 201) throw new Error(`bench event: ${created.status} ${await created.text()}`);
      const eventId = ((await created.json()) as { event: { id: string } }).event.id;

      const latencies: number[] = [];
      const statuses = new Map<string, number>();
      let person = 0;
      const worker = async () => {
        for (let i = 0; i < PER_REGISTRANT; i++) {
          const n = ++person;
          const started = performance.now();
          const res = await fetch(`${server.origin}/api/v1/events/${eventId}/registrations`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', [BENCH_CLIENT_HEADER]: `bench-registrant-${n}` },
            body: JSON.stringify({ fullName: `Registrant ${n}`, email: `registrant${n}@example.org`, consent: true }),
          });
          const body = (await res.json()) as { status?: string };
          latencies.push(performance.now() - started);
          const key = res.status === 201 ? `201 ${body.status}` : String(res.status);
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: REGISTRANTS }, worker));
      const seconds = (performance.now() - started) / 1000;

      const summary = (await (await fetch(`${server.origin}/api/v1/events/${eventId}/registration`)).json()) as {
        confirmed: number;
        waitlisted: number;
      };
      const sorted = [...latencies].sort((a, b) => a - b);
      const total = REGISTRANTS * PER_REGISTRANT;
      console.log(
        `\nRegistration on ${postgres.version.replace(/^postgres \(PostgreSQL\) /, 'PostgreSQL ')}: ` +
          `${REGISTRANTS} registrants at once, ${total} registrations for ${CAPACITY} seats`,
      );
      console.table({
        'registrations/s': Math.round(total / seconds),
        'p50 latency (ms)': Math.round(percentile(sorted, 50)),
        'p95 latency (ms)': Math.round(percentile(sorted, 95)),
        'max latency (ms)': Math.round(sorted.at(-1) ?? 0),
        confirmed: summary.confirmed,
        waitlisted: summary.waitlisted,
        'over-booking (confirmed beyond capacity)': Math.max(0, summary.confirmed - CAPACITY),
        answers: [...statuses].map(([status, count]) => `${status}: ${count}`).join(', '),
      });
    } finally {
      await stopServer(server);
    }
  } finally {
    postgres.stop();
  }
}
