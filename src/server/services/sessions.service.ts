import type { Kysely } from 'kysely';
import { DECOY_HASH, verifyPassword } from '../auth/password.ts';
import { newSessionId, SESSION_SECONDS, signSessionToken } from '../auth/tokens.ts';
import type { Chapter, Database } from '../db/schema.ts';
import { findAccountByEmail } from '../repositories/chapters.repository.ts';
import { carrySession, endSession, openSession } from '../repositories/sessions.repository.ts';
import { setAccountPassword } from './accounts.service.ts';
import { invalidInput } from './domain-errors.ts';
import { countLoginAttempt, refundLogin } from './rate-limits.service.ts';

/**
 * Signing in and out. A session is a row of `sessions` named by a signed token; the token is good
 * while its row counts (auth/current-user.ts reads it on every request). Attempts to prove a password, the
 * login form's and a password change's alike, share one set of counters (rate-limits.service.ts).
 */

/** What opening a session needs: the database and the secret its tokens are signed with. */
export interface SessionDeps {
  db: Kysely<Database>;
  sessionSecret: string;
}

/** A session just opened: the account it signs in and the token that names it. */
export interface OpenedSession {
  account: Chapter;
  token: string;
  sessionId: string;
}

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct';

/**
 * Opens a session for the account (a row of `sessions`) and signs the token that names it; the
 * account's sessions that no longer count go in the same statement (openSession).
 */
async function startSession({ db, sessionSecret }: SessionDeps, account: Chapter, now: Date): Promise<OpenedSession> {
  const sessionId = newSessionId();
  const expiresAt = new Date(now.getTime() + SESSION_SECONDS * 1000);
  await openSession(db, { id: sessionId, chapterId: account.id, version: account.sessionVersion, expiresAt }, now);
  const token = await signSessionToken(sessionSecret, { sub: account.id, sid: sessionId }, now);
  return { account, token, sessionId };
}

/**
 * A sign-in from the address `ip`. The attempt is counted before the password is checked (a refusal
 * past a limit is the rate-limited domain error), an unknown e-mail is checked against a decoy hash so
 * both take the same time, and the owner's success takes this address's attempts on the account back
 * (refundLogin). Undefined when the e-mail or password is wrong (the attempt stays counted).
 */
export async function logIn(
  deps: SessionDeps,
  { email, password }: { email: string; password: string },
  ip: string,
  now: Date,
): Promise<OpenedSession | undefined> {
  const attempt = { email, ip };
  await countLoginAttempt(deps.db, attempt, now);
  const account = await findAccountByEmail(deps.db, email);
  const ok = await verifyPassword(password, account?.passwordHash ?? DECOY_HASH);
  if (!account || !ok) return undefined;
  await refundLogin(deps.db, attempt);
  return startSession(deps, account, now);
}

/** Ends one session (logout); the account's other sessions go on. */
export function logOut(db: Kysely<Database>, sessionId: string): Promise<void> {
  return endSession(db, sessionId);
}

/**
 * A signed-in account changes its own password. A wrong current password counts as a failed sign-in
 * from `ip` (same counters, counted before the check), so a stolen session cannot guess it faster than
 * the login form could. Every other session of the account ends; the one it was done from (`sessionId`,
 * when it has one) goes on under the new session version.
 */
export async function changeOwnPassword(
  db: Kysely<Database>,
  account: Chapter,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
  { ip, sessionId }: { ip: string; sessionId: string | undefined },
  now: Date,
): Promise<Chapter> {
  const attempt = { email: account.email, ip };
  await countLoginAttempt(db, attempt, now);
  if (!(await verifyPassword(currentPassword, account.passwordHash))) {
    throw invalidInput(WRONG_CURRENT_PASSWORD, [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD }]);
  }
  await refundLogin(db, attempt);
  const changed = await setAccountPassword({ db, actor: account }, account, newPassword, now);
  if (sessionId) await carrySession(db, sessionId, changed.sessionVersion);
  return changed;
}
