import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';
import { passCookieSeconds, passIsOver } from '../../lib/check-in/door-pass-rules.ts';
import type { DoorPassInfo } from '../../lib/types.ts';
import type { DoorPassRow } from '../db/schema.ts';
import type { AppEnv } from '../http/env.ts';
import { unauthorized } from '../http/errors.ts';
import { overHttps } from '../http/security-headers.ts';
import { DOOR_PASS_COOKIE, DOOR_PASS_INFO_COOKIE } from '../http/session-cookie.ts';
import { signDoorPassToken } from './tokens.ts';

/**
 * A door pass's session: its own two cookies (never the staff `token`), set when its link is opened
 * (pages/door/[secret].ts) and read by `authenticate` into the context's `doorPass` (never `user`, so
 * every staff route keeps refusing it). `doorPass` holds the signed token naming the pass; `doorPassInfo`
 * tells the check-in page, before any request and offline, which pass this phone is. The cookies live
 * until a day after the pass ends, so scans queued before its end can still be sent; the pass's row
 * decides what each request may do.
 */

export const doorPassInfoOf = (pass: Pick<DoorPassRow, 'id' | 'name' | 'eventId' | 'validUntil'>): DoorPassInfo => ({
  passId: pass.id,
  name: pass.name,
  eventId: pass.eventId,
  validUntil: pass.validUntil.toISOString(),
});

/** The Set-Cookie values that sign a phone in as the pass. */
export async function doorPassCookies(
  sessionSecret: string,
  pass: Pick<DoorPassRow, 'id' | 'name' | 'eventId' | 'validUntil'>,
  now: Date,
  https: boolean,
): Promise<string[]> {
  const maxAge = passCookieSeconds(pass.validUntil, now);
  const token = await signDoorPassToken(sessionSecret, pass.id, now, maxAge);
  const base = { path: '/', sameSite: 'Lax' as const, secure: https, maxAge };
  return [
    serialize(DOOR_PASS_COOKIE, token, { ...base, httpOnly: true }),
    serialize(DOOR_PASS_INFO_COOKIE, JSON.stringify(doorPassInfoOf(pass)), base),
  ];
}

/** Signs the phone out of the pass (the pass itself stays valid). */
export function clearDoorPassCookies(c: Context, https: boolean) {
  for (const name of [DOOR_PASS_COOKIE, DOOR_PASS_INFO_COOKIE]) deleteCookie(c, name, { path: '/', secure: https });
}

/**
 * A phone whose pass can do nothing any more (revoked; expired past its late check-ins; or a cookie that
 * names no pass, such as one deleted with its event) is signed out of it by the 401 it gets: the answer
 * clears both cookies, so the phone stops presenting it and its page stops reading itself as that door.
 * An expired pass keeps its cookies while its late check-ins are still taken. A staff session on the
 * same phone is left alone: the pass's cookie was not read.
 */
export function forgetEndedDoorPass(now: () => Date): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.status !== 401 || c.get('user') || !getCookie(c, DOOR_PASS_COOKIE)) return;
    const pass = c.get('doorPass');
    if (pass && !passIsOver(pass, now())) return;
    const secure = overHttps(c.req.url, c.req.header('x-forwarded-proto'));
    for (const name of [DOOR_PASS_COOKIE, DOOR_PASS_INFO_COOKIE])
      c.res.headers.append('Set-Cookie', serialize(name, '', { path: '/', secure, maxAge: 0, expires: new Date(0) }));
  };
}

/** The pass the request came with (whether it still works is the caller's to judge); 401 without one. */
export function requestDoorPass(c: Context<AppEnv>): DoorPassRow {
  const pass = c.get('doorPass');
  if (!pass) throw unauthorized();
  return pass;
}
