import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApi } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { createDeps } from '../../src/server/runtime/local-deps.ts';
import { bootstrap } from '../../src/server/runtime/bootstrap.ts';
import { roundTripCounter } from '../../src/server/db/round-trip-counter.ts';
import type { ApiDeps } from '../../src/server/deps.ts';
import type { PageCache } from '../../src/server/caching/page-cache.ts';
import { createTestDatabase } from './test-database.ts';

export const ADMIN = { email: 'admin@test.example', password: 'admin-password-123' };

export interface TestApi {
  /** http://127.0.0.1:PORT */
  origin: string;
  deps: ApiDeps;
  db: ApiDeps['database']['db'];
  /** Database round trips the server has made so far (statements, BEGIN and COMMIT each count). */
  roundTrips(): number;
  /** The API's routes, as Hono registered them (method and full path). */
  routes: readonly { method: string; path: string }[];
  /** fetch relative to /api/v1, e.g. call('/health'). */
  call(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface TestApiOptions {
  /** The CDN page cache the API purges after staff edits (default: none, as on the local server). */
  pageCache?: PageCache;
  /** The server's clock (default: the real one), for answers that depend on the date. */
  now?: () => Date;
  /** Another test API's database, shared (a second server on one PostgreSQL); it drops it, not this one. */
  database?: TestApi['deps']['config']['database'];
}

/** A real HTTP server around the API on a free port, with its own fresh database and admin. */
export async function startTestApi(overrides: Partial<Config> = {}, options: TestApiOptions = {}): Promise<TestApi> {
  const testDb = options.database
    ? { target: options.database, drop: async () => {} }
    : await createTestDatabase({ startMigrated: true });
  const base = loadConfig({
    DATA_DIR: '.tmp/test-data',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-1234',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SAMPLE_DATA: '0',
  });
  const config: Config = Object.freeze({ ...base, database: testDb.target, ...overrides });
  const counter = roundTripCounter();
  const deps = {
    ...(await createDeps(config, counter.wrap, options.now ? { now: options.now } : {})),
    ...(options.pageCache ? { pageCache: options.pageCache } : {}),
  };
  await bootstrap(deps.database.db, config);
  const api = createApi(deps);
  const server = serve({ fetch: api.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // No SITE_URL in the tests: the links the site writes are on this server's own address, as locally.
  deps.site.useOwnAddress(origin);
  return {
    origin,
    deps,
    db: deps.database.db,
    roundTrips: () => counter.count,
    routes: api.routes,
    call: (path, init) => fetch(`${origin}/api/v1${path}`, init),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // A delivery the routes kicked finishes before its database goes.
      await deps.mail.idle();
      deps.mail.close();
      await deps.database.db.destroy();
      await testDb.drop();
    },
  };
}

/** JSON request options, optionally with a bearer token. */
export function json(method: string, body?: unknown, token?: string): RequestInit {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers['authorization'] = `Bearer ${token}`;
  return { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) };
}

export async function login(api: TestApi, email: string, password: string): Promise<string> {
  const res = await api.call('/auth/login', json('POST', { email, password }));
  const body = (await res.json()) as { token?: string; message?: string };
  if (!res.ok || !body.token) throw new Error(`login failed for ${email}: ${res.status} ${body.message}`);
  return body.token;
}

export const adminToken = (api: TestApi) => login(api, ADMIN.email, ADMIN.password);

/** Creates a chapter account through the API and signs it in. */
export async function createChapter(api: TestApi, admin: string, name: string, slug: string) {
  const email = `${slug}@example.org`;
  const password = `${slug}-password`;
  const res = await api.call('/users', json('POST', { name, email, password, phone: '+8801711000000', slug }, admin));
  if (res.status !== 201) throw new Error(`create chapter ${slug}: ${res.status} ${await res.text()}`);
  return { email, password, slug, token: await login(api, email, password) };
}

export const sampleEvent = (overrides: Record<string, unknown> = {}) => ({
  title: 'Intro to Rust Workshop',
  eventDate: '2030-03-10',
  startTime: '10:00',
  endTime: '13:00',
  location: 'BUET Auditorium, Dhaka',
  host: 'IEEE CS BDC',
  registrationMethod: 'Online',
  fees: 0,
  banner: 'https://images.example.com/banner.webp',
  eventLink: 'https://events.example.com/rust',
  description: 'Line one\nLine two',
  ...overrides,
});

export const sampleChapterInfo = (overrides: Record<string, unknown> = {}) => ({
  logo: '/sample/logo.webp',
  shortDescription: 'Computing at Alpha University',
  websiteUrl: 'https://alpha.example.org',
  facebookUrl: 'https://www.facebook.com/alpha',
  linkedinUrl: 'https://www.linkedin.com/company/alpha',
  aboutUs: 'We run workshops.',
  videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  ...overrides,
});

export const sampleExcomMember = (overrides: Record<string, unknown> = {}) => ({
  name: 'Nusrat Jahan',
  designation: 'Chair',
  affiliation: 'Alpha University',
  image: '/sample/p1.webp',
  email: 'nusrat@example.com',
  ...overrides,
});
