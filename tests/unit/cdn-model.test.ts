import { createServer, request, type IncomingMessage, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { purgeCache } from '@netlify/functions';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCdnModel, type CdnModel } from '../netlify/cdn-model/cdn-model.ts';

/** What the origin answers: a status, headers and a body, chosen from the request. */
type Route = (req: IncomingMessage) => { status?: number; headers?: OutgoingHttpHeaders; body?: string };

const SHARED = { 'Netlify-CDN-Cache-Control': 'public, s-maxage=60', 'Cache-Control': 'public, no-cache' };
const TOKEN = 'purge-token';
const SITE = 'site-1';

let origin: Server;
let originUrl: string;
let route: Route;
/** Requests the origin received, with the address it saw them come from. */
let seen: { method: string; url: string; forwardedFor: string | undefined; remote: string | undefined }[];
let cdn: CdnModel;
let clock: number;

beforeAll(async () => {
  origin = createServer((req, res) => {
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      forwardedFor: req.headers['x-forwarded-for'] as string | undefined,
      remote: req.socket.remoteAddress,
    });
    req.resume();
    req.on('end', () => {
      const answer = route(req);
      res.writeHead(answer.status ?? 200, { 'Content-Type': 'text/plain', ...answer.headers });
      res.end(answer.body ?? `answer ${seen.length}`);
    });
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => origin.close(() => resolve())));

beforeEach(async () => {
  seen = [];
  route = () => ({ headers: SHARED });
  clock = Date.UTC(2026, 0, 1);
  cdn = await startCdnModel({ origin: originUrl, purgeToken: TOKEN, siteId: SITE, now: () => clock });
});

afterEach(async () => {
  await cdn.stop();
  vi.unstubAllEnvs();
});

interface Call {
  method?: string;
  headers?: Record<string, string>;
  /** The client's own address (any 127.x.y.z works on Linux's loopback). */
  from?: string;
  body?: string;
}

/** One request to the model: status, headers (lower-cased names) and body. */
function call(path: string, { method = 'GET', headers = {}, from, body }: Call = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = request(`${cdn.url}${path}`, { method, headers, ...(from ? { localAddress: from } : {}) }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    },
  );
}

const statusOf = async (path: string, options?: Call) => (await call(path, options)).headers['cache-status'];
const HIT = '"Netlify Edge"; hit';
const MISS = '"Netlify Edge"; fwd=miss';
const STALE_MISS = '"Netlify Edge"; fwd=stale';
const STALE_HIT = '"Netlify Edge"; hit; fwd=stale';

