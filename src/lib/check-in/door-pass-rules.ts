/**
 * The rules of a door pass, in one place: how long it works, and whether it may act at an instant, for
 * a scan made at another (a check-in queued offline is judged by when it was scanned). Pure: the
 * server's services apply them with the injected clock, and the check-in page words its notices with
 * the same messages.
 */

export const MAX_DOOR_PASS_NAME_LENGTH = 80;
/** A pass works at most this long after it is made. */
export const MAX_DOOR_PASS_DAYS = 14;
/** By default a pass works until two hours after the event ends (late arrivals, the last queued scans). */
export const DEFAULT_DOOR_PASS_HOURS_AFTER_END = 2;
/** A scan queued offline longer than this is refused: the phone's clock or queue is not to be trusted. */
export const MAX_SCAN_AGE_DAYS = 7;
/** The pass's cookie outlives the pass by this long, so scans queued before its end can still be sent. */
export const DOOR_PASS_COOKIE_GRACE_HOURS = 24;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const PASS_REVOKED = 'This door pass was revoked';
export const PASS_EXPIRED = 'This door pass has expired';
export const PASS_OTHER_EVENT = 'This door pass is for another event';
export const SCANNED_AFTER_REVOKED = 'Scanned after this door pass was revoked';
export const SCANNED_AFTER_EXPIRED = 'Scanned after this door pass expired';
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

/** The instant the pass stopped working (its revocation or its end, whichever came first), if it has. */
export function passEndedAt(pass: PassTimes, now: Date): { at: Date; why: 'revoked' | 'expired' } | undefined {
  const expired = pass.validUntil.getTime() <= now.getTime();
  // A revocation is a fact once made, whatever this clock says: the server stamps it with its own time,
  // which a staff member's laptop may not have reached yet.
  const revoked = pass.revokedAt !== null;
  if (revoked && (!expired || pass.revokedAt!.getTime() <= pass.validUntil.getTime()))
    return { at: pass.revokedAt!, why: 'revoked' };
  if (expired) return { at: pass.validUntil, why: 'expired' };
  return undefined;
}

export const passState = (pass: PassTimes, now: Date): PassState => passEndedAt(pass, now)?.why ?? 'valid';

/** Why the pass may not act now, as the API answers (401): undefined while it works. */
export function passRefusal(pass: PassTimes, now: Date): string | undefined {
  const ended = passEndedAt(pass, now);
  if (!ended) return undefined;
  return ended.why === 'revoked' ? PASS_REVOKED : PASS_EXPIRED;
}

/**
 * Whether a check-in or walk-in scanned at `scannedAt` may be recorded with this pass now. A pass that
 * works takes any scan; one that has ended takes only a scan made while it worked (sent late from the
 * offline queue). Undefined: accepted; otherwise the refusal, 401 when the request says no scan time
 * (it is the pass acting now), 403 when the scan itself came too late or too early.
 */
export function scanRefusal(
  pass: PassTimes,
  now: Date,
  scannedAt: Date | undefined,
): { status: 401 | 403; message: string } | undefined {
  const ended = passEndedAt(pass, now);
  if (!ended) return undefined;
  if (!scannedAt) return { status: 401, message: ended.why === 'revoked' ? PASS_REVOKED : PASS_EXPIRED };
  if (scannedAt.getTime() < ended.at.getTime()) return undefined;
  return { status: 403, message: ended.why === 'revoked' ? SCANNED_AFTER_REVOKED : SCANNED_AFTER_EXPIRED };
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

/** Seconds the pass's cookie lives from now: to its end plus a day (at least a second, for a browser to set it). */
export function passCookieSeconds(validUntil: Date, now: Date): number {
  const until = validUntil.getTime() + DOOR_PASS_COOKIE_GRACE_HOURS * HOUR_MS;
  return Math.max(1, Math.floor((until - now.getTime()) / 1000));
}
