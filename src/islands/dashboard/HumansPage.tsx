import { api } from '../../lib/api-client.ts';
import type { Human } from '../../lib/types.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import DeleteButton from './ui/DeleteButton.tsx';
import { EmptyState, Loading, StatusPanel, buttonClass } from './ui/states.tsx';
import { useApi } from './ui/use-api.ts';

export default function HumansPage() {
  return (
    <DashboardShell title="Humans" adminOnly>
      {() => <HumanList />}
    </DashboardShell>
  );
}

function HumanList() {
  const [humans, reload] = useApi('/humans', (b: { humans: Human[] }) => b.humans);
  if (humans.state === 'loading') return <Loading what="humans" />;
  if (humans.state === 'error')
    return (
      <StatusPanel tone="error">
        <p>{humans.message}</p>
      </StatusPanel>
    );
  if (humans.data.length === 0)
    return <EmptyState heading="No Humans Found" href="/dashboard/add-humans" linkLabel="Add Human" />;
  return (
    <>
      <p className="mb-6">
        <a href="/dashboard/add-humans" className={buttonClass}>
          Add Human
        </a>
      </p>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {humans.data.map((h) => (
          <li
            key={h.id}
            className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900"
          >
            <img
              src={h.image}
              alt={`Photo of ${h.name}`}
              width={400}
              height={300}
              loading="lazy"
              className="aspect-[4/3] w-full object-cover"
            />
            <div className="flex flex-1 flex-col p-4">
              <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{h.name}</h2>
              <p className="mt-1 line-clamp-4 text-sm text-slate-700 dark:text-slate-300">{h.description}</p>
              <div className="mt-auto pt-4">
                <DeleteButton
                  itemLabel={h.name}
                  remove={() => api.delete(`/humans/${encodeURIComponent(h.id)}`)}
                  successMessage="Human Deleted Successfully"
                  onDeleted={reload}
                />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
