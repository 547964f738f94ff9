/**
 * The name of the httpOnly cookie holding the session's signed token. auth/current-user.ts sets and reads
 * it; caching/cache-headers.ts keys per-session answers on it. It lives here, importing nothing, so
 * the caching rules need nothing from auth (whose session code reaches the caching rules through deps).
 */
export const TOKEN_COOKIE = 'token';

/**
 * A door pass's cookies (auth/door-pass-session.ts): `doorPass` (httpOnly, the pass's signed token) and
 * `doorPassInfo` (a readable display hint for the check-in page). Never the staff `token`: a staff member
 * who opens a pass link keeps their own session.
 */
export const DOOR_PASS_COOKIE = 'doorPass';
export const DOOR_PASS_INFO_COOKIE = 'doorPassInfo';
