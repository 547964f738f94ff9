import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, loadSession, REMEMBERED_USER_KEY } from '../../src/islands/shared/session-store.ts';
import { checkInScope } from '../../src/islands/dashboard/check-in/offline-shell.ts';
import { forgetKeptLists } from '../../src/islands/dashboard/check-in/door-store.ts';

// The kept door lists live in IndexedDB, which Node has not: what the session asks of them is recorded.
vi.mock('../../src/islands/dashboard/check-in/door-store.ts', () => ({ forgetKeptLists: vi.fn(async () => {}) }));

/**
 * The check-in page's session offline: with loadSession's `offline` (DashboardShell's offlineCapable),
 * no answer shows the user last confirmed on this phone; a 401 signs out and forgets them; without it,
 * no answer signs out as before.
 */
const USER = { email: 'door@e2e.example', name: 'Door Volunteer', isAdmin: false, slug: 'door' };

function stubBrowser(answer: () => Promise<Response>) {
  const stored = new Map<string, string>();
  vi.stubGlobal('document', { cookie: `userInfo=${encodeURIComponent(JSON.stringify(USER))}` });
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
    removeItem: (k: string) => void stored.delete(k),
  });
  vi.stubGlobal('fetch', vi.fn(answer));
  return stored;
}

const signedIn = () =>
  Promise.resolve(new Response(JSON.stringify({ authenticated: true, userInfo: USER }), { status: 200 }));
const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));
const gone = () => Promise.resolve(new Response(JSON.stringify({ message: 'Sign in' }), { status: 401 }));

describe('the session of a page that works offline', () => {
  beforeEach(() => {
    $session.set({ status: 'loading', user: null });
    vi.mocked(forgetKeptLists).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('remembers the confirmed user, and shows them, marked offline, when the server cannot be reached', async () => {
    const stored = stubBrowser(signedIn);
    expect(await loadSession({ offline: true })).toEqual({ status: 'signed-in', user: USER });
    expect(JSON.parse(stored.get(REMEMBERED_USER_KEY)!)).toEqual(USER);

    vi.stubGlobal('fetch', vi.fn(noNetwork));
    expect(await loadSession({ offline: true })).toEqual({ status: 'signed-in', user: USER, offline: true });
  });

  it('a 401 signs out and forgets the user', async () => {
    const stored = stubBrowser(signedIn);
    await loadSession({ offline: true });
    vi.stubGlobal('fetch', vi.fn(gone));
    expect(await loadSession({ offline: true })).toEqual({ status: 'signed-out', user: null });
    expect(stored.has(REMEMBERED_USER_KEY)).toBe(false);
    // Signed out: every kept list goes.
    expect(vi.mocked(forgetKeptLists).mock.calls.at(-1)).toEqual([undefined]);
    vi.stubGlobal('fetch', vi.fn(noNetwork));
    expect((await loadSession({ offline: true })).status).toBe('signed-out');
  });

  it('other pages (no offline option): no answer is signed out, and nothing is remembered', async () => {
    const stored = stubBrowser(signedIn);
    await loadSession();
    expect(stored.size).toBe(0);
    stored.set(REMEMBERED_USER_KEY, JSON.stringify(USER));
    vi.stubGlobal('fetch', vi.fn(noNetwork));
    expect(await loadSession()).toEqual({ status: 'signed-out', user: null });
  });

  it('signed in as another account than the one remembered, the other’s kept lists go before the page shows', async () => {
    const stored = stubBrowser(signedIn);
    const other = { ...USER, email: 'first@e2e.example', name: 'First Volunteer' };
    stored.set(REMEMBERED_USER_KEY, JSON.stringify(other));
    // The check-in page: only this account's lists stay, and this account is remembered.
    expect(await loadSession({ offline: true })).toEqual({ status: 'signed-in', user: USER });
    expect(vi.mocked(forgetKeptLists).mock.calls).toEqual([[USER.email]]);
    expect(JSON.parse(stored.get(REMEMBERED_USER_KEY)!)).toEqual(USER);
  });

  it('any dashboard page signed in as another account forgets the remembered one and its lists', async () => {
    const stored = stubBrowser(signedIn);
    stored.set(REMEMBERED_USER_KEY, JSON.stringify({ ...USER, email: 'first@e2e.example' }));
    expect(await loadSession()).toEqual({ status: 'signed-in', user: USER });
    expect(vi.mocked(forgetKeptLists).mock.calls).toEqual([[USER.email]]);
    expect(stored.has(REMEMBERED_USER_KEY)).toBe(false);

    // The same account again: nothing of theirs is touched.
    stored.set(REMEMBERED_USER_KEY, JSON.stringify(USER));
    vi.mocked(forgetKeptLists).mockClear();
    await loadSession();
    expect(forgetKeptLists).not.toHaveBeenCalled();
    expect(JSON.parse(stored.get(REMEMBERED_USER_KEY)!)).toEqual(USER);
  });

  it('shown offline as the remembered account, its lists stay', async () => {
    const stored = stubBrowser(noNetwork);
    stored.set(REMEMBERED_USER_KEY, JSON.stringify(USER));
    expect(await loadSession({ offline: true })).toEqual({ status: 'signed-in', user: USER, offline: true });
    expect(forgetKeptLists).not.toHaveBeenCalled();
  });

  it('a user remembered for another account than the cookie names is not shown', async () => {
    const stored = stubBrowser(noNetwork);
    stored.set(REMEMBERED_USER_KEY, JSON.stringify({ ...USER, email: 'someone@else.example' }));
    expect((await loadSession({ offline: true })).status).toBe('signed-out');
  });
});

describe('the check-in worker’s scope', () => {
  it('is the event’s folder (its attendee list and attendance report live there too, never from its cache)', () => {
    expect(checkInScope('/dashboard/events/6650a1/check-in')).toBe('/dashboard/events/6650a1/');
    expect(checkInScope('/dashboard/events/6650a1/check-in/')).toBe('/dashboard/events/6650a1/');
  });

  it('is never the folder of another dashboard page', () => {
    for (const path of [
      '/dashboard/events/check-in/',
      '/dashboard/events/edit-event/check-in',
      '/dashboard/events/registrations/check-in',
      '/dashboard/events/attendance/check-in',
      '/dashboard/events/a/b/check-in',
      '/dashboard/events/',
    ])
      expect(checkInScope(path), path).toBeUndefined();
  });
});
