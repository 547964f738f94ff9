import DashboardShell from './ui/DashboardShell.tsx';

export default function WelcomePage() {
  return (
    <DashboardShell title="Dashboard">
      {(user) => (
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
      )}
    </DashboardShell>
  );
}
