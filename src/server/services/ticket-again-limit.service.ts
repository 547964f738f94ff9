import type { Kysely } from 'kysely';
import { canonicalMailbox } from '../../lib/mailbox.ts';
import type { Database } from '../db/schema.ts';
import { RATE_LIMITS, recordHit, type Limit } from './rate-limits.service.ts';
import { tooManyAttempts } from './domain-errors.ts';

/**
 * "Send my ticket again" asked for one mailbox at one event: a few an hour. Counted per mailbox (the
 * address's canonical form, src/lib/mailbox.ts: letter case, `+tags` and Gmail's dots are one) and
 * event, not per caller, so it holds whoever asks and from wherever; it is kept apart from the
 * registration limits on purpose (its own key, its own limit); the limit itself is in the table of every
 * rate limit (RATE_LIMITS), whose longest window is when counters expire.
 * What the mailbox then receives is also capped site-wide (email/mail-cap.ts).
 */
export const TICKET_AGAIN_LIMIT: Limit = RATE_LIMITS.ticketAgain;

export const ticketAgainKey = (eventId: string, email: string) => `resend:${eventId}:${canonicalMailbox(email)}`;

/** Counts a request to send an address's ticket again; 429 once past TICKET_AGAIN_LIMIT. */
export async function countTicketAgain(db: Kysely<Database>, eventId: string, email: string, now: Date): Promise<void> {
  const key = ticketAgainKey(eventId, email);
  const counted = (await recordHit(db, [key], TICKET_AGAIN_LIMIT, now)).get(key);
  if (counted && counted.count > TICKET_AGAIN_LIMIT.limit)
    throw tooManyAttempts(
      (counted.windowStart.getTime() + TICKET_AGAIN_LIMIT.windowMs - now.getTime()) / 1000,
      'This ticket was asked for several times already. Please try again in an hour.',
    );
}
