import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $session, loadSession, logout } from '../../shared/session-store.ts';
import type { UserInfo } from '../../../lib/types.ts';
import { AppToaster, toast } from '../../shared/toast.tsx';
import { takeFlashToast } from './after-save.ts';
import { usePathname } from '../../shared/use-address.ts';
import { ADMIN_NAV, CHAPTER_NAV, activeNavHref } from './nav.ts';
import SectionNav from './SectionNav.tsx';
import { chapterPageHref } from './site-links.ts';
import { StatusPanel } from './states.tsx';
import { $unhandledMessages, refreshUnhandledMessages } from './unhandled-messages.ts';

interface Props {
  /** The page's heading. */
  title: string;
  /** Only admins may use the page (the API answers 403 to chapter accounts anyway). */
  adminOnly?: boolean;
  /**
   * The page works offline (only the check-in page): when the session cannot be checked for want of a
   * network, it shows the user last signed in on this phone, under an offline banner, instead of
   * leaving for /login (a 401 still does), and checks again once the network is back.
   */
  offlineCapable?: boolean;
  /** The page body, given the signed-in user; rendered only once access is settled. */
  children: (user: UserInfo) => ReactNode;
}

/** Asks the server about the session (see loadSession's `offline`); signed out: off to the login page. */
function checkSession(offline: boolean): void {
  void loadSession({ offline }).then((state) => {
    if (state.status === 'signed-out') window.location.replace('/login');
  });
}

/** Top bar, role sidebar and the session guard around every dashboard page. */
export default function DashboardShell({ title, adminOnly = false, offlineCapable = false, children }: Props) {
  const session = useStore($session);
  const unhandled = useStore($unhandledMessages);
  const isAdmin = session.status === 'signed-in' && session.user.isAdmin;
  const path = usePathname() ?? '';
  // The dashboard renders only in the browser (client:only), so the page's own metadata is at hand.
  const [siteName] = useState(
    () => document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content || 'Home',
  );

  useEffect(() => checkSession(offlineCapable), [offlineCapable]);

  // Shown from what this phone remembers: once the network is back, the server answers again.
  const offline = session.status === 'signed-in' && session.offline === true;
  useEffect(() => {
    if (!offline) return;
    const recheck = () => checkSession(true);
    window.addEventListener('online', recheck);
    return () => window.removeEventListener('online', recheck);
  }, [offline]);

  useEffect(() => {
    if (isAdmin && !offline) void refreshUnhandledMessages();
  }, [isAdmin, offline]);

  // The spec's success toast of a form that saved and came here (an edit returning to its list).
  const signedIn = session.status === 'signed-in';
  useEffect(() => {
    if (!signedIn) return;
    const message = takeFlashToast();
    if (message) toast.success(message);
  }, [signedIn]);

  if (session.status !== 'signed-in') {
    return (
      <main id="main" className="flex min-h-screen items-center justify-center p-8">
        <p role="status" className="text-slate-700 dark:text-slate-300">
          {session.status === 'signed-out' ? 'Redirecting to sign in...' : 'Checking your session...'}
        </p>
      </main>
    );
  }

  const user = session.user;
  const nav = user.isAdmin ? ADMIN_NAV : CHAPTER_NAV;
  const active = activeNavHref(nav, path);
  const allowed = !adminOnly || user.isAdmin;

  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-1 px-4 py-3 sm:flex-nowrap sm:px-6">
          <a href="/" className="flex shrink-0 items-center gap-2 font-bold text-slate-900 dark:text-white">
            <img src="/logo.svg" alt="" width="32" height="32" className="h-8 w-8" />
            <span>
              {siteName}
              <span className="sr-only"> home</span>
            </span>
          </a>
          {/* One line, cut short where the bar is narrow (read out whole); on a phone under the bar, so the page starts on the first screen. */}
          <p
            title={`Signed in as ${user.name} (${user.email})`}
            className="order-last w-full truncate text-sm text-slate-700 sm:order-none sm:w-auto sm:min-w-0 sm:flex-1 dark:text-slate-300"
          >
            Signed in as{' '}
            <strong className="font-semibold text-slate-900 dark:text-white" data-testid="identity">
              {user.name} ({user.email})
            </strong>
          </p>
          <div className="ml-auto flex shrink-0 items-center gap-3">
            <a
              href="/dashboard"
              className="rounded-md px-3 py-2 text-sm font-medium text-brand-800 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-slate-800"
            >
              Dashboard
            </a>
            <button
              type="button"
              onClick={() => void logout()}
              className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
            >
              Logout
            </button>
          </div>
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <SectionNav
          items={nav}
          active={active}
          unhandled={unhandled}
          // A chapter's own public page: what its events, excom and landing info make.
          site={user.isAdmin ? undefined : { href: chapterPageHref(user.slug), label: 'your chapter page' }}
        />
        <main id="main" className="fade-in min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
          {offline && (
            <p
              role="status"
              className="mb-4 rounded-md border border-amber-600 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950 dark:border-amber-400 dark:bg-slate-900 dark:text-amber-100"
            >
              Offline: showing the list kept on this device. Your sign-in is checked again when the network is back.
            </p>
          )}
          <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
            {allowed ? title : 'Not allowed'}
          </h1>
          {allowed ? (
            children(user)
          ) : (
            <StatusPanel tone="error">
              <p>This page is for administrators only. Your chapter account cannot open it.</p>
              <p className="mt-3">
                <a href="/dashboard" className="font-semibold text-brand-800 underline dark:text-brand-300">
                  Back to the dashboard
                </a>
              </p>
            </StatusPanel>
          )}
        </main>
      </div>
      <AppToaster />
    </div>
  );
}
