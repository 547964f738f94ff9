import { serve, type HttpBindings } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { netlifyPageCache } from '../../src/server/runtime/netlify-page-cache.ts';
import { loadConfig } from '../../src/server/config.ts';
import { providePageDeps } from '../../src/server/runtime/page-deps.ts';
import { bootstrap } from '../../src/server/runtime/bootstrap.ts';
import { createDeps } from '../../src/server/runtime/local-deps.ts';
import { createServerApp, serverFetch } from '../../src/server/runtime/server-app.ts';
import { startCdnModel, type CdnModel } from '../../tests/netlify/cdn-model/cdn-model.ts';
import { buildIfNeeded } from '../build-if-needed.ts';
import { functionPathTest } from '../netlify/adapt-routes.ts';
import { freePort } from '../postgres-test-server.ts';

/**
 * Visitors replayed through the model of Netlify's CDN (tests/netlify/cdn-model), in front of the real
 * site and API (the local server on PGlite with the sample data; its writes purge the model as a
 * Netlify function's do). A seeded trace of page views, each with the API reads its islands make,
 * feed readers, tracking parameters (fbclid, utm_*, gclid) on a third of the shared links, and a few
 * staff sessions editing events meanwhile. Time is simulated: a request every two seconds on average,
 * so copies expire (s-maxage) and are served stale while they refresh, as they would on Netlify.
 *
 * Prints: the share of anonymous GETs the model answered (goal: at least 95%), the function
 * invocations it cost, and how many staff reads were answered from a shared copy (goal: 0).
 */
const REQUESTS = Number(process.env['BENCH_CDN_REQUESTS'] ?? 2_000);
const MEAN_GAP_MS = 2_000;
const STAFF_SESSIONS = 4;
const PURGE = { token: 'bench-purge-token', siteId: 'bench-site' };

/**
 * BENCH_CDN_HEADERS=old replays the same trace with the CDN headers the site sent before its caching
 * rework (commit 89aaf55): no Netlify-Vary anywhere, and of the API's answers only the roster lists tagged.
 * Only the headers differ: the figures compare what the CDN can do with each.
 */
const OLD_HEADERS = process.env['BENCH_CDN_HEADERS'] === 'old';

/** The on-demand pages write their headers to the Node response themselves: Netlify-Vary is kept out there. */
function dropNetlifyVary(outgoing: HttpBindings['outgoing']) {
  const setHeader = outgoing.setHeader.bind(outgoing);
  outgoing.setHeader = (name, value) => (name.toLowerCase() === 'netlify-vary' ? outgoing : setHeader(name, value));
  const writeHead = outgoing.writeHead.bind(outgoing) as (...args: unknown[]) => typeof outgoing;
  outgoing.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.find((arg) => typeof arg === 'object' && arg !== null);
    if (Array.isArray(headers)) {
      const flat = headers.flat() as unknown[];
      const kept = flat.filter((_, i) => String(flat[i - (i % 2)]).toLowerCase() !== 'netlify-vary');
      return writeHead(status, ...rest.map((arg) => (arg === headers ? kept : arg)));
    }
    if (headers)
      for (const name of Object.keys(headers))
        if (name.toLowerCase() === 'netlify-vary') delete (headers as Record<string, unknown>)[name];
    return writeHead(status, ...rest);
  }) as typeof outgoing.writeHead;
}

