import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { API_BASE } from '../lib/api-base.ts';
import { createApi } from './app.ts';
import type { ApiDeps } from './deps.ts';
import { securityHeaders } from './http/security-headers.ts';
import { staticSite } from './static-site.ts';

/** The local stand-in for Netlify: the API under /api/v1 plus the built site, compressed. */
export function createServerApp(deps: ApiDeps, distDir: string) {
  const api = createApi(deps);
  const app = new Hono();
  app.use(compress());
  app.all(`${API_BASE}/*`, (c) => api.fetch(c.req.raw, c.env));
  app.all(API_BASE, (c) => api.fetch(c.req.raw, c.env));
  app.use(async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(securityHeaders)) c.res.headers.set(name, value);
  });
  app.on(['GET', 'HEAD'], '*', staticSite(distDir));
  app.all('*', (c) => c.text('Method not allowed', 405, { Allow: 'GET, HEAD' }));
  return app;
}
