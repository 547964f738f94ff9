import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';
import { passCookieSeconds } from '../../lib/check-in/door-pass-rules.ts';
import type { DoorPassInfo } from '../../lib/types.ts';
import type { DoorPassRow } from '../db/schema.ts';
import type { AppEnv } from '../http/env.ts';
import { unauthorized } from '../http/errors.ts';
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

/** The pass the request came with (whether it still works is the caller's to judge); 401 without one. */
export function requestDoorPass(c: Context<AppEnv>): DoorPassRow {
  const pass = c.get('doorPass');
  if (!pass) throw unauthorized();
  return pass;
}