function asBefore(path: string, res: Response): Response {
  const headers = new Headers(res.headers);
  headers.delete('Netlify-Vary');
  if (path.startsWith('/api/') && path !== '/api/v1/members') headers.delete('Netlify-Cache-Tag');
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/** A small seeded PRNG (mulberry32): the same trace on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Sample {
  eventIds: string[];
  chapterSlugs: string[];
  postSlugs: string[];
}

/** A page a visitor opens, and the API reads its islands make once it has loaded. */
function pageViews(sample: Sample): { weight: number; visit: (pick: <T>(list: T[]) => T) => string[] }[] {
  return [
    { weight: 14, visit: () => ['/', '/api/v1/events'] },
    { weight: 14, visit: () => ['/events', '/api/v1/events?when=upcoming', '/api/v1/events?when=past&page=1'] },
    { weight: 18, visit: (pick) => [`/events/${pick(sample.eventIds)}`] },
    { weight: 10, visit: (pick) => [`/chapter/${pick(sample.chapterSlugs)}`] },
    { weight: 8, visit: () => ['/blogs'] },
    { weight: 8, visit: (pick) => [`/blogs/${pick(sample.postSlugs)}`] },
    { weight: 6, visit: () => ['/humans-of-ieee-cs-bdc', '/api/v1/humans'] },
    {
      weight: 8,
      visit: (pick) => {
        const committee = pick(['SPARK', 'SAC', 'GSM']);
        return [`/${committee.toLowerCase()}-24`, `/api/v1/members?year=2024&committee=${committee}`];
      },
    },
    { weight: 8, visit: (pick) => [pick(['/about', '/membership', '/contact', '/awards', '/chapters', '/excom-25'])] },
    { weight: 4, visit: (pick) => [pick(['/api/v1/events.ics', '/api/v1/events.rss', '/api/v1/blog.rss'])] },
  ];
}

const TRACKING = ['fbclid=IwAR0', 'utm_source=facebook&utm_medium=social', 'gclid=Cj0KCQ', 'utm_campaign=ieee-day'];

function withTracking(url: string, tag: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${tag}`;
}

interface Tally {
  anonymousGets: number;
  answeredByCdn: number;
  /** Misses with no copy at all (an address's first request), and misses of a purged or expired copy. */
  coldMisses: number;
  staleMisses: number;
  staffReads: number;
  staffReadsFromSharedCopy: number;
  writes: number;
  /** Visitors' reads right after a staff edit, and how many of them still showed the old data. */
  readsAfterEdit: number;
  staleAfterEdit: string[];
}

async function get(cdn: CdnModel, url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${cdn.url}${url}`, { headers, redirect: 'manual' });
  await res.arrayBuffer();
  return res.headers.get('cache-status') ?? '';
}

export async function benchCdn(): Promise<void> {
  buildIfNeeded();
  process.env['NETLIFY_PURGE_API_TOKEN'] = PURGE.token;
  process.env['SITE_ID'] = PURGE.siteId;
  const config = loadConfig({
    DATABASE_URL: 'memory:',
    DATA_DIR: resolve('.tmp/bench-cdn'),
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    ADMIN_EMAIL: 'admin@bench.example',
    ADMIN_PASSWORD: 'bench-admin-password',
    SAMPLE_DATA: '1',
  });
  let clock = Date.UTC(2026, 10, 25, 6);
  // The model starts after the server (it needs the server's address); its purge API's port is known before.
  const purgePort = await freePort();
  const deps = { ...(await createDeps(config)), pageCache: netlifyPageCache(`http://127.0.0.1:${purgePort}`) };
  const { sample } = await bootstrap(deps.database.db, config);
  if (!sample) throw new Error('the CDN bench needs a fresh database to seed');
  providePageDeps(deps);
  const app = await createServerApp(deps, resolve('dist'));
  const servedByFunction = functionPathTest();
  let invocations = 0;
  const fetchOnce = serverFetch(app);
  const server = serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: async (request, env) => {
      const path = new URL(request.url).pathname;
      if (servedByFunction(path)) invocations++;
      if (OLD_HEADERS) dropNetlifyVary((env as HttpBindings).outgoing);
      const res = await fetchOnce(request, env);
      return OLD_HEADERS && path.startsWith('/api/') ? asBefore(path, res) : res;
    },
  });
  await new Promise<void>((done) => server.once('listening', () => done()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cdn = await startCdnModel({
    origin,
    purgePort,
    purgeToken: PURGE.token,
    siteId: PURGE.siteId,
    now: () => clock,
    servedByFunction,
  });

  try {
    const events = (await (await fetch(`${origin}/api/v1/events`)).json()) as {
      events: { id: string; chapterSlug: string }[];
    };
    const posts = (await (await fetch(`${origin}/api/v1/blog/posts`)).json()) as { posts: { slug: string }[] };
    const views = pageViews({
      eventIds: events.events.map((e) => e.id),
      chapterSlugs: [...new Set(events.events.map((e) => e.chapterSlug))],
      postSlugs: posts.posts.map((p) => p.slug),
    });
    const rand = random(20261125);
    const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)]!;
    const totalWeight = views.reduce((n, v) => n + v.weight, 0);
    const chooseView = () => {
      let r = rand() * totalWeight;
      for (const view of views) if ((r -= view.weight) < 0) return view;
      return views[0]!;
    };

    // Staff sessions start at spread-out moments; each signs in, opens its events, edits one, reopens it.
    let staffSessions = 0;
    const nextStaffAt = () => Math.floor(((staffSessions + 0.5) * REQUESTS) / STAFF_SESSIONS);
    const tally: Tally = {
      ...{ anonymousGets: 0, answeredByCdn: 0, coldMisses: 0, staleMisses: 0 },
      ...{ staffReads: 0, staffReadsFromSharedCopy: 0, writes: 0 },
      ...{ readsAfterEdit: 0, staleAfterEdit: [] as string[] },
    };
    let sent = 0;
    while (sent < REQUESTS) {
      clock += Math.round(-Math.log(1 - rand()) * MEAN_GAP_MS);
      if (staffSessions < STAFF_SESSIONS && sent >= nextStaffAt()) {
        staffSessions++;
        sent += await staffSession(cdn, origin, config.admin.email, config.admin.password!, tally);
        continue;
      }
      const tracked = rand() < 1 / 3 ? pick(TRACKING) : undefined;
      const [page, ...reads] = chooseView().visit(pick);
      for (const url of [tracked ? withTracking(page!, tracked) : page!, ...reads]) {
        const status = await get(cdn, url);
        tally.anonymousGets++;
        if (/; hit/.test(status)) tally.answeredByCdn++;
        else if (/fwd=stale/.test(status)) tally.staleMisses++;
        else tally.coldMisses++;
        sent++;
      }
    }
    await cdn.settled();

    const ratio = (tally.answeredByCdn / tally.anonymousGets) * 100;
    console.log(
      `\nCDN model replay${OLD_HEADERS ? ', with the headers of 89aaf55' : ''} (${sent} requests over ${((clock - Date.UTC(2026, 10, 25, 6)) / 60_000).toFixed(0)} simulated minutes; pages, their API reads and feeds; tracking parameters on a third; ${STAFF_SESSIONS} staff sessions editing):`,
    );
    console.log(
      `  anonymous GETs answered by the CDN: ${tally.answeredByCdn} of ${tally.anonymousGets} (${ratio.toFixed(1)}%; goal ≥ 95%)`,
    );
    console.log(
      `  misses: ${tally.coldMisses} first requests of an address no copy could answer, ${tally.staleMisses} after a purge or expiry`,
    );
    console.log(
      `  function invocations: ${invocations} (API and on-demand pages, background refreshes included; ${tally.writes} staff writes)`,
    );
    console.log(
      `  staff reads answered from a shared copy: ${tally.staffReadsFromSharedCopy} of ${tally.staffReads} (goal: 0)`,
    );
    console.log(
      `  visitors' reads right after a staff edit that still showed the old data: ${tally.staleAfterEdit.length} of ${tally.readsAfterEdit} (goal: 0)${tally.staleAfterEdit.length ? `: ${tally.staleAfterEdit.join(', ')}` : ''}`,
    );
    console.log(`  purges: ${cdn.stats().purges}; static files and assets not counted (every browser fetches them)`);
  } finally {
    await cdn.stop();
    await new Promise<void>((done) => server.close(() => done()));
    await deps.database.db.destroy();
  }
}

