import { createHmac } from 'node:crypto';
import type { Context } from 'hono';
import { clientIp } from './client-ip.ts';

/**
 * The network a registration came from, as staff see it and as the limit on unconfirmed seat holds
 * counts it: the caller's address as http/client-ip.ts counts every limit (IPv4 as itself, IPv6 by its
 * /64, never a client header), turned into an anonymous label by a keyed hash (HMAC-SHA-256). The key
 * is derived from the session secret and never leaves the server, so a label is neither the address
 * nor a way back to it (an unkeyed hash of an IPv4 address is undone by trying all 2^32). The event's
 * id is hashed with it: one network has another label at every event, so labels tell staff of one
 * event nothing about another's. Eight hex digits: 32 bits, so two networks among the thousand of a
 * busy event share a label about once in ten thousand events.
 */
export const NETWORK_LABEL_LENGTH = 8;

/** The key of the labels, derived for this one use so that it is never the session secret itself. */
const labelKey = (secret: string) => createHmac('sha256', secret).update('registration network labels').digest();

/** The label of a network (limitAddress's form) at one event: upper-case hex, `7F3A91C2`. */
export function networkLabel(secret: string, eventId: string, network: string): string {
  return createHmac('sha256', labelKey(secret))
    .update(`${eventId}\n${network}`)
    .digest('hex')
    .slice(0, NETWORK_LABEL_LENGTH)
    .toUpperCase();
}

/** The label of the network the request came from, at this event. */
export const requestNetwork = (c: Context, secret: string, eventId: string) =>
  networkLabel(secret, eventId, clientIp(c));
