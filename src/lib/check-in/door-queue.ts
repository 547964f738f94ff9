import { isSendLater } from './door-answer.ts';

/**
 * The check-ins a phone queued at the door (made while offline) and what becomes of each when it is
 * sent. Kept apart from the page so the rules are tested once.
 */

/** What a queued check-in holds to be sent: a registration's id, or (queued by an older page) a ticket. */
export interface QueuedTarget {
  id: string;
  registrationId?: string;
  ticket?: string;
  /** Queued before the event's day, once the volunteer confirmed it. */
  early?: true;
}

type QueuedBody = ({ registration: string } | { ticket: string }) & { id: string; early?: true };

/**
 * The POST /events/:id/check-ins body of a queued check-in, with its own id so a resend counts once,
 * and `early` when it was confirmed before the event's day (the confirmation was asked before queueing).
 */
export function queuedBody(item: QueuedTarget): QueuedBody {
  const early = item.early ? { early: true as const } : {};
  if (item.registrationId !== undefined) return { registration: item.registrationId, id: item.id, ...early };
  return { ticket: item.ticket ?? '', id: item.id, ...early };
}

/**
 * What a queued check-in's refusal means: `later`, it stays queued and is sent again (no answer, signed
 * out, too many at once); `needs-account`, it stays queued, apart, until an account of the event sends
 * it or the volunteer discards it (403: the account signed in now may not check people in there);
 * `refused`, it will never go through (unknown, cancelled, waitlisted, bad): it is dropped.
 */
export function queuedRefusal(status: number): 'later' | 'needs-account' | 'refused' {
  if (isSendLater(status)) return 'later';
  if (status === 403) return 'needs-account';
  return 'refused';
}

const checkIns = (count: number) => `${count} ${count === 1 ? 'check-in' : 'check-ins'}`;

/** "Waiting for an account of this event: 2 check-ins"; "" for none. */
export function needsAccountText(count: number): string {
  return count === 0 ? '' : `Waiting for an account of this event: ${checkIns(count)}`;
}

/** The discard confirmation's title and button: "Discard 2 check-ins?", "Discard 2 check-ins". */
export const discardQuestion = (count: number) => `Discard ${checkIns(count)}?`;
export const discardLabel = (count: number) => `Discard ${checkIns(count)}`;
