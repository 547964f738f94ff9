import { isRefusal, isSendLater, isTooEarly, notEarlyAnswer, refusalAnswer, type DoorAnswer } from './door-answer.ts';
import { isPassEndedCode, type ErrorCode } from '../api-errors.ts';
import { withAttendee, type Marks } from './door-list.ts';
import { queuedWalkInId, walkInAttendee, walkInBody, type WalkInBody } from './walk-in.ts';
import type { DoorList } from '../types.ts';

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
  /** ISO instant of the scan: sent as `scannedAt`, so the server records it then (and judges a door pass by it). */
  at?: string;
}

/** A POST /events/:id/check-ins body: whom (a registration's id or a ticket), the check-in's own id, `early` and `scannedAt`. */
export type CheckInBody = ({ registration: string } | { ticket: string }) & {
  id: string;
  early?: true;
  scannedAt?: string;
};

/**
 * The POST /events/:id/check-ins body of a queued check-in, with its own id so a resend counts once,
 * and `early` when it was confirmed before the event's day (the confirmation was asked before queueing).
 */
export function queuedBody(item: QueuedTarget): CheckInBody {
  const extra = { ...(item.early ? { early: true as const } : {}), ...(item.at ? { scannedAt: item.at } : {}) };
  if (item.registrationId !== undefined) return { registration: item.registrationId, id: item.id, ...extra };
  return { ticket: item.ticket ?? '', id: item.id, ...extra };
}

/** What a walk-in queued on the phone holds besides its name: the optional fields typed. */
export interface QueuedWalkInFields {
  email?: string;
  institution?: string;
  ieeeMemberId?: string;
}

/** A walk-in queued on the phone: its id, name, the time it was added, and what else was typed. */
export interface QueuedWalkIn {
  id: string;
  fullName: string;
  at: string;
  walkIn: QueuedWalkInFields;
}

/** The POST /events/:id/walk-ins body of a queued walk-in: its own id (sent again, it adds nobody) and its time. */
export const queuedWalkInBody = (item: QueuedWalkIn): WalkInBody =>
  walkInBody(
    {
      fullName: item.fullName,
      email: item.walkIn.email ?? '',
      institution: item.walkIn.institution ?? '',
      ieeeMemberId: item.walkIn.ieeeMemberId ?? '',
    },
    item.id,
    item.at,
  );

/** Walk-ins waiting on the phone are on the door list meanwhile, checked in at the time they were added. */
export function withQueuedWalkIns(list: DoorList, items: readonly Partial<QueuedWalkIn>[]): DoorList {
  let shown = list;
  for (const item of items) {
    if (!item.walkIn || !item.id || !item.fullName || !item.at) continue;
    const fields = { fullName: item.fullName, institution: item.walkIn.institution ?? '' };
    shown = withAttendee(shown, walkInAttendee(queuedWalkInId(item.id), fields, item.at));
  }
  return shown;
}

/**
 * What a queued check-in's refusal means: `later`, it stays queued and is sent again (no answer, signed
 * out, too many at once); `needs-account`, it stays queued, apart, until an account of the event sends
 * it or the volunteer discards it (403: the account signed in now may not check people in there);
 * `refused`, it will never go through (unknown, cancelled, waitlisted, bad): it is dropped. On a door
 * pass's phone a 403 is final too (scanned after the pass expired, or a walk-in sent after it), and so
 * is the 401 of a revoked or expired pass: a revocation is final, and nothing the phone saved is taken.
 */
export function queuedRefusal(
  status: number,
  doorPass = false,
  code?: ErrorCode,
): 'later' | 'needs-account' | 'refused' {
  if (doorPass && isPassEndedCode(code)) return 'refused';
  if (isSendLater(status)) return 'later';
  if (status === 403) return doorPass ? 'refused' : 'needs-account';
  return 'refused';
}

/** A queued check-in as the phone keeps it: whom it names on the list, when it was made, and whether it waits for an account. */
export interface QueuedState {
  registrationId?: string;
  /** ISO instant of the scan. */
  at: string;
  needsAccount?: true;
}

