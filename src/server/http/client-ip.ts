import type { Context } from 'hono';

/**
 * The caller's address for rate limiting. On Netlify the edge sets x-nf-client-connection-ip (trusted
 * only there: elsewhere a client could send it); locally it is the socket's address (the Node server
 * passes its request in c.env.incoming).
 */
export function clientIp(c: Context, onNetlify: boolean): string {
  const edge = onNetlify ? c.req.header('x-nf-client-connection-ip') : undefined;
  if (edge) return edge;
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
