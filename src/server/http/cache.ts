import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';

/**
 * Public reads may be served by the CDN for a minute (and stale while it refreshes) so a popular page
 * costs the database little; browsers always revalidate, so staff see their edits on reload.
 * Signed-in requests are never shared.
 */
export const publicCache: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status === 200 && !c.get('user')) {
    c.res.headers.set('Cache-Control', 'public, max-age=0, s-maxage=60, stale-while-revalidate=300');
  }
};