describe('the CDN model: what it keeps and for how long', () => {
  it('answers the second GET from its copy, with the CDN-only headers removed', async () => {
    const first = await call('/a');
    const second = await call('/a');
    expect(first.headers['cache-status']).toBe(MISS);
    expect(second.headers['cache-status']).toBe(HIT);
    expect(second.body).toBe(first.body);
    expect(second.headers['cache-control']).toBe('public, no-cache');
    expect(second.headers['netlify-cdn-cache-control']).toBeUndefined();
    expect(second.headers['age']).toBe('0');
    expect(seen).toHaveLength(1);
    expect(cdn.stats()).toEqual({ hits: 1, staleServed: 0, misses: 1, originRequests: 1, purges: 0 });
  });

  it('never keeps or serves a copy for other methods', async () => {
    expect(await statusOf('/a', { method: 'POST', body: '{}' })).toBe(MISS);
    expect(await statusOf('/a', { method: 'POST', body: '{}' })).toBe(MISS);
    expect(await statusOf('/a', { method: 'HEAD' })).toBe(MISS);
    expect(await statusOf('/a')).toBe(MISS);
    expect(await statusOf('/a', { method: 'HEAD' })).toBe(MISS);
    expect(seen.map((r) => r.method)).toEqual(['POST', 'POST', 'HEAD', 'GET', 'HEAD']);
    expect(cdn.log().map((line) => line.cache)).toEqual(['pass', 'pass', 'pass', 'miss', 'pass']);
  });

  it('keeps a copy for s-maxage, then asks the origin again', async () => {
    await call('/a');
    clock += 59_000;
    expect(await statusOf('/a')).toBe(HIT);
    clock += 1_000;
    const expired = await call('/a');
    expect(expired.headers['cache-status']).toBe(STALE_MISS);
    expect(expired.body).toBe('answer 2');
    expect(await statusOf('/a')).toBe(HIT);
  });

  it('serves a stale copy within stale-while-revalidate and refreshes it in the background', async () => {
    route = () => ({ headers: { 'Netlify-CDN-Cache-Control': 's-maxage=60, stale-while-revalidate=300, durable' } });
    await call('/a');
    clock += 61_000;
    const stale = await call('/a');
    expect(stale.headers['cache-status']).toBe(STALE_HIT);
    expect(stale.body).toBe('answer 1');
    expect(stale.headers['age']).toBe('61');
    await cdn.settled();
    const fresh = await call('/a');
    expect(fresh.headers['cache-status']).toBe(HIT);
    expect(fresh.body).toBe('answer 2');
    // Past s-maxage plus stale-while-revalidate, the copy is not served at all.
    clock += 360_000;
    expect(await statusOf('/a')).toBe(STALE_MISS);
    expect(cdn.stats()).toMatchObject({ hits: 1, staleServed: 1, misses: 2, originRequests: 3 });
  });

  it('reads Netlify-CDN-Cache-Control first, then CDN-Cache-Control, then Cache-Control, each whole', async () => {
    const headers: Record<string, OutgoingHttpHeaders> = {
      '/netlify': {
        'Netlify-CDN-Cache-Control': 'no-store',
        'CDN-Cache-Control': 's-maxage=60',
        'Cache-Control': 's-maxage=60',
      },
      '/cdn': { 'CDN-Cache-Control': 'private', 'Cache-Control': 'public, s-maxage=60' },
      '/cdn-kept': { 'CDN-Cache-Control': 'public, max-age=60', 'Cache-Control': 'no-store' },
      '/plain': { 'Cache-Control': 'public, max-age=60' },
    };
    route = (req) => ({ headers: headers[req.url ?? ''] ?? {} });
    for (const path of Object.keys(headers)) await call(path);
    expect(await statusOf('/netlify')).toBe(MISS);
    expect(await statusOf('/cdn')).toBe(MISS);
    const kept = await call('/cdn-kept');
    expect(kept.headers['cache-status']).toBe(HIT);
    expect(kept.headers['cdn-cache-control']).toBeUndefined();
    expect(kept.headers['cache-control']).toBe('no-store');
    expect(await statusOf('/plain')).toBe(HIT);
  });

  it('keeps no private, no-store, uncached, cookie-setting or error answer', async () => {
    const answers: Record<string, ReturnType<Route>> = {
      '/private': { headers: { 'Cache-Control': 'private, max-age=60' } },
      '/no-store': { headers: { 'Netlify-CDN-Cache-Control': 'no-store' } },
      '/no-lifetime': { headers: { 'Cache-Control': 'public' } },
      '/shared-zero': { headers: { 'Cache-Control': 'public, s-maxage=0, max-age=60' } },
      '/cookie': { headers: { ...SHARED, 'Set-Cookie': 'session=abc' } },
      '/missing': { status: 404, headers: SHARED },
      '/vary-star': { headers: { ...SHARED, Vary: '*' } },
    };
    route = (req) => answers[req.url ?? ''] ?? {};
    for (const path of Object.keys(answers)) {
      await call(path);
      expect(await statusOf(path)).toBe(MISS);
    }
    expect(cdn.log().find((line) => line.url === '/cookie')?.notStored).toBe('Set-Cookie');
    expect(cdn.stats().hits).toBe(0);
  });

  it('refuses an answer varying by country, which needs a GeoIP lookup it cannot make', async () => {
    route = () => ({ headers: { ...SHARED, 'Netlify-Vary': 'country=us|de' } });
    const answer = await call('/a');
    expect(answer.status).toBe(502);
    expect(answer.body).toMatch(/country=us\|de/);
  });
});

