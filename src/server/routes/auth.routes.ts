import { Hono, type Context } from 'hono';
import { loginSchema, passwordChangeSchema } from '../../lib/schemas/auth.schema.ts';
import { ownAccountSchema } from '../../lib/schemas/chapter.schema.ts';
import { DECOY_HASH, verifyPassword } from '../auth/password.ts';
import {
  clearSessionCookies,
  currentUser,
  requireAdmin,
  requireUser,
  setSessionCookies,
  userInfoOf,
} from '../auth/session.ts';
import { signSessionToken } from '../auth/tokens.ts';
import type { Chapter } from '../db/schema.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import {
  assertNotLimited,
  LOGIN_ACCOUNT_LIMIT,
  LOGIN_IP_LIMIT,
  loginAccountKey,
  recordHit,
} from '../http/rate-limit.ts';
import { findAccountByEmail, toChapterAccount } from '../repositories/chapters.repository.ts';
import { clearHits } from '../repositories/rate-limits.repository.ts';
import { editChapterAccount, setAccountPassword } from '../services/accounts.service.ts';

const INVALID = 'Invalid email or password';
const WRONG_CURRENT = 'Your current password is not correct';

export function authRoutes(deps: ApiDeps) {
  const { database, config, now, pageCache } = deps;
  const db = database.db;

  /** Signs the account in on this response (cookies) and returns the token (for bearer clients). */
  async function startSession(c: Context<AppEnv>, account: Chapter) {
    const token = await signSessionToken(config.sessionSecret, { sub: account.id, ver: account.sessionVersion }, now());
    setSessionCookies(c, token, account);
    return token;
  }

  return (
    new Hono<AppEnv>()
      .post('/login', async (c) => {
        const { email, password } = await readJson(c, loginSchema);
        const ipKey = [`login:ip:${clientIp(c)}`];
        const accountKey = [loginAccountKey(email)];
        await assertNotLimited(db, ipKey, LOGIN_IP_LIMIT, now());
        await assertNotLimited(db, accountKey, LOGIN_ACCOUNT_LIMIT, now());

        const chapter = await findAccountByEmail(db, email);
        const ok = await verifyPassword(password, chapter?.passwordHash ?? DECOY_HASH);
        if (!chapter || !ok) {
          await recordHit(db, ipKey, LOGIN_IP_LIMIT, now());
          await recordHit(db, accountKey, LOGIN_ACCOUNT_LIMIT, now());
          throw new HttpError(401, INVALID);
        }
        await clearHits(db, accountKey);
        const token = await startSession(c, chapter);
        return c.json({
          success: true,
          message: 'Login successful',
          token,
          userInfo: userInfoOf(chapter),
        });
      })
      .post('/logout', (c) => {
        clearSessionCookies(c);
        return c.json({ success: true, message: 'Signed out' });
      })
      .get('/session', (c) => {
        const user = currentUser(c);
        return c.json({ success: true, authenticated: true, userInfo: userInfoOf(user) });
      })
      .get('/account', requireUser, (c) => c.json({ success: true, account: toChapterAccount(currentUser(c)) }))
      // An admin's own name, e-mail and phone (a chapter's are the admins' to change, on its account page).
      .put('/account', requireAdmin, async (c) => {
        const user = currentUser(c);
        const input = await readJson(c, ownAccountSchema);
        const edited = await editChapterAccount({ db, pageCache, actor: user }, user, input, now());
        // Same session version: only the readable display cookies change.
        const token = await startSession(c, edited);
        return c.json({
          success: true,
          message: 'Account Updated Successfully',
          token,
          account: toChapterAccount(edited),
          userInfo: userInfoOf(edited),
        });
      })
      /**
       * Any signed-in user's own password. A wrong current password counts as a failed sign-in of the
       * account (same limit, same counter), so a stolen session cannot guess it faster than the login
       * form could. Every other session of the account ends; this one gets a fresh token.
       */
      .put('/password', requireUser, async (c) => {
        const user = currentUser(c);
        const { currentPassword, newPassword } = await readJson(c, passwordChangeSchema);
        const accountKey = [loginAccountKey(user.email)];
        await assertNotLimited(db, accountKey, LOGIN_ACCOUNT_LIMIT, now());
        if (!(await verifyPassword(currentPassword, user.passwordHash))) {
          await recordHit(db, accountKey, LOGIN_ACCOUNT_LIMIT, now());
          throw badRequest(WRONG_CURRENT, [{ path: 'currentPassword', message: WRONG_CURRENT }]);
        }
        const account = await setAccountPassword({ db, actor: user }, user, newPassword, now());
        const token = await startSession(c, account);
        return c.json({
          success: true,
          message: 'Password Changed Successfully',
          token,
          userInfo: userInfoOf(account),
        });
      })
  );
}
