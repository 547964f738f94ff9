import { useId, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { formatEventDate } from '../../lib/format.ts';
import { editPath, registrationsPath } from '../../lib/registration/registration-links.ts';
import type { EventItem, RegistrationOverviewItem, UserInfo } from '../../lib/types.ts';
import { useApi, type Loaded } from '../shared/use-api.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import { $unhandledMessages } from './ui/unhandled-messages.ts';

export default function WelcomePage() {
  return (
    <DashboardShell title="Dashboard">
      {(user) => (
        <>
          <div className="max-w-2xl space-y-3 text-slate-700 dark:text-slate-300">
            <p className="text-lg">
              Welcome, <span className="font-semibold text-slate-900 dark:text-white">{user.name}</span>.
            </p>
            <p>
              {user.isAdmin
                ? 'Manage events, chapter accounts, support messages, humans and committee members from the menu.'
                : 'Manage your chapter’s events, executive committee and landing page from the menu.'}
            </p>
          </div>
          <Overview user={user} />
        </>
      )}
    </DashboardShell>
  );
}

const linkClass = 'font-medium text-brand-700 underline hover:text-brand-800 dark:text-brand-300';

/**
 * What needs attention, below the spec's welcome: upcoming events taking registrations here
 * (seats taken of capacity), unhandled support messages (admins), and drafts not yet published.
 */
function Overview({ user }: { user: UserInfo }) {
  const [upcoming] = useApi('/registrations/overview', (b: { events: RegistrationOverviewItem[] }) => b.events);
  const [drafts] = useApi('/events/myevents', (b: { events: EventItem[] }) =>
    b.events.filter((e) => e.status === 'draft'),
  );
  const unhandled = useStore($unhandledMessages);
  return (
    <div className="mt-10 grid gap-6 lg:grid-cols-2">
      <Panel heading="Upcoming registrations">
        {/* Events registered for on their own link have no seats here to count: the API leaves them out. */}
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
          Upcoming events that take registrations on this site.
        </p>
        <Listed
          loaded={upcoming}
          what="the registrations"
          empty="No upcoming event takes registrations on this site."
          item={(o) => (
            <li key={o.eventId}>
              <a href={registrationsPath(o.eventId)} className={linkClass}>
                {o.title}
              </a>
              <span className="block text-sm text-slate-700 dark:text-slate-300">
                {formatEventDate(o.eventDate)} ·{' '}
                {o.capacity == null
                  ? `${o.confirmed} registered, no seat limit`
                  : `${o.confirmed} of ${o.capacity} ${o.capacity === 1 ? 'seat' : 'seats'} taken`}
                {o.waitlisted > 0 && ` · ${o.waitlisted} on the waitlist`}
              </span>
            </li>
          )}
        />
      </Panel>
      {user.isAdmin && (
        <Panel heading="Support messages">
          <p className="text-slate-700 dark:text-slate-300">
            {unhandled === undefined ? (
              'Counting unhandled messages...'
            ) : (
              <a href="/dashboard/contact-list" className={linkClass}>
                {unhandled === 1 ? '1 unhandled message' : `${unhandled} unhandled messages`}
              </a>
            )}
          </p>
        </Panel>
      )}
      <Panel heading="Drafts">
        <Listed
          loaded={drafts}
          what="your drafts"
          empty="No drafts: every event is published."
          item={(e) => (
            <li key={e.id}>
              <a href={editPath('event', e.id)} className={linkClass}>
                {e.title}
              </a>
              <span className="block text-sm text-slate-700 dark:text-slate-300">{formatEventDate(e.eventDate)}</span>
            </li>
          )}
        />
      </Panel>
    </div>
  );
}

function Panel({ heading, children }: { heading: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
        {heading}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Listed<T>({
  loaded,
  what,
  empty,
  item,
}: {
  loaded: Loaded<T[]>;
  what: string;
  empty: string;
  item: (value: T) => ReactNode;
}) {
  if (loaded.state === 'loading') return <p className="text-slate-700 dark:text-slate-300">Loading {what}...</p>;
  if (loaded.state === 'error') return <p className="text-red-700 dark:text-red-400">{loaded.message}</p>;
  if (loaded.data.length === 0) return <p className="text-slate-700 dark:text-slate-300">{empty}</p>;
  return <ul className="space-y-3">{loaded.data.map(item)}</ul>;
}
