import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  countHits,
  countHitsForEvent,
  forgiveHits,
  takeBackHit,
  type Counted,
} from '../repositories/rate-limits.repository.ts';
import { tooManyAttempts } from './domain-errors.ts';
import { HOUR_MS, MINUTE_MS } from '../../lib/durations.ts';

/**
 * Attempts are counted before they are checked: one statement adds this attempt to every counter it
 * concerns and returns the new counts, and only then is the limit compared. Parallel attempts each get
 * their own number, so N at once let through no more than a counter allows (a check followed by a
 * later count let all N pass). Sign-ins the owner wins are taken back with the typos before them
 * (`refundLogin`), so the counters hold strangers' failures and refused attempts; a registration that
 * was not kept is taken back from its room's allowance (`RoomSeat.release`), so that counter holds the
 * registrations kept. Every limit counts the caller as http/client-ip.ts reads them (IPv6 by its /64).
 */
export interface Limit {
  limit: number;
  windowMs: number;
}

const MINUTES_15 = 15 * MINUTE_MS;

/**
 * Every rate limit of the site, each with its window: a counter's window starts with its first hit and
 * the limit applies until the window ends. The counters' table keeps no limit on its rows, so a counter
 * expires (may be deleted) once the longest window here has passed (EXPIRED_AFTER_MS): a limit counted
 * anywhere must be in this table, or its counters could be deleted while its window is still running.
 * (What a mailbox receives is capped apart, from the mail sent: email/mail-cap.ts.)
 */
export const RATE_LIMITS = {
  /** Sign-in attempts per account from one address: a stranger at another address is not slowed by them. */
  loginPair: { limit: 10, windowMs: MINUTES_15 },
  /** Sign-in attempts per address across accounts (higher than one account's: a campus shares one address). */
  loginIp: { limit: 30, windowMs: MINUTES_15 },
  /**
   * The account-wide ceiling. Past it the account is under attack: an address may then make only
   * loginUnderAttackPair's attempts on it per window (the owner's typo), not loginPair's. An address
   * that has not failed on the account still gets its attempts, so a stranger's failures never lock
   * the owner out; a guesser with many addresses gets a few guesses per address.
   */
  loginAccount: { limit: 10, windowMs: MINUTES_15 },
  /** An address's attempts on an account under attack, counted on loginPair's counter and window. */
  loginUnderAttackPair: { limit: 3, windowMs: MINUTES_15 },
  /** Contact-form messages per address. */
  contact: { limit: 5, windowMs: 10 * MINUTE_MS },
  /**
   * Registrations a room may make: those that succeeded, per address (an IPv6 /64: http/client-ip.ts)
   * and event, in an hour. A whole hall registers through one address (a campus's Wi-Fi, a carrier's
   * NAT: most phones in Bangladesh reach the internet that way), so the allowance is sized for the
   * largest hall, never for one person; what it bounds is how many made-up people one machine adds to
   * an event. Only registrations that were kept use it up: an attempt refused for any reason (an e-mail
   * already registered, a closed event, a missing answer, the honeypot) is taken back.
   */
  registrationRoom: { limit: 300, windowMs: HOUR_MS },
  /**
   * The loop guard: every registration attempt from one address (any event, any outcome once the event
   * was found), in an hour. A room of hundreds retrying typos stays far below it; a script looping on the
   * form does not, and is stopped without costing the database more than a counter.
   */
  registrationAttempt: { limit: 1000, windowMs: HOUR_MS },
  /** "Send my ticket again" for one mailbox at one event (ticket-again-limit.service.ts): a few an hour. */
  ticketAgain: { limit: 3, windowMs: HOUR_MS },
} as const satisfies Record<string, Limit>;