describe('the CDN model: the cache key', () => {
  it('holds the whole query string by default', async () => {
    await call('/a?x=1');
    expect(await statusOf('/a?x=2')).toBe(MISS);
    expect(await statusOf('/a?x=1')).toBe(HIT);
    expect(await statusOf('/a?x=1&utm_source=feed')).toBe(MISS);
    expect(await statusOf('/a')).toBe(MISS);
  });

  it('holds only the parameters Netlify-Vary: query= names', async () => {
    route = () => ({ headers: { ...SHARED, 'Netlify-Vary': 'query=page' } });
    await call('/list?page=2&fbclid=abc&utm_source=facebook');
    expect(await statusOf('/list?page=2')).toBe(HIT);
    expect(await statusOf('/list?utm_source=x&page=2&gclid=1')).toBe(HIT);
    expect(await statusOf('/list?page=3')).toBe(MISS);
    expect(await statusOf('/list?fbclid=abc')).toBe(MISS);
    expect(await statusOf('/list?utm_medium=y')).toBe(HIT);
  });

  it('keeps a signed-in request from an anonymous copy when Netlify-Vary names the cookie', async () => {
    route = (req) =>
      req.headers.cookie?.includes('token=')
        ? { headers: { 'Cache-Control': 'private, no-store' }, body: 'staff' }
        : { headers: { ...SHARED, 'Netlify-Vary': 'cookie=token' }, body: 'visitor' };
    expect((await call('/events/1')).body).toBe('visitor');
    const other = await call('/events/1', { headers: { cookie: 'theme=dark' } });
    expect([other.headers['cache-status'], other.body]).toEqual([HIT, 'visitor']);
    for (let i = 0; i < 2; i++) {
      const staff = await call('/events/1', { headers: { cookie: 'theme=dark; token=abc' } });
      expect([staff.headers['cache-status'], staff.body]).toEqual([MISS, 'staff']);
    }
    const signedIn = cdn.log().filter((line) => line.cookie && line.url === '/events/1' && line.status === 200);
    expect(signedIn.map((line) => line.cache)).toEqual(['hit', 'miss', 'miss']);
  });

  it('hands the anonymous copy to a signed-in request when nothing names the cookie', async () => {
    route = (req) => ({ headers: SHARED, body: req.headers.cookie ? 'staff' : 'visitor' });
    await call('/events/1');
    const staff = await call('/events/1', { headers: { cookie: 'token=abc' } });
    expect([staff.headers['cache-status'], staff.body]).toEqual([HIT, 'visitor']);
  });

  it('holds the request headers Vary and Netlify-Vary: header= name', async () => {
    route = (req) => ({
      headers: { ...SHARED, Vary: 'Accept', 'Netlify-Vary': 'header=X-Device' },
      body: `${req.headers.accept} ${req.headers['x-device']}`,
    });
    await call('/a', { headers: { accept: 'application/json' } });
    expect(await statusOf('/a', { headers: { accept: 'text/html' } })).toBe(MISS);
    expect(await statusOf('/a', { headers: { accept: 'application/json' } })).toBe(HIT);
    expect(await statusOf('/a', { headers: { accept: 'application/json', 'x-device': 'phone' } })).toBe(MISS);
    expect((await call('/a', { headers: { accept: 'text/html' } })).body).toBe('text/html undefined');
  });

  it('learns a path’s rules from its answers, and drops the copies kept under older ones', async () => {
    let vary = 'query=page';
    route = () => ({ headers: { ...SHARED, 'Netlify-Vary': vary } });
    await call('/list?page=1&utm_source=a');
    expect(await statusOf('/list?page=1')).toBe(HIT);
    vary = 'query=page|tag';
    await call('/list?page=2');
    expect(await statusOf('/list?page=2&tag=x')).toBe(MISS);
    expect(await statusOf('/list?page=2&tag=x&utm_source=a')).toBe(HIT);
    expect(cdn.held().map((copy) => copy.url)).toEqual(['/list?page=2', '/list?page=2&tag=x']);
  });
});

