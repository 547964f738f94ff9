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
  /** `offline`: the server could not be reached; the user is the one remembered on this phone (loadSession's `offline`). */
  | { status: 'signed-in'; user: UserInfo; offline?: true }
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

/**
 * Where a page that works offline (the check-in page) remembers who the server last said was signed in.
 * localStorage, not sessionStorage: it must survive the tab being closed and opened again, not only a
 * reload. It holds what the readable userInfo cookie already holds, and is forgotten on logout and on
 * any answer that the session is gone.
 */
export const REMEMBERED_USER_KEY = 'ieee-cs-bdc:offline-user';

function rememberUser(user: UserInfo | undefined) {
  try {
    if (user) localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(REMEMBERED_USER_KEY);
  } catch {
    // Storage refused (private mode, full): the page then simply does not open offline.
  }
}

/**
 * Forgets the door lists the check-in page kept: all of them, or those another account than `keepOf`
 * fetched (door-store.ts is loaded only now: the rest of the dashboard never needs IndexedDB's code).
 */
async function forgetKeptLists(keepOf?: string): Promise<void> {
  try {
    const store = await import('../dashboard/check-in/door-store.ts');
    await store.forgetKeptLists(keepOf);
  } catch {
    // No IndexedDB here (or it refused): nothing was kept in it either.
  }
}

/** Signed out: this phone forgets who was signed in, and the door lists the check-in page kept. */
async function forgetOfflineData(): Promise<void> {
  rememberUser(undefined);
  await forgetKeptLists();
}

/** The user remembered on this phone, whoever it is. */
function rememberedAccount(): UserInfo | undefined {
  try {
    const user = JSON.parse(localStorage.getItem(REMEMBERED_USER_KEY) ?? 'null') as UserInfo | null;
    return user && typeof user.email === 'string' ? user : undefined;
  } catch {
    return undefined;
  }
}

/** The remembered user, when it is the one the session cookie names. */
function rememberedUser(guess: UserInfo): UserInfo | undefined {
  const user = rememberedAccount();
  return user?.email === guess.email ? user : undefined;
}

/**
 * The server confirmed `user` signed in. What this phone keeps belongs to the account that fetched it:
 * signed in as another account than the one remembered (a sign-in over an expired session, or as
 * someone else), the other's kept door lists go before any page shows them. The check-in page itself
 * (`offline`) remembers `user` and keeps only their lists, whatever was remembered.
 */
async function claimOfflineData(user: UserInfo, offline: boolean): Promise<void> {
  const previous = rememberedAccount();
  const another = previous !== undefined && previous.email !== user.email;
  if (offline) rememberUser(user);
  else if (another) rememberUser(undefined);
  if (offline || another) await forgetKeptLists(user.email);
}

export interface LoadSessionOptions {
  /**
   * Only for pages that work offline: remember the signed-in user on this phone, and when the server
   * cannot be reached at all (no answer, not a 401) show that user, marked `offline`, instead of
   * signing out. Without it, no answer is signed out, as before.
   */
  offline?: boolean;
}

/** Shows the cookie's guess at once, then asks the server. */
export async function loadSession({ offline = false }: LoadSessionOptions = {}): Promise<SessionState> {
  const guess = typeof document === 'undefined' ? undefined : userInfoFromCookie(document.cookie);
  // A session is restored only from its readable cookies: without them no request (and no 401) is needed.
  if (!guess) {
    if (offline) await forgetOfflineData();
    $session.set({ status: 'signed-out', user: null });
    return $session.get();
  }
  // Checking again a session shown offline keeps the page up meanwhile (its queue, its scans).
  const current = $session.get();
  if (!(current.status === 'signed-in' && current.offline)) $session.set({ status: 'loading', user: guess });
  const result = await api.get<SessionBody>('/auth/session');
  const remembered = offline && result.status === 0 ? rememberedUser(guess) : undefined;
  const state: SessionState =
    result.ok && result.data.authenticated
      ? { status: 'signed-in', user: result.data.userInfo }
      : remembered
        ? { status: 'signed-in', user: remembered, offline: true }
        : { status: 'signed-out', user: null };
  if (state.status === 'signed-in' && !state.offline) await claimOfflineData(state.user, offline);
  else if (offline && !remembered) await forgetOfflineData();
  $session.set(state);
  return state;
}

/** Ends this browser's session on the server (and its cookies), then leaves for /login. */
export async function logout(): Promise<void> {
  await api.post('/auth/logout', {});
  await forgetOfflineData();
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
  await forgetOfflineData();
  $session.set({ status: 'signed-out', user: null });
  window.location.assign('/login');
  return undefined;
}
