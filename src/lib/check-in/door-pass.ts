import { dhakaWallClock, eventEndInstant } from '../dhaka-time.ts';
import { dhakaLocalToIso } from '../registration/registration-view.ts';
import type { DoorPassInfo, DoorPassItem } from '../types.ts';
import {
  MAX_DOOR_PASS_NAME_LENGTH,
  PASS_EXPIRED,
  PASS_REVOKED,
  defaultValidUntil as passEnd,
  passState,
  validUntilRefusal,
} from './door-pass-rules.ts';

/**
 * Door passes as the check-in page sees them: a volunteer's phone signed in for one event's door, with
 * no account of the chapter. The rules themselves are the server's (door-pass-rules.ts); these are the
 * page's readings of them, kept apart from the page so they are tested once.
 */

/** The `doorPassInfo` cookie's pass; undefined when missing or malformed. */
export function doorPassInfoFromCookie(cookie: string): DoorPassInfo | undefined {
  const match = /(?:^|;\s*)doorPassInfo=([^;]*)/.exec(cookie);
  if (!match?.[1]) return undefined;
  try {
    const value = JSON.parse(decodeURIComponent(match[1])) as Partial<Record<keyof DoorPassInfo, unknown>>;
    const { passId, name, eventId, validUntil } = value;
    if (typeof passId !== 'string' || typeof eventId !== 'string' || !passId || !eventId) return undefined;
    return {
      passId,
      eventId,
      name: typeof name === 'string' ? name : '',
      validUntil: typeof validUntil === 'string' ? validUntil : '',
    };
  } catch {
    return undefined;
  }
}

/**
 * Whose door lists and queue a phone keeps: an account's e-mail, or a pass of its own (a pass is never
 * an account, so a chapter account signed in later on the same phone never reads the pass's list).
 */
export const passAccount = (passId: string) => `door-pass:${passId}`;

/**
 * The "Valid until" field's first value, in Dhaka wall-clock time (to the minute): what the server
 * chooses when none is sent (the event's end plus two hours, at most 14 days ahead).
 */
export const defaultValidUntil = (event: { eventDate: string; startTime: string; endTime: string }, now: Date) =>
  dhakaWallClock(passEnd(eventEndInstant(event), now));

/** The create form's problems, in words: the volunteer's name and the "Valid until" field (Dhaka time). */
export function passFormProblems(
  form: { name: string; validUntil: string },
  now: Date,
): Partial<Record<'name' | 'validUntil', string>> {
  const problems: Partial<Record<'name' | 'validUntil', string>> = {};
  const name = form.name.trim();
  if (!name) problems.name = 'The volunteer’s name is required';
  else if (name.length > MAX_DOOR_PASS_NAME_LENGTH)
    problems.name = `The volunteer’s name must be at most ${MAX_DOOR_PASS_NAME_LENGTH} characters`;
  const until = dhakaLocalToIso(form.validUntil);
  const refusal = until ? validUntilRefusal(new Date(until), now) : 'Valid until must be a date and time';
  if (refusal) problems.validUntil = refusal;
  return problems;
}

/** Where a pass on the staff's list stands: revoked, expired, or still valid. */
export const passStanding = (pass: Pick<DoorPassItem, 'createdAt' | 'revokedAt' | 'validUntil'>, now: Date) =>
  passState(
    {
      createdAt: new Date(pass.createdAt),
      validUntil: new Date(pass.validUntil),
      revokedAt: pass.revokedAt ? new Date(pass.revokedAt) : null,
    },
    now,
  );

/** The message of a 401 that ends a pass, as the server words it. */
export const isPassEnded = (message: string) => message === PASS_REVOKED || message === PASS_EXPIRED;

/** The pass-ended screen's heading: the server's words when it gave them, else a plain one. */
export const passEndedHeading = (message: string | undefined) =>
  message && isPassEnded(message) ? message : 'This door pass can no longer be used';
