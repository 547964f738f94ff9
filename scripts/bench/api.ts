import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { findPostgresBin, startPostgres } from '../postgres-test-server.ts';
import { BENCH_CLIENT_HEADER, STATS_PATH, type ServerStats } from './api-bench-routes.ts';
import { selfTimeByOwner, topSelfTime, type SelfTime } from './cpu-profile.ts';

/**
 * The API under load from another process: scripts/bench/api-server.ts runs the real API (sample
 * data) in a child process, and autocannon drives it from this one (20 connections, a few seconds per
 * route), on PGlite in memory and on a throwaway PostgreSQL 15 when its binaries are installed. Each
 * route's database round trips are counted on one request of its own, inside the server. Every request
 * reaches the database: in production Netlify's CDN answers repeats of public reads (`npm run bench --
 * cdn` replays visitors through a model of it), so this is what a read costs on a CDN miss.
 *
 * BENCH_CPU_PROF=1 runs the server under `node --cpu-prof` and prints its top self-time functions;
 * BENCH_ROUTES=events,humans keeps only the routes whose names contain one of the words.
 */
const CONNECTIONS = 20;
const SECONDS = 5;
const WARM_UP_SECONDS = 1;
const PROFILE_DIR = resolve('.tmp/bench-api-profile');

type AutocannonRequest = autocannon.Request;

export interface Server {
  origin: string;
  account: { email: string; password: string };
  child: ChildProcess;
}

interface RouteContext {
  origin: string;
  token: string;
  slug: string;
}

interface Route {
  name: string;
  /** What autocannon sends; a function for requests that must differ each time. */
  request(context: RouteContext): AutocannonRequest;
}

let contactVisitor = 0;
let benchEvent = 0;

const routes: Route[] = [
  { name: 'GET /bare (Hono baseline)', request: () => ({ method: 'GET', path: '/bare' }) },
  { name: 'GET /api/v1/events', request: () => ({ method: 'GET', path: '/api/v1/events' }) },
  { name: 'GET /api/v1/humans', request: () => ({ method: 'GET', path: '/api/v1/humans' }) },
  { name: 'GET /api/v1/chapters/{slug}', request: ({ slug }) => ({ method: 'GET', path: `/api/v1/chapters/${slug}` }) },
  {
    name: 'POST /api/v1/contact',
    // Every request is a new visitor (see BENCH_CLIENT_HEADER), so none is turned away by the limit.
    request: () => ({
      method: 'POST',
      path: '/api/v1/contact',
      setupRequest: (request) => {
        const n = ++contactVisitor;
        return {
          ...request,
          headers: { 'content-type': 'application/json', [BENCH_CLIENT_HEADER]: `bench-visitor-${n}` },
          body: JSON.stringify({
            name: `Visitor ${n}`,
            email: `visitor${n}@example.com`,
            message: 'Benchmark message',
          }),
        };
      },
    }),
  },
  {
    // Last: it adds events, which would make the events lists above longer.
    name: 'POST /api/v1/events (signed in)',
    request: ({ token }) => ({
      method: 'POST',
      path: '/api/v1/events',
      setupRequest: (request) => ({
        ...request,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          title: `Bench Workshop ${++benchEvent}`,
          eventDate: '2031-03-10',
          startTime: '10:00',
          endTime: '13:00',
          location: 'BUET Auditorium, Dhaka',
          host: 'IEEE CS BDC',
          registrationMethod: 'Online',
          fees: 0,
          banner: 'https://images.example.com/banner.webp',
          eventLink: 'https://events.example.com/bench',
          description: 'A workshop the bench adds.',
        }),
      }),
    }),
  },
];

interface Row {
  rps: number;
  p50: number;
  p975: number;
  /** Database round trips of one request of the route. */
  roundTrips: number;
  /** Server CPU time (user + system) per answered request: steadier than req/s on a busy machine. */
  cpuMsPerRequest: number;
  statuses: string;
}

