import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { ApiDeps } from '../deps.ts';
import type { Chapter } from '../db/schema.ts';
import type { AppEnv } from '../http/env.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { DOOR_PASS_COOKIE, TOKEN_COOKIE } from '../http/session-cookie.ts';
import { findDoorPass } from '../repositories/door-passes.repository.ts';
import { findSessionAccount } from '../repositories/sessions.repository.ts';
import { forViewer, inScope } from '../repositories/viewer-scope.ts';
import type { UserInfo } from '../../lib/types.ts';
import { SESSION_SECONDS, verifyDoorPassToken, verifySessionToken } from './tokens.ts';

/**
 * Session cookies: `token` (httpOnly, the signed JWT) decides who you are. `userInfo`, `authenticated`
 * and `isAdmin` are readable display hints for the pages; the server never trusts them.
 */
const READABLE_COOKIES = ['userInfo', 'authenticated', 'isAdmin'] as const;

export function userInfoOf(chapter: Chapter): UserInfo {
  return { email: chapter.email, name: chapter.name, isAdmin: chapter.isAdmin, slug: chapter.slug };
}

const isHttps = (c: Context) =>
  new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';

const cookieBase = (c: Context) => ({
  path: '/',
  sameSite: 'Lax' as const,
  secure: isHttps(c),
  maxAge: SESSION_SECONDS,
});

export function setSessionCookies(c: Context, token: string, chapter: Chapter) {
  setCookie(c, TOKEN_COOKIE, token, { ...cookieBase(c), httpOnly: true });
  setDisplayCookies(c, chapter);
}

/** The readable display cookies alone (the account's name or e-mail changed; the session did not). */
export function setDisplayCookies(c: Context, chapter: Chapter) {
  const base = cookieBase(c);
  setCookie(c, 'userInfo', JSON.stringify(userInfoOf(chapter)), base);
  setCookie(c, 'authenticated', 'true', base);
  setCookie(c, 'isAdmin', String(chapter.isAdmin), base);
}

export function clearSessionCookies(c: Context) {
  const secure = isHttps(c);
  for (const name of [TOKEN_COOKIE, ...READABLE_COOKIES]) deleteCookie(c, name, { path: '/', secure });
}

/**
 * Reads a bearer token or the session cookie and loads the account it names, if still valid; without
 * one, the door pass cookie and the pass it names (`doorPass`, never `user`: the staff session wins).
 */
export function authenticate({ config, database, now }: ApiDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const cookie = getCookie(c, TOKEN_COOKIE);
    const token = bearer ?? cookie;
    c.set('user', undefined);
    c.set('authVia', undefined);
    c.set('sessionId', undefined);
    c.set('doorPass', undefined);
    if (token) {
      const claims = await verifySessionToken(config.sessionSecret, token, now());
      // The signature alone is not enough: the session must still count (not logged out, not ended by a
      // password change or "Sign out everywhere").
      const chapter = claims && (await findSessionAccount(database.db, claims.sid, claims.sub, now()));
      if (claims && chapter) {
        c.set('user', chapter);
        c.set('authVia', bearer ? 'bearer' : 'cookie');
        c.set('sessionId', claims.sid);
      }
    }
    const passCookie = c.get('user') ? undefined : getCookie(c, DOOR_PASS_COOKIE);
    if (passCookie) {
      const passId = await verifyDoorPassToken(config.sessionSecret, passCookie, now());
      c.set('doorPass', passId ? await findDoorPass(database.db, passId) : undefined);
    }
    await next();
  };
}

export function currentUser(c: Context<AppEnv>): Chapter {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  currentUser(c);
  await next();
};

export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!currentUser(c).isAdmin) throw forbidden('Only administrators can do this');
  await next();
};

/**
 * A chapter account manages only its own records; admins manage everything (the viewer scope). The
 * refusal is the general one unless the caller names the record and what was asked, as an event's staff
 * pages do: "This event belongs to another chapter: only its chapter and admins can see its
 * registrations" (eventRefusal).
 */
export function assertCanManage(
  user: Chapter,
  ownerId: string,
  refusal = 'You can only change your own chapter’s records',
) {
  if (!inScope(forViewer(user), ownerId)) throw forbidden(refusal);
}

/** Another chapter's event: who may do what was asked ("see its registrations", "check people in"). */
export const eventRefusal = (action: string) =>
  `This event belongs to another chapter: only its chapter and admins can ${action}`;
