import type { Http2Bindings, HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { API_BASE } from '../../lib/api-base.ts';
import { createApi } from '../app.ts';
import { builtSite, loadAstroPages } from './astro-pages.ts';
import type { ApiDeps } from '../deps.ts';
import { JSON_BODY_LIMIT } from '../http/body.ts';
import { isContentEditorPath, overHttps, securityHeadersFor } from '../http/security-headers.ts';
import { IMAGE_CDN_PATH } from '../../lib/images/responsive-image.ts';
import { cacheDirIn, localImageCdn } from '../images/local-image-cdn.ts';
import { staticSite } from './static-site.ts';

/**
 * The local stand-in for Netlify: the API under /api/v1, the image CDN at /.netlify/images, the built
 * site's static files (with the CDN's rewrites), and the on-demand pages rendered by Astro's Node
 * middleware; then the 404 page.
 */
export async function createServerApp(deps: ApiDeps, distDir: string) {
  const api = createApi(deps);
  const site = builtSite(distDir);
  const files = staticSite(site.client);
  const pages = await loadAstroPages(distDir);
  const images = localImageCdn({ api: api.fetch, staticRoot: site.client, cacheDir: cacheDirIn(deps.config.dataDir) });

  const app = new Hono<{ Bindings: HttpBindings }>();
  app.use(compress());
  app.all(`${API_BASE}/*`, (c) => api.fetch(c.req.raw, c.env));
  app.all(API_BASE, (c) => api.fetch(c.req.raw, c.env));
  app.use(async (c, next) => {
    await next();
    const https = overHttps(c.req.url, c.req.header('x-forwarded-proto'));
    for (const [name, value] of Object.entries(securityHeadersFor(https))) c.res.headers.set(name, value);
    // The content editor's files stay out of search engines, as netlify.toml says for them on Netlify.
    // Its page brings its own policy (src/pages/admin/index.ts); a policy on its scripts would mean nothing.
    if (isContentEditorPath(c.req.path)) c.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
  });
  app.all(IMAGE_CDN_PATH, (c) => images(c.req.raw));
  app.on(['GET', 'HEAD'], '*', async (c) => {
    return (await files.serve(c)) ?? (await pages?.(c)) ?? files.notFound(c);
  });
  // A form posted without script (the contact form) is answered by its on-demand page. Astro reads the
  // body from the socket itself, so its size is checked here, as the API's is: a browser's form post
  // says its length.
  app.post('*', async (c) => {
    const length = Number(c.req.header('content-length') ?? Number.NaN);
    if (!Number.isFinite(length)) return c.text('Length required', 411);
    if (length > JSON_BODY_LIMIT) return c.text('The request body is too large', 413, { Connection: 'close' });
    return (await pages?.(c)) ?? c.text('Method not allowed', 405, { Allow: 'GET, HEAD' });
  });
  app.all('*', (c) => c.text('Method not allowed', 405, { Allow: 'GET, HEAD' }));
  return app;
}

/**
 * The app's fetch for @hono/node-server. Hono answers HEAD by running GET and copying the answer into a
 * new Response, which loses the marker saying an on-demand page already wrote to the socket (Astro
 * writes there itself); the server would then write the headers a second time and log
 * ERR_HTTP_HEADERS_SENT. The socket itself says whether the answer is gone.
 */
export const serverFetch =
  (app: { fetch: (request: Request, env: HttpBindings) => Response | Promise<Response> }) =>
  async (request: Request, env: HttpBindings | Http2Bindings): Promise<Response> => {
    const res = await app.fetch(request, env as HttpBindings);
    return env.outgoing.headersSent ? RESPONSE_ALREADY_SENT : res;
  };
