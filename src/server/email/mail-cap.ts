import { createHash } from 'node:crypto';
import { canonicalMailbox } from '../../lib/mailbox.ts';
import { DAY_MS, HOUR_MS } from '../../lib/durations.ts';

/**
 * One mailbox receives at most a few registration e-mails an hour and a day, site-wide (every event,
 * every kind of message, every spelling of its address): registering someone else's address, with
 * `+tags` or cancelling and registering again, cannot fill their mailbox. The rest wait in the outbox, with the reason, until the window has room again.
 */
export interface MailCap {
  count: number;
  windowMs: number;
  /** The window in words: "held: 3 messages to this address in the last hour". */
  words: string;
}

export const MAIL_CAPS: readonly MailCap[] = [
  { count: 3, windowMs: HOUR_MS, words: 'hour' },
  { count: 10, windowMs: DAY_MS, words: 'day' },
];

/** The longest window: sends older than this count for nothing and are deleted. */
export const MAIL_CAP_HORIZON_MS = Math.max(...MAIL_CAPS.map((cap) => cap.windowMs));

/**
 * How an address is counted: the hash of its mailbox (src/lib/mailbox.ts), so `victim+1@`, `victim+2@`
 * and `Victim@` share one cap, as they share one inbox.
 */
export const addressHash = (address: string) => createHash('sha256').update(canonicalMailbox(address)).digest('hex');

export interface Held {
  reason: string;
  /** When the window has room again: the next attempt. */
  until: Date;
}

/**
 * Whether one more message to an address whose recent sends are these (newest first) would go over a
 * cap: the reason and when there is room again, or undefined to send.
 */
export function overCap(recentSends: readonly Date[], now: Date): Held | undefined {
  for (const cap of MAIL_CAPS) {
    const inWindow = recentSends.filter((at) => at.getTime() > now.getTime() - cap.windowMs);
    if (inWindow.length < cap.count) continue;
    // Room comes back when the send that keeps the window full leaves it.
    const blocking = inWindow[cap.count - 1]!;
    return {
      reason: `held: ${inWindow.length} messages to this address in the last ${cap.words}`,
      until: new Date(blocking.getTime() + cap.windowMs),
    };
  }
  return undefined;
}