export const LOGIN_PAIR_LIMIT: Limit = RATE_LIMITS.loginPair;
export const LOGIN_IP_LIMIT: Limit = RATE_LIMITS.loginIp;
export const LOGIN_ACCOUNT_CEILING: Limit = RATE_LIMITS.loginAccount;
export const LOGIN_UNDER_ATTACK_PAIR_LIMIT = RATE_LIMITS.loginUnderAttackPair.limit;
export const CONTACT_LIMIT: Limit = RATE_LIMITS.contact;
export const REGISTRATION_ROOM_LIMIT: Limit = RATE_LIMITS.registrationRoom;
export const REGISTRATION_ATTEMPT_LIMIT: Limit = RATE_LIMITS.registrationAttempt;

/** The counters of one account: the login form and a password change with a wrong current one share them. */
export const loginAccountKey = (email: string) => `login:email:${email.toLowerCase()}`;
export const loginPairKey = (email: string, ip: string) => `login:pair:${email.toLowerCase()}:${ip}`;
export const loginIpKey = (ip: string) => `login:ip:${ip}`;
export const contactKey = (ip: string) => `contact:ip:${ip}`;
/** Registrations kept for one event from one address (the room's allowance); `eventId` is the event's own id. */
export const registrationRoomKey = (ip: string, eventId: string) => `register:room:${ip}:${eventId}`;
/** Every registration attempt from one address (the loop guard). */
export const registrationAttemptKey = (ip: string) => `register:attempts:${ip}`;

/**
 * A counter whose window started longer ago than the longest window of any limit has ended whatever
 * limit it counted for (rows do not record their limit), so it may be deleted.
 */
export const EXPIRED_AFTER_MS = Math.max(...Object.values(RATE_LIMITS).map((l) => l.windowMs));

/** Counts one hit against each key (one statement, which also deletes some expired counters) and returns the new counts. */
export function recordHit(db: Kysely<Database>, keys: string[], { windowMs }: Limit, now: Date) {
  return countHits(db, keys, { windowMs, now }, new Date(now.getTime() - EXPIRED_AFTER_MS));
}

const retryAfter = (counted: Counted | undefined, windowMs: number, now: Date) =>
  counted ? (counted.windowStart.getTime() + windowMs - now.getTime()) / 1000 : windowMs / 1000;

/** Counts a contact-form message from this address; 429 once the address is past its limit. */
export async function countContact(db: Kysely<Database>, ip: string, now: Date): Promise<void> {
  const key = contactKey(ip);
  const counted = (await recordHit(db, [key], CONTACT_LIMIT, now)).get(key);
  if (counted && counted.count > CONTACT_LIMIT.limit)
    throw tooManyAttempts(retryAfter(counted, CONTACT_LIMIT.windowMs, now));
}

const inMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

/** The 429 of a room past its allowance: what happened, and what to do. */
export const roomFullMessage = (retryAfterSeconds: number) =>
  `So many people have registered for this event from your network (a campus or mobile network shares one address) that registration from it is paused. Please try again in ${inMinutes(retryAfterSeconds)}, or register over another connection such as mobile data.`;
/** The 429 of the loop guard. */
export const tooManyAttemptsMessage = (retryAfterSeconds: number) =>
  `Too many registration attempts from your network. Please try again in ${inMinutes(retryAfterSeconds)}. If you have registered already, your ticket is in your e-mail.`;

/** A registration counted against its room's allowance, to be taken back unless it is kept. */
export interface RoomSeat {
  /** Takes the hit back: the attempt was refused, so the room keeps its allowance. */
  release(): Promise<void>;
}

/**
 * Counts a registration attempt from this address for this event, before anything is checked or kept:
 * one statement adds it to the loop guard and to the room's allowance and returns both counts, and
 * counts nothing when no published event has that id (undefined: the caller answers 404, and no
 * counter names an event that does not exist). 429 when either is over (the room's hit taken back);
 * otherwise the caller keeps the registration or releases the hit. `eventId` must be an id the
 * repositories accept (ids.ts), so every spelling of one event is one counter.
 */
