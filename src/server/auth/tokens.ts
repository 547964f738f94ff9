import { SignJWT, jwtVerify } from 'jose';

export const SESSION_DAYS = 30;
export const SESSION_SECONDS = SESSION_DAYS * 24 * 60 * 60;

export interface TokenClaims {
  /** The chapter account id. */
  sub: string;
  /** The account's session version when issued; a password change makes older tokens invalid. */
  ver: number;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signSessionToken(secret: string, claims: TokenClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ver: claims.ver })
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
    if (typeof payload.sub !== 'string' || typeof payload['ver'] !== 'number') return undefined;
    return { sub: payload.sub, ver: payload['ver'] };
  } catch {
    return undefined;
  }
}
