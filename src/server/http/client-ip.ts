import type { Context } from 'hono';

/** What the runtimes hand the API beside the request (Hono's `c.env`). */
interface RuntimeBindings {
  /** Netlify's function context (runtime/netlify-entry.ts passes it): the edge's view of the caller. */
  context?: { ip?: string };
  /** The local Node server's request (@hono/node-server). */
  incoming?: { socket?: { remoteAddress?: string } };
}

/**
 * The caller's address, for rate limiting. In a Netlify function it is the function context's `ip`
 * (Netlify's edge sets it from the connection; `netlify serve` from X-Forwarded-For), else the edge's
 * `x-nf-client-connection-ip` header, trusted only there, since only Netlify's edge reaches a
 * function. No build-time variable says where the code runs: functions see none of them. Locally it is
 * the socket's address.
 */
export function clientIp(c: Context): string {
  const env = c.env as RuntimeBindings | undefined;
  if (env?.context) return env.context.ip || c.req.header('x-nf-client-connection-ip') || 'unknown';
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