export async function startServer(databaseUrl: string, profileDir: string | undefined): Promise<Server> {
  const flags = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...flags, 'scripts/bench/api-server.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`bench API server exited (${code}) before it listened`))),
  );
  const firstLine = new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  const ready = JSON.parse(await Promise.race([firstLine, exited])) as Omit<Server, 'origin' | 'child'> & {
    port: number;
  };
  return { origin: `http://127.0.0.1:${ready.port}`, account: ready.account, child };
}

export async function stopServer(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

export async function signIn({ origin, account }: Server): Promise<{ token: string; slug: string }> {
  const res = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const body = (await res.json()) as { token?: string; userInfo?: { slug?: string } };
  if (!res.ok || !body.token || !body.userInfo?.slug) throw new Error(`bench sign-in failed: ${res.status}`);
  return { token: body.token, slug: body.userInfo.slug };
}

async function statsOf(origin: string): Promise<ServerStats> {
  return (await (await fetch(`${origin}${STATS_PATH}`)).json()) as ServerStats;
}

/** The server's figures once it has answered everything autocannon left in flight. */
async function settledStats(origin: string): Promise<ServerStats> {
  for (;;) {
    const stats = await statsOf(origin);
    if (stats.inFlight === 0) return stats;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Sends the route's request once, alone, and counts the round trips the server made for it. */
async function roundTripsOf(origin: string, request: AutocannonRequest): Promise<number> {
  const sent = typeof request.setupRequest === 'function' ? request.setupRequest(request, {}) : request;
  const before = (await statsOf(origin)).roundTrips;
  const res = await fetch(`${origin}${sent.path}`, {
    method: sent.method ?? 'GET',
    ...(sent.headers ? { headers: sent.headers as Record<string, string> } : {}),
    ...(sent.body ? { body: String(sent.body) } : {}),
  });
  if (!res.ok) throw new Error(`${sent.method} ${sent.path} answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  return (await statsOf(origin)).roundTrips - before;
}

async function benchRoutes(server: Server, chosen: Route[]): Promise<Map<string, Row>> {
  const context = { origin: server.origin, ...(await signIn(server)) };
  const requests = chosen.map((route) => route.request(context));
  // Counted first, one request at a time on an idle server: after a load run the server is still
  // answering the requests autocannon left in flight, and their round trips would be counted too.
  const roundTrips: number[] = [];
  for (const request of requests) roundTrips.push(await roundTripsOf(server.origin, request));
  const rows = new Map<string, Row>();
  for (const [i, route] of chosen.entries()) {
    const request = requests[i]!;
    const run = (duration: number) =>
      autocannon({ url: server.origin, connections: CONNECTIONS, duration, requests: [request] });
    await run(WARM_UP_SECONDS);
    const before = await settledStats(server.origin);
    const r = await run(SECONDS);
    const after = await settledStats(server.origin);
    const statusCounts = Object.entries(r.statusCodeStats ?? {}).map(
      ([status, { count }]) => [status, count ?? 0] as const,
    );
    const answered = statusCounts.reduce((n, [, count]) => n + count, 0);
    const statuses = statusCounts.map(([status, count]) => `${status}×${count}`).join(' ');
    rows.set(route.name, {
      rps: r.requests.average,
      p50: r.latency.p50,
      p975: r.latency.p97_5,
      roundTrips: roundTrips[i]!,
      cpuMsPerRequest: (after.cpuMicros - before.cpuMicros) / 1000 / answered,
      statuses: statuses + (r.errors ? ` errors×${r.errors}` : ''),
    });
  }
  return rows;
}

function printProfile(dir: string, database: string) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const print = ({ where, ms, share }: SelfTime) =>
      console.log(`${(share * 100).toFixed(1).padStart(5)}% ${ms.toFixed(0).padStart(7)} ms  ${where}`);
    console.log(`\nAPI server CPU profile on ${database} (${join(dir, file)}): self time by owner`);
    selfTimeByOwner(join(dir, file)).forEach(print);
    console.log('top functions by self time');
    topSelfTime(join(dir, file)).forEach(print);
  }
}

function printTable(title: string, results: [string, Map<string, Row>][], chosen: Route[]) {
  const cell = 44;
  console.log(`\n${title}`);
  console.log(''.padEnd(34), ...results.map(([db]) => db.padEnd(cell)));
  const header = `${'req/s'.padStart(7)} ${'p50'.padStart(4)} ${'p97.5'.padStart(5)} ${'×bare'.padStart(6)} ${'cpu ms'.padStart(7)} ${'trips'.padStart(5)}`;
  console.log('route'.padEnd(34), ...results.map(() => header.padEnd(cell)));
  for (const route of chosen.filter((r) => results.every(([, rows]) => rows.has(r.name)))) {
    const cells = results.map(([, rows]) => {
      const row = rows.get(route.name)!;
      const bare = rows.get(routes[0]!.name);
      const ratio = bare ? (row.rps / bare.rps).toFixed(3) : '';
      return `${row.rps.toFixed(0).padStart(7)} ${String(row.p50).padStart(4)} ${String(row.p975).padStart(5)} ${ratio.padStart(6)} ${row.cpuMsPerRequest.toFixed(3).padStart(7)} ${String(row.roundTrips).padStart(5)}`.padEnd(
        cell,
      );
    });
    console.log(route.name.padEnd(34), ...cells);
  }
  console.log(
    '(p50, p97.5: latency in ms; cpu ms: the server process’s CPU time per request, the database server’s not included; trips: database round trips of one request alone)',
  );
  for (const [db, rows] of results) {
    console.log(`${db}: ${[...rows].map(([name, r]) => `${name.split(' (')[0]} ${r.statuses}`).join('; ')}`);
  }
}

let databasesMade = 0;

/** Each server seeds its own sample data: a new database on the PostgreSQL server, a new PGlite in memory. */
export async function freshDatabase(url: string): Promise<string> {
  if (url === 'memory:') return url;
  const { default: pg } = await import('pg');
  const name = `bench_${++databasesMade}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return fresh.href;
}

export async function benchApi(): Promise<void> {
  const words = process.env['BENCH_ROUTES']?.split(',').filter(Boolean);
  const chosen = words ? routes.filter((r, i) => i === 0 || words.some((w) => r.name.includes(w))) : routes;
  const profiling = process.env['BENCH_CPU_PROF'] === '1';

  const bin = findPostgresBin();
  const postgres = bin ? await startPostgres(bin) : undefined;
  const databases: [string, string][] = [['PGlite (in memory)', 'memory:']];
  if (postgres) databases.push([postgres.version.replace(/^postgres \(PostgreSQL\) /, 'PostgreSQL '), postgres.url]);
  else console.log('\nNo PostgreSQL binaries found (PG_BIN or /usr/lib/postgresql): PGlite only.');

  const results: [string, Map<string, Row>][] = [];
  try {
    for (const [name, url] of databases) {
      const label = name.split(' (')[0]!;
      const profileDir = profiling ? join(PROFILE_DIR, label.replace(/\W+/g, '-').toLowerCase()) : undefined;
      if (profileDir) {
        rmSync(profileDir, { recursive: true, force: true });
        mkdirSync(profileDir, { recursive: true });
      }
      const server = await startServer(await freshDatabase(url), profileDir);
      try {
        results.push([name, await benchRoutes(server, chosen)]);
      } finally {
        await stopServer(server);
      }
      if (profileDir) printProfile(profileDir, label);
    }
  } finally {
    postgres?.stop();
  }
  const setting = `autocannon in the bench process, the server in its own (${CONNECTIONS} connections, ${SECONDS} s per route after ${WARM_UP_SECONDS} s warm-up; sample data)`;
  printTable(`API over loopback, every request to the database (a CDN miss): ${setting}`, results, chosen);
}
