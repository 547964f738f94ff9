import { atom } from 'nanostores';
import { api } from '../../lib/api-client.ts';
import type { UserInfo } from '../../lib/types.ts';

/**
 * The signed-in user, as the dashboard islands see it. The readable `userInfo` cookie is a fast first
 * guess (display only); GET /api/v1/auth/session is the answer, since the server decides from the
 * httpOnly token.
 */
export type SessionState =
  | { status: 'loading'; user: UserInfo | null }
  | { status: 'signed-in'; user: UserInfo }
  | { status: 'signed-out'; user: null };

export const $session = atom<SessionState>({ status: 'loading', user: null });

/** Parses the userInfo cookie; undefined when missing or malformed. */
export function userInfoFromCookie(cookie: string): UserInfo | undefined {
  const match = /(?:^|;\s*)userInfo=([^;]*)/.exec(cookie);
  if (!match?.[1]) return undefined;
  try {
    const value = JSON.parse(decodeURIComponent(match[1])) as Partial<UserInfo>;
    if (typeof value.email !== 'string') return undefined;
    return {
      email: value.email,
      name: typeof value.name === 'string' ? value.name : value.email,
      isAdmin: value.isAdmin === true || String(value.isAdmin) === 'true',
      slug: typeof value.slug === 'string' ? value.slug : '',
    };
  } catch {
    return undefined;
  }
}

interface SessionBody {
  authenticated: boolean;
  userInfo: UserInfo;
}

/** Shows the cookie's guess at once, then asks the server. */
export async function loadSession(): Promise<SessionState> {
  const guess = typeof document === 'undefined' ? undefined : userInfoFromCookie(document.cookie);
  // Without the readable cookies there is no session to restore (spec §4), so no request (and no 401) is needed.
  if (!guess) {
    $session.set({ status: 'signed-out', user: null });
    return $session.get();
  }
  $session.set({ status: 'loading', user: guess });
  const result = await api.get<SessionBody>('/auth/session');
  const state: SessionState =
    result.ok && result.data.authenticated
      ? { status: 'signed-in', user: result.data.userInfo }
      : { status: 'signed-out', user: null };
  $session.set(state);
  return state;
}

/** Ends this browser's session on the server (and its cookies), then leaves for /login. */
export async function logout(): Promise<void> {
  await api.post('/auth/logout', {});
  $session.set({ status: 'signed-out', user: null });
  window.location.assign('/login');
}

/**
 * "Sign out everywhere": ends every session of the account on the server, this browser's included,
 * then leaves for /login. Resolves with the server's message when it refused.
 */
export async function logoutEverywhere(): Promise<string | undefined> {
  const result = await api.post('/auth/logout-everywhere', {});
  if (!result.ok) return result.message;
  $session.set({ status: 'signed-out', user: null });
  window.location.assign('/login');
  return undefined;
}
