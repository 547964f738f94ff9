import { Hono, type Context } from 'hono';
import { loginSchema, passwordChangeSchema } from '../../lib/schemas/auth.schema.ts';
import { ADMIN_ONLY_OWN_FIELDS, ownAccountSchema } from '../../lib/schemas/chapter.schema.ts';
import { DECOY_HASH, verifyPassword } from '../auth/password.ts';
import {
  clearSessionCookies,
  currentUser,
  requireUser,
  setDisplayCookies,
  setSessionCookies,
  userInfoOf,
} from '../auth/session.ts';
import { newSessionId, SESSION_SECONDS, signSessionToken } from '../auth/tokens.ts';
import type { Chapter } from '../db/schema.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import { badRequest, forbidden, HttpError } from '../http/errors.ts';
import { countLoginAttempt, refundLogin } from '../http/rate-limit.ts';
import { findAccountByEmail, toChapterAccount } from '../repositories/chapters.repository.ts';
import { carrySession, endSession, openSession } from '../repositories/sessions.repository.ts';
import { editChapterAccount, endEverySession, setAccountPassword } from '../services/accounts.service.ts';

const INVALID = 'Invalid email or password';
const WRONG_CURRENT = 'Your current password is not correct';

export function authRoutes(deps: ApiDeps) {
  const { database, config, now, pageCache } = deps;
  const db = database.db;

  /**
   * Opens a session for the account (a row of `sessions`), signs this response in with its cookies and
   * returns the token (for bearer clients: only the login answer carries it).
   */
  async function startSession(c: Context<AppEnv>, account: Chapter) {
    const issued = now();
    const sid = newSessionId();
    const expiresAt = new Date(issued.getTime() + SESSION_SECONDS * 1000);
    await openSession(db, { id: sid, chapterId: account.id, version: account.sessionVersion, expiresAt }, issued);
    const token = await signSessionToken(config.sessionSecret, { sub: account.id, sid }, issued);
    setSessionCookies(c, token, account);
    return token;
  }

  return (
    new Hono<AppEnv>()
      /**
       * The attempt is counted before the password is checked (see countLoginAttempt); the owner's
       * success takes it back.
       */
      .post('/login', async (c) => {
        const { email, password } = await readJson(c, loginSchema);
        const attempt = { email, ip: clientIp(c) };
        await countLoginAttempt(db, attempt, now());

        const chapter = await findAccountByEmail(db, email);
        const ok = await verifyPassword(password, chapter?.passwordHash ?? DECOY_HASH);
        if (!chapter || !ok) throw new HttpError(401, INVALID);
        await refundLogin(db, attempt);
        const token = await startSession(c, chapter);
        return c.json({
          success: true,
          message: 'Login successful',
          token,
          userInfo: userInfoOf(chapter),
        });
      })
      /** Ends this session on the server (cookie or bearer alike); the account's other sessions go on. */
      .post('/logout', async (c) => {
        const sessionId = c.get('sessionId');
        if (sessionId) await endSession(db, sessionId);
        clearSessionCookies(c);
        return c.json({ success: true, message: 'Signed out' });
      })
      /** "Sign out everywhere": every session of the account ends, this one included. */
      .post('/logout-everywhere', requireUser, async (c) => {
        await endEverySession({ db, actor: currentUser(c) }, currentUser(c));
        clearSessionCookies(c);
        return c.json({ success: true, message: 'Signed out everywhere' });
      })
      .get('/session', (c) => {
        const user = currentUser(c);
        // `mailEnabled`: whether the site sends e-mail (SMTP_URL set); the event form offers
        // "confirm by e-mail" only then.
        return c.json({
          success: true,
          authenticated: true,
          userInfo: userInfoOf(user),
          mailEnabled: deps.mail.enabled,
        });
      })
      .get('/account', requireUser, (c) => c.json({ success: true, account: toChapterAccount(currentUser(c)) }))
      /**
       * One's own account: an admin's name, login e-mail, phone and public contact e-mail; a chapter's
       * public contact e-mail only (its name, login e-mail and phone are the admins' to change).
       */
      .put('/account', requireUser, async (c) => {
        const user = currentUser(c);
        const input = await readJson(c, ownAccountSchema);
        if (!user.isAdmin && ADMIN_ONLY_OWN_FIELDS.some((field) => input[field] !== undefined))
          throw forbidden(
            'An administrator changes a chapter’s name, login e-mail and phone; you can set its public e-mail',
          );
        const edited = await editChapterAccount({ db, pageCache, actor: user }, user, input, now());
        // The session goes on as it was: only the readable display cookies change.
        setDisplayCookies(c, edited);
        return c.json({
          success: true,
          message: 'Account Updated Successfully',
          account: toChapterAccount(edited),
          userInfo: userInfoOf(edited),
        });
      })
      /**
       * Any signed-in user's own password. A wrong current password counts as a failed sign-in of the
       * account (same counters, counted before the check), so a stolen session cannot guess it faster
       * than the login form could. Every other session of the account ends; this one goes on with the
       * same token (no new token is handed out: a script in the page could otherwise mint one).
       */
      .put('/password', requireUser, async (c) => {
        const user = currentUser(c);
        const { currentPassword, newPassword } = await readJson(c, passwordChangeSchema);
        const attempt = { email: user.email, ip: clientIp(c) };
        await countLoginAttempt(db, attempt, now());
        if (!(await verifyPassword(currentPassword, user.passwordHash))) {
          throw badRequest(WRONG_CURRENT, [{ path: 'currentPassword', message: WRONG_CURRENT }]);
        }
        await refundLogin(db, attempt);
        const account = await setAccountPassword({ db, actor: user }, user, newPassword, now());
        const sessionId = c.get('sessionId');
        if (sessionId) await carrySession(db, sessionId, account.sessionVersion);
        return c.json({
          success: true,
          message: 'Password Changed Successfully',
          userInfo: userInfoOf(account),
        });
      })
  );
}
