import type { Context } from 'hono';

/**
 * The caller's address for rate limiting. On Netlify the edge sets x-nf-client-connection-ip; locally
 * it is the socket's address (the Node server passes its request in c.env.incoming).
 */
export function clientIp(c: Context): string {
  const edge = c.req.header('x-nf-client-connection-ip');
  if (edge) return edge;
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