/**
 * How many queued check-ins wait for a network (`waiting`), and how many for an account of the event
 * (`needsAccount`: the account signed in now was refused them, 403); each counts once, in one of them.
 */
export function queueCounts(items: readonly QueuedState[]): { waiting: number; needsAccount: number } {
  const needsAccount = items.filter((i) => i.needsAccount).length;
  return { waiting: items.length - needsAccount, needsAccount };
}

/**
 * A queued check-in counts on the door list as made, at its scan's time, until the server refuses it
 * (those waiting for an account too: they were made at the door). Check-ins queued by an older page
 * name only a ticket, and mark nobody.
 */
export const queuedMarks = (items: readonly QueuedState[]): Marks =>
  new Map(items.flatMap((i): [string, string][] => (i.registrationId ? [[i.registrationId, i.at]] : [])));

/** Check-ins dropped from the queue (refused, or discarded) are taken back: their people are not checked in. */
export const undoneMarks = (items: readonly QueuedState[]): Marks =>
  new Map(items.flatMap((i): [string, null][] => (i.registrationId ? [[i.registrationId, null]] : [])));

/**
 * The volunteer's message when the server refuses a queued check-in for good: who it was and why, in
 * the door's words ("Nusrat Jahan was not checked in: Registration cancelled").
 */
export function notCheckedInText(
  fullName: string,
  result: { status: number; code?: ErrorCode | undefined; message: string; errors: readonly { path: string }[] },
  eventDate: string,
): string {
  return `${fullName} was not checked in: ${refusalReason(result, eventDate)}`;
}

/** Why the server refused a queued check-in for good, in the door's words ("Registration cancelled"). */
export function refusalReason(
  result: { status: number; code?: ErrorCode | undefined; message: string; errors: readonly { path: string }[] },
  eventDate: string,
): string {
  if (isTooEarly(result)) return notEarlyAnswer(eventDate).detail ?? result.message;
  if (!isRefusal(result.status)) return result.message;
  const answer = refusalAnswer(result);
  return answer.detail ? `${answer.text}: ${answer.detail}` : answer.text;
}

/**
 * The door's answer once the server refused an item saved on this device (shown in place of its
 * "Saved on this device" answer while that is still on screen): red, who, and why.
 */
export const notRecordedAnswer = (fullName: string, reason: string, walkIn = false): DoorAnswer => ({
  tone: 'error',
  text: `Not recorded: ${walkIn ? `${fullName} (walk-in)` : fullName}`,
  detail: reason,
});

/**
 * The people whose check-in (or walk-in) waits on this device, by their id on the door list (a walk-in
 * by the id it waits under): their line reads "Saved on this device, not sent yet".
 */
export function pendingIds(items: readonly (QueuedState & { id: string; walkIn?: unknown })[]): ReadonlySet<string> {
  return new Set(
    items.flatMap((i) => (i.walkIn ? [queuedWalkInId(i.id)] : i.registrationId ? [i.registrationId] : [])),
  );
}

/** "Not recorded (2)": the heading of the refused items the volunteer has to deal with. */
export const notRecordedHeading = (count: number) => `Not recorded (${count})`;

/** A queued walk-in the server refused for good, in its own words ("Rahim was not checked in: The event is full: ..."). */
export const walkInRefusedText = (fullName: string, message: string) => `${fullName} was not checked in: ${message}`;

const checkIns = (count: number) => `${count} ${count === 1 ? 'check-in' : 'check-ins'}`;

/** "Waiting for an account of this event: 2 check-ins"; "" for none. */
export function needsAccountText(count: number): string {
  return count === 0 ? '' : `Waiting for an account of this event: ${checkIns(count)}`;
}

/** The discard confirmation's title and button: "Discard 2 check-ins?", "Discard 2 check-ins". */
export const discardQuestion = (count: number) => `Discard ${checkIns(count)}?`;
export const discardLabel = (count: number) => `Discard ${checkIns(count)}`;

/** The note once they are discarded: "2 check-ins discarded". */
export const discardedText = (count: number) => `${checkIns(count)} discarded`;
