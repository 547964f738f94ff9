import { Hono } from 'hono';
import { loginSchema } from '../../lib/schemas/auth.schema.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { clearSessionCookies, currentUser, setSessionCookies, userInfoOf } from '../auth/session.ts';
import { signSessionToken } from '../auth/tokens.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../env.ts';
import { readJson } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import { HttpError } from '../http/errors.ts';
import { assertNotLimited, LOGIN_ACCOUNT_LIMIT, LOGIN_IP_LIMIT, recordHit } from '../http/rate-limit.ts';
import { findAccountByEmail } from '../repositories/chapters.repository.ts';
import { clearHits } from '../repositories/rate-limits.repository.ts';

const INVALID = 'Invalid email or password';

export function authRoutes(deps: ApiDeps) {
  const { database, config, now } = deps;
  const db = database.db;
  // Compared against when the e-mail is unknown, so both cases take the same time.
  const decoyHash = hashPassword('decoy-password-for-timing');

  return new Hono<AppEnv>()
    .post('/login', async (c) => {
      const { email, password } = await readJson(c, loginSchema);
      const ipKey = [`login:ip:${clientIp(c, config.onNetlify)}`];
      const accountKey = [`login:email:${email}`];
      await assertNotLimited(db, ipKey, LOGIN_IP_LIMIT, now());
      await assertNotLimited(db, accountKey, LOGIN_ACCOUNT_LIMIT, now());

      const chapter = await findAccountByEmail(db, email);
      const ok = await verifyPassword(password, chapter?.passwordHash ?? (await decoyHash));
      if (!chapter || !ok) {
        await recordHit(db, ipKey, LOGIN_IP_LIMIT, now());
        await recordHit(db, accountKey, LOGIN_ACCOUNT_LIMIT, now());
        throw new HttpError(401, INVALID);
      }
      await clearHits(db, accountKey);
      const token = await signSessionToken(
        config.sessionSecret,
        { sub: chapter.id, ver: chapter.sessionVersion },
        now(),
      );
      setSessionCookies(c, token, chapter);
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
    });
}
