import { isPassEndedCode, type PassEndedCode } from '../api-errors.ts';
import { dhakaLocalToIso, dhakaWallClock, eventEndInstant, formatDhakaDateTime } from '../dhaka-time.ts';
import { walkInLimitField } from '../schemas/door-pass.schema.ts';
import type { DoorPassInfo, DoorPassItem } from '../types.ts';
import {
  DEFAULT_WALK_IN_LIMIT,
  LATE_CHECK_IN_HOURS,
  MAX_DOOR_PASS_NAME_LENGTH,
  PASS_EXPIRED,
  PASS_REVOKED,
  SENT_TOO_LATE,
  defaultValidUntil as passEnd,
  passState,
  validUntilRefusal,
  type DoorPassRevokedReason,
} from './door-pass-rules.ts';
import { HOUR_MS } from '../durations.ts';

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

/** The create form's walk-in limit field's first value. */
export const DEFAULT_WALK_IN_LIMIT_TEXT = String(DEFAULT_WALK_IN_LIMIT);

export type PassFormField = 'name' | 'validUntil' | 'walkInLimit';

/**
 * The create form's problems, in words: the volunteer's name, the "Valid until" field (Dhaka time) and
 * how many walk-ins the pass may add (a whole number, the API's own rule).
 */
export function passFormProblems(
  form: { name: string; validUntil: string; walkInLimit: string },
  now: Date,
): Partial<Record<PassFormField, string>> {
  const problems: Partial<Record<PassFormField, string>> = {};
  const name = form.name.trim();
  if (!name) problems.name = 'The volunteer’s name is required';
  else if (name.length > MAX_DOOR_PASS_NAME_LENGTH)
    problems.name = `The volunteer’s name must be at most ${MAX_DOOR_PASS_NAME_LENGTH} characters`;
  const until = dhakaLocalToIso(form.validUntil);
  const refusal = until ? validUntilRefusal(new Date(until), now) : 'Valid until must be a date and time';
  if (refusal) problems.validUntil = refusal;
  const limit = walkInLimitOf(form.walkInLimit);
  const checked = walkInLimitField.safeParse(limit);
  if (!checked.success) problems.walkInLimit = checked.error.issues[0]?.message ?? 'Walk-ins must be a whole number';
  return problems;
}

/** The walk-in limit field as the API takes it: a number (a blank or a word is no number, and is said so). */
export const walkInLimitOf = (text: string): number | string => {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
};

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

/** What the server said of an ended pass: its words, and its code (`pass_revoked`, `pass_expired`) when it gave one. */
export interface PassEnding {
  message: string;
  code?: PassEndedCode | undefined;
}

/**
 * The pass-ended screen's heading: the server's words when it said the pass was revoked or has expired
 * (its code), else a plain one (a 401 with no code: the pass's cookies were already gone).
 */
export const passEndedHeading = (ended: PassEnding | undefined) =>
  ended?.code ? ended.message : 'This door pass can no longer be used';

/**
 * A pass the server said has ended (a 401), as the phone remembers it: so a reload, offline or online,
 * and after the server cleared the pass's cookies, shows the ended screen and what was not recorded,
 * never the door again. `message` is the server's words, `code` its code.
 */
export interface EndedPass extends DoorPassInfo, PassEnding {
  /** ISO instant the phone learnt it. */
  endedAt: string;
}

/**
 * The code of a pass remembered by an earlier version of this page, which kept only the server's
 * words: those were always one of the two messages of lib/api-errors.ts.
 */
const keptCode = (message: string): PassEndedCode | undefined =>
  message === PASS_REVOKED ? 'pass_revoked' : message === PASS_EXPIRED ? 'pass_expired' : undefined;

/** How many ended passes a phone remembers (a volunteer's phone sees a few doors a season). */
export const ENDED_PASSES_KEPT = 20;

/** The ended passes a phone remembers, read from what it stored; anything malformed is left out. */
export function endedPassesFrom(stored: string | null): EndedPass[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (e): e is EndedPass =>
          typeof e === 'object' &&
          e !== null &&
          ['passId', 'name', 'eventId', 'validUntil', 'message', 'endedAt'].every(
            (key) => typeof (e as Record<string, unknown>)[key] === 'string',
          ) &&
          (e as EndedPass).passId !== '' &&
          (e as EndedPass).eventId !== '',
      )
      .map((e) => {
        const { code, ...rest } = e;
        const known = isPassEndedCode(code) ? code : keptCode(e.message);
        return known ? { ...rest, code: known } : rest;
      });
  } catch {
    return [];
  }
}

