/**
 * The name of the httpOnly cookie holding the session's signed token. auth/current-user.ts sets and reads
 * it; caching/cache-headers.ts keys per-session answers on it. It lives here, importing nothing, so
 * the caching rules need nothing from auth (whose session code reaches the caching rules through deps).
 */
export const TOKEN_COOKIE = 'token';