export async function countRegistrationAttempt(
  db: Kysely<Database>,
  ip: string,
  eventId: string,
  now: Date,
): Promise<RoomSeat | undefined> {
  const attemptKey = registrationAttemptKey(ip);
  const roomKey = registrationRoomKey(ip, eventId);
  const counts = await countHitsForEvent(
    db,
    [attemptKey, roomKey],
    { windowMs: REGISTRATION_ROOM_LIMIT.windowMs, now },
    new Date(now.getTime() - EXPIRED_AFTER_MS),
    eventId,
  );
  const attempts = counts.get(attemptKey);
  const room = counts.get(roomKey);
  if (!attempts || !room) return undefined;
  const seat: RoomSeat = { release: () => takeBackHit(db, roomKey, room.windowStart) };
  if (attempts.count > REGISTRATION_ATTEMPT_LIMIT.limit) {
    await seat.release();
    const wait = retryAfter(attempts, REGISTRATION_ATTEMPT_LIMIT.windowMs, now);
    throw tooManyAttempts(wait, tooManyAttemptsMessage(wait));
  }
  if (room.count > REGISTRATION_ROOM_LIMIT.limit) {
    await seat.release();
    const wait = retryAfter(room, REGISTRATION_ROOM_LIMIT.windowMs, now);
    throw tooManyAttempts(wait, roomFullMessage(wait));
  }
  return seat;
}

/**
 * An attempt on the registration forms that keeps no seat ("Send my ticket again"): it goes to the
 * same loop guard as registrations, so a script cycling through addresses is stopped like one cycling
 * through registrations, while a room asking for a few lost tickets never meets it.
 */
export async function countFormAttempt(db: Kysely<Database>, ip: string, now: Date): Promise<void> {
  const key = registrationAttemptKey(ip);
  const counted = (await recordHit(db, [key], REGISTRATION_ATTEMPT_LIMIT, now)).get(key);
  if (counted && counted.count > REGISTRATION_ATTEMPT_LIMIT.limit) {
    const wait = retryAfter(counted, REGISTRATION_ATTEMPT_LIMIT.windowMs, now);
    throw tooManyAttempts(wait, tooManyAttemptsMessage(wait));
  }
}

export interface LoginAttempt {
  email: string;
  ip: string;
}

const loginKeys = ({ email, ip }: LoginAttempt) => ({
  ip: loginIpKey(ip),
  pair: loginPairKey(email, ip),
  account: loginAccountKey(email),
});

/**
 * Counts a sign-in attempt (before the password is checked) and throws 429 when it is over a limit:
 * the address's own, the address's on this account, or, while the account is past its ceiling, the
 * smaller allowance of an address on an account under attack.
 */
export async function countLoginAttempt(db: Kysely<Database>, attempt: LoginAttempt, now: Date): Promise<void> {
  const keys = loginKeys(attempt);
  const counts = await recordHit(db, [keys.ip, keys.pair, keys.account], LOGIN_PAIR_LIMIT, now);
  const ip = counts.get(keys.ip);
  const pair = counts.get(keys.pair);
  const account = counts.get(keys.account);
  const over: Counted[] = [];
  if (ip && ip.count > LOGIN_IP_LIMIT.limit) over.push(ip);
  if (pair && pair.count > LOGIN_PAIR_LIMIT.limit) over.push(pair);
  const underAttack = account !== undefined && account.count > LOGIN_ACCOUNT_CEILING.limit;
  if (pair && underAttack && pair.count > LOGIN_UNDER_ATTACK_PAIR_LIMIT) over.push(pair);
  if (over.length === 0) return;
  throw tooManyAttempts(Math.max(...over.map((counted) => retryAfter(counted, LOGIN_PAIR_LIMIT.windowMs, now))));
}

/**
 * The attempt was the owner's: this address's attempts on the account (this one and any typos before
 * it) are forgotten and taken back from the address's and the account's counters. The account's
 * failures from other addresses stay counted, so an attack in progress stays visible to the ceiling.
 */
export function refundLogin(db: Kysely<Database>, attempt: LoginAttempt): Promise<void> {
  const keys = loginKeys(attempt);
  return forgiveHits(db, keys.pair, [keys.ip, keys.account]);
}
