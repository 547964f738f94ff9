import { PASS_EXPIRED, PASS_REVOKED, type ErrorCodeOf, type PassEndedCode } from '../api-errors.ts';
import { DAY_MS, HOUR_MS } from '../durations.ts';

/**
 * The rules of a door pass, in one place: how long it works, what it may still do once it has ended
 * (a check-in scanned before its end and sent within two hours of it; nothing after a revocation), and
 * how many walk-ins it may add. Pure: the server's services apply them with the injected clock, and the
 * check-in page words its notices with the same messages.
 */

export const MAX_DOOR_PASS_NAME_LENGTH = 80;
/** A pass works at most this long after it is made. */
export const MAX_DOOR_PASS_DAYS = 14;
/** By default a pass works until two hours after the event ends (late arrivals, the last queued scans). */
export const DEFAULT_DOOR_PASS_HOURS_AFTER_END = 2;
/** A scan queued offline longer than this is refused: the phone's clock or queue is not to be trusted. */
export const MAX_SCAN_AGE_DAYS = 7;
/**
 * After a pass's natural end, check-ins it scanned before the end are still taken for this long (a
 * phone offline at closing time sends them when it finds a network); then the pass can do nothing, and
 * its cookie, which lives this long past the end, is gone too.
 */
export const LATE_CHECK_IN_HOURS = 2;
/**
 * How many walk-ins a pass may add unless staff choose otherwise: enough for a busy door (a chapter
 * event seats about a hundred), few enough that a lost phone cannot fill the room.
 */
export const DEFAULT_WALK_IN_LIMIT = 20;
/** The most walk-ins staff may let one pass add. */
export const MAX_WALK_IN_LIMIT = 500;

/** Why a pass was revoked: by staff on its event's page, with its maker's sessions, or with its maker's account. */
export const DOOR_PASS_REVOKED_REASONS = ['staff', 'sign-out-everywhere', 'password', 'account-deleted'] as const;
export type DoorPassRevokedReason = (typeof DOOR_PASS_REVOKED_REASONS)[number];

export { PASS_EXPIRED, PASS_REVOKED };
export const PASS_OTHER_EVENT = 'This door pass is for another event';
export const SCANNED_AFTER_EXPIRED = 'Scanned after this door pass expired';
export const WALK_IN_AFTER_END =
  'This door pass had expired when the walk-in was sent: ask the event’s staff to add them';
export const SENT_TOO_LATE = `Sent more than ${LATE_CHECK_IN_HOURS} hours after this door pass expired: not recorded`;
export const walkInLimitReached = (limit: number) =>
  limit === 0
    ? 'This door pass cannot add walk-ins: ask the event’s staff to add them'
    : `This door pass has added its ${limit} ${limit === 1 ? 'walk-in' : 'walk-ins'}, its limit: ask the event’s staff to add more`;
export const VALID_UNTIL_PAST = 'Valid until must be later than now';
export const validUntilTooLate = () => `Valid until must be at most ${MAX_DOOR_PASS_DAYS} days from now`;
export const scanTooOld = () => `Scanned at is more than ${MAX_SCAN_AGE_DAYS} days ago: this scan is not accepted`;

/** What the rules need of a pass. */
export interface PassTimes {
  createdAt: Date;
  validUntil: Date;
  revokedAt: Date | null;
}

export type PassState = 'valid' | 'revoked' | 'expired';

/**
 * The pass's default end: its event's end plus two hours, or, when that is already past, now plus two
 * hours; never more than 14 days ahead (a pass made weeks before its event then ends sooner).
 */
export function defaultValidUntil(eventEnd: Date, now: Date): Date {
  const afterEvent = eventEnd.getTime() + DEFAULT_DOOR_PASS_HOURS_AFTER_END * HOUR_MS;
  const latest = now.getTime() + MAX_DOOR_PASS_DAYS * DAY_MS;
  if (afterEvent <= now.getTime()) return new Date(now.getTime() + DEFAULT_DOOR_PASS_HOURS_AFTER_END * HOUR_MS);
  return new Date(Math.min(afterEvent, latest));
}

/** Why a chosen end is refused (undefined: taken): it must be after now and at most 14 days ahead. */
export function validUntilRefusal(validUntil: Date, now: Date): string | undefined {
  if (validUntil.getTime() <= now.getTime()) return VALID_UNTIL_PAST;
  if (validUntil.getTime() > now.getTime() + MAX_DOOR_PASS_DAYS * DAY_MS) return validUntilTooLate();
  return undefined;
}

/**
 * The instant the pass stopped working, if it has: its revocation, whenever that was made (a
 * revocation is final: the server stamps it with its own time, which a staff member's laptop may not
 * have reached yet, and a pass revoked after its end is as dead as one revoked before), else its end.
 */
