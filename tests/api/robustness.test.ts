import { createServer, Socket as NetSocket, type Server, type Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { connectDatabase } from '../../src/server/db/connect.ts';
import { memoryBlobStore } from '../../src/server/storage/blob-store.ts';
import { useTestApi } from '../support/api-fixture.ts';
import { json, sampleEvent, type TestApi } from '../support/api-server.ts';

const setUp = useTestApi();
let api: TestApi;
let admin: string;
beforeAll(() => {
  ({ api, admin } = setUp);
});

const eventCount = async () => (await api.db.selectFrom('events').select('id').execute()).length;

describe('bad requests change nothing and never answer 500', () => {
  it('malformed JSON -> 400', async () => {
    const res = await api.call('/events', {
      method: 'POST',
      body: '{"title": "x",',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, code: 'malformed_body', message: 'Malformed JSON body' });
    expect(await eventCount()).toBe(0);
  });

  it('a wrong content type -> 415', async () => {
    const res = await api.call('/events', {
      method: 'POST',
      body: 'title=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(415);
    expect((await res.json()).code).toBe('unsupported_media_type');
    expect(await eventCount()).toBe(0);
  });

  it('a JSON array, null or a string body -> 400', async () => {
    for (const body of ['[]', 'null', '"hello"', '42']) {
      const res = await api.call('/contact', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      expect(res.status, body).toBe(400);
    }
  });

  it('odd paths and methods answer JSON 404/405-ish, never 500', async () => {
    for (const [method, path] of [
      ['GET', '/events/%E0%A4%A'],
      ['DELETE', '/events'],
      ['GET', '/users/%00'],
      ['GET', '/members?year=1e999&committee=SPARK'],
    ] as const) {
      const res = await api.call(path, json(method, undefined, admin));
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
  });
  // Last: the server stops reading an oversized body, so the client's connection is not reused after it.
  it('a JSON body over 1 MB -> 413', async () => {
    const res = await api.call(
      '/events',
      json('POST', sampleEvent({ description: 'x'.repeat(1024 * 1024 + 1) }), admin),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, code: 'payload_too_large' });
    expect(await eventCount()).toBe(0);
  });
});

/** A TCP relay to PostgreSQL that can be cut and restored, to play a database going away. */
function relay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = new NetSocket();
        upstream.connect(Number(target.port), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => {});
          s.on('close', () => sockets.delete(s));
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server!.address();
        port = typeof address === 'object' && address ? address.port : port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server?.close(() => resolve());
    });
  return { start, stop, url: () => Object.assign(new URL(target.href), { port: String(port) }).href };
}

describe.skipIf(!process.env['TEST_DATABASE_URL'])('the database going away (PostgreSQL)', () => {
  it('answers 503 JSON while it is down and recovers when it is back', async () => {
    const target = new URL(
      api.deps.database.kind === 'postgres' ? (api.deps.config.database as { url: string }).url : '',
    );
    const link = relay(target);
    await link.start();
    const database = await connectDatabase({ kind: 'postgres', driver: 'pg', url: link.url() });
    const app = createApi({ ...api.deps, database, blobs: memoryBlobStore() });
    try {
      expect((await app.request('/api/v1/events')).status).toBe(200);
      await link.stop();
      // The API keeps no copy of its own (the CDN is the only cache): every read needs the database.
      const down = await app.request('/api/v1/events');
      expect(down.status).toBe(503);
      expect(down.headers.get('cache-control')).toBe('no-store');
      expect(await down.json()).toMatchObject({ success: false });
      const health = await app.request('/api/v1/health');
      expect(health.status).toBe(503);
      await link.start();
      const back = await app.request('/api/v1/events?when=upcoming');
      expect(back.status).toBe(200);
      expect((await back.json()).success).toBe(true);
    } finally {
      await link.stop();
      await database.db.destroy();
    }
  });
});

describe('text the database cannot hold', () => {
  it('a NUL character in input answers 400, not 500', async () => {
    const res = await api.call(
      '/contact',
      json('POST', { name: 'Nul\u0000Byte', email: 'nul@example.com', message: 'hi' }),
    );
    expect(res.status).toBe(400);
  });
});
