import { Hono } from 'hono';
import { loginSchema, passwordChangeSchema } from '../../lib/schemas/auth.schema.ts';
import { ADMIN_ONLY_OWN_FIELDS, ownAccountSchema } from '../../lib/schemas/chapter.schema.ts';
import {
  clearSessionCookies,
  currentUser,
  requireUser,
  setDisplayCookies,
  setSessionCookies,
  userInfoOf,
} from '../auth/current-user.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import { forbidden, HttpError } from '../http/errors.ts';
import { toChapterAccount } from '../repositories/chapters.repository.ts';
import { editChapterAccount, endEverySession } from '../services/accounts.service.ts';
import { changeOwnPassword, logIn, logOut } from '../services/sessions.service.ts';

const INVALID = 'Invalid email or password';

export function authRoutes(deps: ApiDeps) {
  const { database, config, now, pageCache } = deps;
  const db = database.db;

  return (
    new Hono<AppEnv>()
      /**
       * The attempt is counted before the password is checked and taken back on the owner's success
       * (services/sessions.service.ts logIn); the token is in the answer for bearer clients, and in an
       * httpOnly cookie for the browser.
       */
      .post('/login', async (c) => {
        const credentials = await readJson(c, loginSchema);
        const session = await logIn({ db, sessionSecret: config.sessionSecret }, credentials, clientIp(c), now());
        if (!session) throw new HttpError(401, INVALID, undefined, undefined, undefined, 'invalid_credentials');
        setSessionCookies(c, session.token, session.account);
        return c.json({
          success: true,
          message: 'Login successful',
          token: session.token,
          userInfo: userInfoOf(session.account),
        });
      })
      /** Ends this session on the server (cookie or bearer alike); the account's other sessions go on. */
      .post('/logout', async (c) => {
        const sessionId = c.get('sessionId');
        if (sessionId) await logOut(db, sessionId);
        clearSessionCookies(c);
        return c.json({ success: true, message: 'Signed out' });
      })
      /** "Sign out everywhere": every session of the account ends, this one included, and the door passes it made. */
      .post('/logout-everywhere', requireUser, async (c) => {
        await endEverySession({ db, actor: currentUser(c) }, currentUser(c), now());
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
       * Any signed-in user's own password (services/sessions.service.ts changeOwnPassword: a wrong
       * current password counts as a failed sign-in). Every other session of the account ends; this one
       * goes on with the same token (no new token is handed out: a script in the page could otherwise
       * mint one).
       */
      .put('/password', requireUser, async (c) => {
        const passwords = await readJson(c, passwordChangeSchema);
        const caller = { ip: clientIp(c), sessionId: c.get('sessionId') };
        const account = await changeOwnPassword(db, currentUser(c), passwords, caller, now());
        return c.json({
          success: true,
          message: 'Password Changed Successfully',
          userInfo: userInfoOf(account),
        });
      })
  );
}