export function passEndedAt(pass: PassTimes, now: Date): { at: Date; why: 'revoked' | 'expired' } | undefined {
  if (pass.revokedAt !== null) return { at: pass.revokedAt, why: 'revoked' };
  if (pass.validUntil.getTime() <= now.getTime()) return { at: pass.validUntil, why: 'expired' };
  return undefined;
}

export const passState = (pass: PassTimes, now: Date): PassState => passEndedAt(pass, now)?.why ?? 'valid';

/** Why the pass may not act now, as the API answers (401, with its code): undefined while it works. */
export function passEndedRefusal(pass: PassTimes, now: Date): { code: PassEndedCode; message: string } | undefined {
  const ended = passEndedAt(pass, now);
  if (!ended) return undefined;
  return ended.why === 'revoked'
    ? { code: 'pass_revoked', message: PASS_REVOKED }
    : { code: 'pass_expired', message: PASS_EXPIRED };
}

/** Why the pass may not act now, in the API's words (401): undefined while it works. */
export const passRefusal = (pass: PassTimes, now: Date): string | undefined => passEndedRefusal(pass, now)?.message;

/**
 * Whether the pass can do nothing any more, whatever it sends: revoked, or expired more than the two
 * hours in which its late check-ins are taken. Its cookies are then worth nothing to keep (before that,
 * an expired pass's cookie still carries the check-ins it scanned in time).
 */
export function passIsOver(pass: PassTimes, now: Date): boolean {
  return pass.revokedAt !== null || now.getTime() >= pass.validUntil.getTime() + LATE_CHECK_IN_HOURS * HOUR_MS;
}

/** What a pass is asked to record: a check-in of someone registered, or a walk-in. */
export type DoorAct = 'check-in' | 'walk-in';

/**
 * Whether a check-in or walk-in scanned at `scannedAt` may be recorded with this pass now, and whether
 * it is sent late. A pass that works takes any scan. A revoked pass takes nothing, whatever the scan's
 * time (the queue of a lost phone is lost with it): 401. An expired pass takes a check-in scanned
 * before its end and sent within two hours of it, marked late; never a walk-in. A refusal is a 401 when
 * the request says no scan time (it is the pass acting now), else a 403 (that scan will never be taken).
 */
export function scanRefusal(
  pass: PassTimes,
  now: Date,
  act: DoorAct,
  scannedAt: Date | undefined,
):
  | { status: 401; code: ErrorCodeOf<401>; message: string }
  | { status: 403; code: ErrorCodeOf<403>; message: string }
  | { late: boolean } {
  const ended = passEndedAt(pass, now);
  if (!ended) return { late: false };
  if (ended.why === 'revoked') return { status: 401, code: 'pass_revoked', message: PASS_REVOKED };
  if (!scannedAt) return { status: 401, code: 'pass_expired', message: PASS_EXPIRED };
  if (act === 'walk-in') return { status: 403, code: 'pass_ended', message: WALK_IN_AFTER_END };
  if (scannedAt.getTime() >= ended.at.getTime())
    return { status: 403, code: 'pass_ended', message: SCANNED_AFTER_EXPIRED };
  if (now.getTime() >= ended.at.getTime() + LATE_CHECK_IN_HOURS * HOUR_MS)
    return { status: 403, code: 'pass_ended', message: SENT_TOO_LATE };
  return { late: true };
}

/**
 * When a scan made with a pass is recorded, given its time by scanTime. A time before the pass was made
 * means the phone's clock runs behind the server's (phones drift by seconds to minutes, and the pass is
 * often opened and used in the same minute): the scan is recorded at the pass's making, not refused.
 */
export const passScanAt = (pass: Pick<PassTimes, 'createdAt'>, at: Date): Date =>
  at.getTime() < pass.createdAt.getTime() ? pass.createdAt : at;

/**
 * When a scan is recorded: at its scan time when the phone sent one, else now. A phone whose clock runs
 * ahead is never believed past now; a scan time older than 7 days is refused (the message).
 */
export function scanTime(scannedAt: Date | undefined, now: Date): { at: Date } | { refusal: string } {
  if (!scannedAt) return { at: now };
  if (scannedAt.getTime() < now.getTime() - MAX_SCAN_AGE_DAYS * DAY_MS) return { refusal: scanTooOld() };
  return { at: scannedAt.getTime() > now.getTime() ? now : scannedAt };
}

/**
 * Seconds the pass's cookie lives from now: to the end of the two hours after the pass's end in which
 * its late check-ins are taken (at least a second, for a browser to set it).
 */
export function passCookieSeconds(validUntil: Date, now: Date): number {
  const until = validUntil.getTime() + LATE_CHECK_IN_HOURS * HOUR_MS;
  return Math.max(1, Math.floor((until - now.getTime()) / 1000));
}
