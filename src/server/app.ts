import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiDeps } from './deps.ts';
import { errorBody, handleError, payloadTooLarge } from './http/errors.ts';
import { JSON_BODY_LIMIT } from './http/body.ts';
import { securityHeaders } from './http/security-headers.ts';
import { healthRoutes } from './routes/health.routes.ts';
import { blogRoutes } from './routes/blog.routes.ts';

export const API_BASE = '/api/v1';

/** The whole JSON API. The same app runs in the Netlify function and in the local Node server. */
export function createApi(deps: ApiDeps) {
  const api = new Hono().basePath(API_BASE);

  api.use(async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(securityHeaders)) c.res.headers.set(name, value);
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  api.use(
    bodyLimit({
      maxSize: JSON_BODY_LIMIT,
      onError: () => {
        throw payloadTooLarge();
      },
    }),
  );

  api.route('/health', healthRoutes(deps));
  api.route('/blog', blogRoutes(deps));

  api.notFound((c) => c.json(errorBody(`No API route for ${c.req.method} ${c.req.path}`), 404));
  api.onError(handleError);
  return api;
}

export type Api = ReturnType<typeof createApi>;