describe('the CDN model: static files', () => {
  // Told which paths are the functions', every other one is served as a deploy's file.
  beforeEach(async () => {
    await cdn.stop();
    cdn = await startCdnModel({
      origin: originUrl,
      purgeToken: TOKEN,
      siteId: SITE,
      now: () => clock,
      servedByFunction: (path) => path.startsWith('/api/'),
    });
    route = () => ({ headers: { 'Cache-Control': 'public, max-age=0, must-revalidate' } });
  });

  it('keeps a static file until the next deploy whatever its Cache-Control, its query out of the key', async () => {
    expect(await statusOf('/about')).toBe(MISS);
    clock += 30 * 24 * 3600_000;
    expect(await statusOf('/about?fbclid=IwAR0')).toBe(HIT);
    // A function's answer with the same header is not kept.
    expect(await statusOf('/api/v1/health')).toBe(MISS);
    expect(await statusOf('/api/v1/health')).toBe(MISS);
    expect(seen.map((r) => r.url)).toEqual(['/about', '/api/v1/health', '/api/v1/health']);
    // A deploy (a purge of the whole site) drops it.
    vi.stubEnv('NETLIFY_PURGE_API_TOKEN', '');
    await purgeCache({ token: TOKEN, siteID: SITE, apiURL: cdn.purgeApiUrl });
    expect(await statusOf('/about')).toBe(STALE_MISS);
  });

  it('keeps each Image CDN transformation apart, by its whole query and the Accept header, until the next deploy', async () => {
    const small = '/.netlify/images?url=/a.jpg&w=480&h=270&fit=cover';
    const large = '/.netlify/images?url=/a.jpg&w=720&h=405&fit=cover';
    const avif = { accept: 'image/avif,image/webp,*/*' };
    expect(await statusOf(small, { headers: avif })).toBe(MISS);
    expect(await statusOf(large, { headers: avif })).toBe(MISS);
    expect(await statusOf(large, { headers: { accept: 'image/webp,*/*' } })).toBe(MISS);
    clock += 30 * 24 * 3600_000;
    expect(await statusOf(large, { headers: avif })).toBe(HIT);
    expect(await statusOf(small, { headers: avif })).toBe(HIT);
    vi.stubEnv('NETLIFY_PURGE_API_TOKEN', '');
    await purgeCache({ token: TOKEN, siteID: SITE, apiURL: cdn.purgeApiUrl });
    expect(await statusOf(large, { headers: avif })).toBe(STALE_MISS);
  });
});

describe('the CDN model: purges and the client’s address', () => {
  const tagged: Route = (req) => ({
    headers: { ...SHARED, 'Netlify-Cache-Tag': req.url === '/a' ? 'event-1,events' : 'event-2' },
  });

  it('drops the copies carrying a purged tag when a function calls purgeCache', async () => {
    vi.stubEnv('NETLIFY_PURGE_API_TOKEN', '');
    route = tagged;
    await call('/a');
    await call('/b');
    expect((await call('/a')).headers['netlify-cache-tag']).toBeUndefined();
    await purgeCache({ tags: ['event-1'], token: TOKEN, siteID: SITE, apiURL: cdn.purgeApiUrl });
    expect(cdn.held().map((copy) => [copy.url, copy.tags])).toEqual([['/b', ['event-2']]]);
    expect(await statusOf('/a')).toBe(STALE_MISS);
    expect(await statusOf('/a')).toBe(HIT);
    expect(await statusOf('/b')).toBe(HIT);
    // Without tags, the whole site.
    await purgeCache({ token: TOKEN, siteID: SITE, apiURL: cdn.purgeApiUrl });
    expect(cdn.held()).toEqual([]);
    expect(await statusOf('/b')).toBe(STALE_MISS);
    expect(cdn.stats().purges).toBe(2);
    expect(cdn.purgeLog()).toEqual([{ tags: ['event-1'] }, { tags: [] }]);
  });

  it('refuses a purge with the wrong token or for another site, and keeps its copies', async () => {
    vi.stubEnv('NETLIFY_PURGE_API_TOKEN', '');
    route = tagged;
    await call('/a');
    await expect(
      purgeCache({ tags: ['event-1'], token: 'wrong', siteID: SITE, apiURL: cdn.purgeApiUrl }),
    ).rejects.toThrow(/status code: 401/);
    await expect(
      purgeCache({ tags: ['event-1'], token: TOKEN, siteID: 'another', apiURL: cdn.purgeApiUrl }),
    ).rejects.toThrow(/status code: 404/);
    expect(await statusOf('/a')).toBe(HIT);
    expect(cdn.stats().purges).toBe(0);
  });

  it('passes the client’s address to the origin, in X-Forwarded-For and as the connection’s source', async () => {
    route = () => ({ headers: { 'Cache-Control': 'no-store' } });
    await call('/login', { method: 'POST', from: '127.0.0.2', body: '{}' });
    await call('/login', { method: 'POST', from: '127.0.0.3', body: '{}' });
    expect(seen.map((r) => [r.forwardedFor, r.remote])).toEqual([
      ['127.0.0.2', '127.0.0.2'],
      ['127.0.0.3', '127.0.0.3'],
    ]);
    expect(cdn.log().map((line) => line.client)).toEqual(['127.0.0.2', '127.0.0.3']);
  });
});
