import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const SESSION_DAYS = 30;
export const SESSION_SECONDS = SESSION_DAYS * 24 * 60 * 60;

export interface TokenClaims {
  /** The chapter account id. */
  sub: string;
  /** The session (a row of `sessions`): the token is good while that row counts (see findSessionAccount). */
  sid: string;
}

/** A new session's id: 256 random bits. */
export const newSessionId = () => randomBytes(32).toString('base64url');

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signSessionToken(secret: string, claims: TokenClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + SESSION_SECONDS)
    .sign(key(secret));
}

/** The token's claims, or undefined when it is malformed, tampered with or expired. */
export async function verifySessionToken(secret: string, token: string, now: Date): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      currentDate: now,
    });
    // Tokens from before sessions had rows carry no sid: their holders sign in again.
    if (typeof payload.sub !== 'string' || typeof payload['sid'] !== 'string') return undefined;
    return { sub: payload.sub, sid: payload['sid'] };
  } catch {
    return undefined;
  }
}

/**
 * A door pass's token: names the pass (`sub`) and says it is one (`typ`), so it can never be read as a
 * staff session (which needs `sid`) nor a session as a pass. It lives as long as the pass's cookie; the
 * pass's row decides whether it still works (revoked, expired).
 */
const DOOR_PASS_TYPE = 'door-pass';

export async function signDoorPassToken(secret: string, passId: string, now: Date, seconds: number): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: DOOR_PASS_TYPE })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(passId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + seconds)
    .sign(key(secret));
}

/** The pass a door-pass token names, or undefined when it is malformed, tampered with, expired or not a pass's. */
export async function verifyDoorPassToken(secret: string, token: string, now: Date): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], currentDate: now });
    if (payload['typ'] !== DOOR_PASS_TYPE || typeof payload.sub !== 'string' || 'sid' in payload) return undefined;
    return payload.sub;
  } catch {
    return undefined;
  }
}
