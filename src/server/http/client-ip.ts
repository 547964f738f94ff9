import { isIPv4, isIPv6 } from 'node:net';
import type { Context } from 'hono';

/** What the runtimes hand the API beside the request (Hono's `c.env`). */
interface RuntimeBindings {
  /** Netlify's function context (runtime/netlify-entry.ts passes it): the edge's view of the caller. */
  context?: { ip?: string };
  /** The local Node server's request (@hono/node-server). */
  incoming?: { socket?: { remoteAddress?: string } };
}

/** The key of every caller whose address cannot be read: they share one counter. */
export const UNKNOWN_ADDRESS = 'unknown';

/** The eight 16-bit groups of an IPv6 address (valid by isIPv6, zone id removed), a trailing IPv4 part included. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const front = part(head);
  const back = part(tail);
  return tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The caller as the rate limits count them, from the address the runtime reports. One device behind
 * an IPv4 address shares it with its whole network (a campus, a carrier's NAT), so IPv4 counts as
 * itself. An IPv6 subscriber is handed a whole /64 and picks addresses in it freely, so IPv6 counts by
 * its /64 (`2001:db8:1:2::/64`); an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a dual-stack
 * socket reports for an IPv4 client) counts as its IPv4 address. A zone id (`fe80::1%eth0`) is
 * dropped. Anything that is not an address (no socket, a garbled header) is UNKNOWN_ADDRESS, never
 * the text itself: a counter's key stays short and one of a few shapes.
 */
export function limitAddress(raw: string | undefined): string {
  const address = (raw ?? '')
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return UNKNOWN_ADDRESS;
  const groups = ipv6Groups(address.toLowerCase());
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * The caller's address, for rate limiting, as limitAddress counts it. In a Netlify function it is the
 * function context's `ip` (Netlify's edge sets it from the connection; `netlify serve` from
 * X-Forwarded-For), else the edge's `x-nf-client-connection-ip` header, trusted only there, since only
 * Netlify's edge reaches a function. No build-time variable says where the code runs: functions see
 * none of them. Locally it is the socket's address. Every rate limit (sign-in, contact, registration)
 * reads the caller here, so they all count an IPv6 network and a mapped IPv4 address alike.
 */
export function clientIp(c: Context): string {
  const env = c.env as RuntimeBindings | undefined;
  if (env?.context) return limitAddress(env.context.ip || c.req.header('x-nf-client-connection-ip'));
  return limitAddress(env?.incoming?.socket?.remoteAddress);
}