/** One staff session: sign in, the dashboard's reads, an edit, the edited event reopened. Returns its request count. */
async function staffSession(cdn: CdnModel, origin: string, email: string, password: string, tally: Tally) {
  const login = await fetch(`${cdn.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { token } = (await login.json()) as { token?: string };
  if (!token) throw new Error(`staff sign-in failed: ${login.status}`);
  const cookie = { cookie: `token=${token}` };
  const read = async (url: string) => {
    tally.staffReads++;
    if (/; hit/.test(await get(cdn, url, cookie))) tally.staffReadsFromSharedCopy++;
  };
  const mine = (await (await fetch(`${cdn.url}/api/v1/events/myevents`, { headers: cookie })).json()) as {
    events: { id: string; title: string }[];
  };
  tally.staffReads++;
  const event = mine.events[tally.writes % mine.events.length];
  if (!event) return 2;
  await read(`/api/v1/events/${event.id}`);
  const edit = await fetch(`${cdn.url}/api/v1/events/${event.id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...cookie },
    body: JSON.stringify({ title: `${event.title.replace(/ \(edited\)$/, '')} (edited)` }),
  });
  await edit.arrayBuffer();
  tally.writes++;
  await read(`/api/v1/events/${event.id}`);
  await read('/api/v1/events');
  // Visitors right after the edit: what the CDN hands them, against what the site now says.
  for (const url of [`/api/v1/events/${event.id}`, '/api/v1/events', `/events/${event.id}`]) {
    const [viaCdn, now] = await Promise.all([fetch(`${cdn.url}${url}`), fetch(`${origin}${url}`)]);
    tally.readsAfterEdit++;
    // Pages name the address they were asked at (canonical, Open Graph, the .ics link): the model's, or
    // the origin's.
    const asked = (await viaCdn.text())
      .replaceAll(cdn.url, origin)
      .replaceAll(encodeURIComponent(cdn.url), encodeURIComponent(origin));
    if (asked !== (await now.text())) tally.staleAfterEdit.push(`${url} (${viaCdn.headers.get('cache-status')})`);
  }
  return 9;
}
