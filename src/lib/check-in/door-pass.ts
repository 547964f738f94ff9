import { dhakaWallClock, eventEndInstant } from '../dhaka-time.ts';
import { dhakaLocalToIso } from '../registration/registration-view.ts';

/**
 * Door passes as the check-in page sees them: a volunteer's phone signed in for one event's door, with
 * no account of the chapter. Kept apart from the page so the rules are tested once.
 */

/** The readable `doorPassInfo` cookie: a display hint, never trusted by the server. */
export interface DoorPassInfo {
  passId: string;
  name: string;
  eventId: string;
  /** ISO instant. */
  validUntil: string;
}

/** GET /door-passes/current: the pass this phone is signed in with, as the server has it. */
export interface CurrentDoorPass {
  id: string;
  name: string;
  eventId: string;
  eventTitle: string;
  validUntil: string;
}

/** One of an event's passes as staff see it (GET /events/:id/door-passes): no secret, no link. */
export interface DoorPassItem {
  id: string;
  name: string;
  createdBy: { name: string; email: string };
  createdAt: string;
  validUntil: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
  /** Check-ins and walk-ins made with it. */
  checkIns: number;
}

/** POST /events/:id/door-passes: the new pass, with its link and QR code (shown this once). */
export interface CreatedDoorPass {
  id: string;
  name: string;
  validUntil: string;
  url: string;
  qrSvg: string;
}

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

const HOUR_MS = 3_600_000;
/** The longest a pass may be valid, from now (the server refuses more). */
export const MAX_PASS_DAYS = 14;
export const MAX_PASS_NAME = 80;

/**
 * The "Valid until" field's first value, in Dhaka wall-clock time: the event's end plus two hours, or
 * two hours from now when that is already past (what the server chooses when none is sent); for an
 * event further ahead, the longest a pass may be valid (MAX_PASS_DAYS from now, to the minute).
 */
export function defaultValidUntil(event: { eventDate: string; startTime: string; endTime: string }, now: Date): string {
  const afterEnd = eventEndInstant(event).getTime() + 2 * HOUR_MS;
  const at = Number.isNaN(afterEnd) || afterEnd <= now.getTime() ? now.getTime() + 2 * HOUR_MS : afterEnd;
  return dhakaWallClock(new Date(Math.min(at, now.getTime() + MAX_PASS_DAYS * 24 * HOUR_MS)));
}

/** The create form's problems, in words: the volunteer's name and the "Valid until" field (Dhaka time). */
export function passFormProblems(
  form: { name: string; validUntil: string },
  now: Date,
): Partial<Record<'name' | 'validUntil', string>> {
  const problems: Partial<Record<'name' | 'validUntil', string>> = {};
  const name = form.name.trim();
  if (!name) problems.name = 'The volunteer’s name is required';
  else if (name.length > MAX_PASS_NAME)
    problems.name = `The volunteer’s name must be at most ${MAX_PASS_NAME} characters`;
  const until = dhakaLocalToIso(form.validUntil);
  if (!until) problems.validUntil = 'Valid until must be a date and time';
  else if (Date.parse(until) <= now.getTime()) problems.validUntil = 'Valid until must be later than now';
  else if (Date.parse(until) > now.getTime() + MAX_PASS_DAYS * 24 * HOUR_MS)
    problems.validUntil = `Valid until must be within ${MAX_PASS_DAYS} days from now`;
  return problems;
}

/** Where a pass stands: revoked, expired, or still valid. */
export function passStanding(
  pass: Pick<DoorPassItem, 'revokedAt' | 'validUntil'>,
  now: Date,
): 'revoked' | 'expired' | 'valid' {
  if (pass.revokedAt) return 'revoked';
  return Date.parse(pass.validUntil) <= now.getTime() ? 'expired' : 'valid';
}

/** The message of a 401 that ends a pass ("This door pass was revoked", "...has expired"), as the server words it. */
export const isPassEnded = (message: string) => /door pass (was revoked|has expired)/i.test(message);

/** The pass-ended screen's heading: the server's words when it gave them, else a plain one. */
export const passEndedHeading = (message: string | undefined) =>
  message && isPassEnded(message) ? message : 'This door pass can no longer be used';