/**
 * The list with this pass remembered as ended: newest last, once per pass, at most ENDED_PASSES_KEPT.
 * The server's first words are kept (a revoked pass stays revoked), unless they were none: a plain
 * 401 of a pass whose cookies were already gone gives way to "revoked" or "expired" learnt later.
 */
export function withEndedPass(list: readonly EndedPass[], ended: EndedPass): EndedPass[] {
  const known = list.find((e) => e.passId === ended.passId);
  if (known && (known.code || !ended.code)) return [...list];
  return [...list.filter((e) => e !== known), ended].slice(-ENDED_PASSES_KEPT);
}

/** The pass whose lists an account key names (passAccount), if it is a pass's. */
export const passIdOfAccount = (account: string): string | undefined =>
  account.startsWith('door-pass:') ? account.slice('door-pass:'.length) || undefined : undefined;

/**
 * What becomes of what the phone still has queued once its pass has ended: sent once more while the
 * server may still take some (an expired pass's check-ins scanned before its end, for two hours after
 * it), else at once "Not recorded" with the reason (a revoked pass takes nothing, ever; nor does a
 * pass the server no longer knows, whose cookies are gone).
 */
export function queueAfterPassEnded(
  ended: PassEnding & Pick<EndedPass, 'validUntil'>,
  now: Date,
): { send: true } | { notRecorded: string } {
  if (ended.code !== 'pass_expired') return { notRecorded: passEndedHeading(ended) };
  const until = Date.parse(ended.validUntil);
  if (Number.isFinite(until) && now.getTime() >= until + LATE_CHECK_IN_HOURS * HOUR_MS)
    return { notRecorded: SENT_TOO_LATE };
  return { send: true };
}

/**
 * When and why a pass was revoked, as its staff list says it: "Revoked Nov 30, 2026, 10:05 AM GMT+6 by
 * staff", "… : Alpha Chapter signed out everywhere", "… : Alpha Chapter’s password was changed", "… : Alpha
 * Chapter’s account was deleted".
 */
export function revokedText(pass: Pick<DoorPassItem, 'revokedAt' | 'revokedReason' | 'createdBy'>): string {
  if (!pass.revokedAt) return '';
  const when = `Revoked ${formatDhakaDateTime(pass.revokedAt)}`;
  const why: Record<DoorPassRevokedReason, string> = {
    staff: `${when} by staff`,
    'sign-out-everywhere': `${when}: ${pass.createdBy.name} signed out everywhere`,
    password: `${when}: ${pass.createdBy.name}’s password was changed`,
    'account-deleted': `${when}: ${pass.createdBy.name}’s account was deleted`,
  };
  return why[pass.revokedReason ?? 'staff'];
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What a pass did, as its staff list says it: the people it checked in, the scans it sent (repeats
 * included; those sent late after its end said apart), its walk-ins against its limit, and when it was
 * last seen. A revoked pass's unsent scans are lost with it: these are what reached the server.
 */
export function passUseLines(
  pass: Pick<DoorPassItem, 'checkIns' | 'scans' | 'lateCheckIns' | 'walkIns' | 'walkInLimit' | 'lastUsedAt'>,
): string[] {
  const late = pass.lateCheckIns > 0 ? ` (${pass.lateCheckIns} sent late, after the pass ended)` : '';
  return [
    `${count(pass.checkIns, 'person', 'people')} checked in · ${count(pass.scans, 'scan', 'scans')} sent${late}`,
    `Walk-ins: ${pass.walkIns} of ${pass.walkInLimit}`,
    pass.lastUsedAt ? `Last seen ${formatDhakaDateTime(pass.lastUsedAt)}` : 'Not used yet',
  ];
}

/**
 * Until when a pass not revoked still does anything: its end plus the two hours its late check-ins are
 * taken. Staff may revoke it until then (a phone lost at closing time).
 */
export const sendsUntil = (pass: Pick<DoorPassItem, 'validUntil'>) =>
  new Date(Date.parse(pass.validUntil) + LATE_CHECK_IN_HOURS * HOUR_MS);

export const mayRevoke = (pass: Pick<DoorPassItem, 'validUntil' | 'revokedAt'>, now: Date) =>
  pass.revokedAt === null && now.getTime() < sendsUntil(pass).getTime();
