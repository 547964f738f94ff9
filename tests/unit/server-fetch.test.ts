import { serve, type HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverFetch } from '../../src/server/runtime/server-app.ts';

/** A page that writes its own answer to the socket, as Astro's Node middleware does for on-demand pages. */
function appWritingItsOwnAnswer() {
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.get('/page', (c) => {
    c.env.outgoing.writeHead(200, { 'content-type': 'text/html' });
    c.env.outgoing.end('<p>written by the page</p>');
    return RESPONSE_ALREADY_SENT;
  });
  return app;
}

let close: (() => void) | undefined;
afterEach(() => {
  close?.();
  close = undefined;
  vi.restoreAllMocks();
});

async function listen(fetch: Parameters<typeof serve>[0]['fetch']): Promise<string> {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the local server answers a page that wrote its own answer', () => {
  it.each(['GET', 'HEAD'])('%s: 200, and the server writes nothing more (no ERR_HTTP_HEADERS_SENT)', async (method) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const url = await listen(serverFetch(appWritingItsOwnAnswer()));
    const res = await fetch(`${url}/page`, { method });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(method === 'GET' ? '<p>written by the page</p>' : '');
    // The server's own work on this answer ended before the client could read it (one process, one
    // event loop): had it written the headers again, the error would be logged by now.
    expect(errors.mock.calls.flat().map(String).join('\n')).not.toMatch(/ERR_HTTP_HEADERS_SENT|Cannot set headers/);
  });
});
