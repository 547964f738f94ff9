import { useState } from 'react';
import { AUDIT_ENTITIES, type AuditActor, type AuditPage as AuditAnswer } from '../../lib/audit.ts';
import { formatReceivedAt } from '../../lib/format.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import { Loading, StatusPanel, secondaryLinkClass } from './ui/states.tsx';
import { useApi } from '../shared/use-api.ts';

export default function AuditPage() {
  return (
    <DashboardShell title="Audit Trail" adminOnly>
      {() => <AuditTrail />}
    </DashboardShell>
  );
}

const entityLabel = (type: string) => AUDIT_ENTITIES[type as keyof typeof AUDIT_ENTITIES] ?? type;
const ACTION_LABELS = { create: 'Created', update: 'Updated', delete: 'Deleted' } as const;

const cell = 'px-4 py-3 align-top';
const selectClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/** Who changed what and when, newest first, a page at a time; filtered by kind of record and by account. */
function AuditTrail() {
  const [entity, setEntity] = useState('');
  const [account, setAccount] = useState('');
  const [page, setPage] = useState(1);
  const query = new URLSearchParams({ page: String(page) });
  if (entity) query.set('entity', entity);
  if (account) query.set('account', account);
  const [trail] = useApi(`/audit?${query}`, (b: AuditAnswer) => b);
  // The account filter's choices, asked once, so they stay put while pages and filters load.
  const [actors] = useApi('/audit?pageSize=1', (b: AuditAnswer) => b.accounts);
  const known: AuditActor[] = actors.state === 'loaded' ? actors.data : [];

  const pages = trail.state === 'loaded' ? Math.max(1, Math.ceil(trail.data.total / trail.data.pageSize)) : 1;

  return (
    <div className="space-y-6">
      <form className="grid max-w-3xl gap-4 sm:grid-cols-2" onSubmit={(e) => e.preventDefault()}>
        <div>
          <label htmlFor="audit-entity" className="block text-sm font-medium text-slate-900 dark:text-white">
            Kind of record
          </label>
          <select
            id="audit-entity"
            className={selectClass}
            value={entity}
            onChange={(e) => {
              setEntity(e.target.value);
              setPage(1);
            }}
          >
            <option value="">All kinds</option>
            {Object.entries(AUDIT_ENTITIES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-account" className="block text-sm font-medium text-slate-900 dark:text-white">
            Done by
          </label>
          <select
            id="audit-account"
            className={selectClass}
            value={account}
            onChange={(e) => {
              setAccount(e.target.value);
              setPage(1);
            }}
          >
            <option value="">Everyone</option>
            {known.map((a) => (
              <option key={a.id} value={a.id}>
                {a.email}
              </option>
            ))}
          </select>
        </div>
      </form>

      {trail.state === 'loading' && <Loading what="the audit trail" />}
      {trail.state === 'error' && (
        <StatusPanel tone="error">
          <p>{trail.message}</p>
        </StatusPanel>
      )}
      {trail.state === 'loaded' && trail.data.entries.length === 0 && (
        <StatusPanel>
          <p>No changes recorded{entity || account ? ' for this filter' : ' yet'}.</p>
        </StatusPanel>
      )}
      {trail.state === 'loaded' && trail.data.entries.length > 0 && (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
            <table className="min-w-full divide-y divide-slate-200 text-left text-sm dark:divide-slate-700">
              <caption className="sr-only">Changes, newest first</caption>
              <thead className="bg-slate-50 text-slate-900 dark:bg-slate-900 dark:text-white">
                <tr>
                  {['When', 'Who', 'Action', 'Record', 'Fields'].map((h) => (
                    <th key={h} scope="col" className={cell}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 text-slate-700 dark:divide-slate-700 dark:text-slate-300">
                {trail.data.entries.map((e) => (
                  <tr key={e.id}>
                    <td className={`${cell} whitespace-nowrap`}>
                      <time dateTime={e.at}>{formatReceivedAt(e.at)}</time>
                    </td>
                    <td className={`${cell} break-all`}>{e.accountEmail}</td>
                    <td className={cell}>{ACTION_LABELS[e.action]}</td>
                    <td className={cell}>
                      {entityLabel(e.entityType)}
                      <span className="block font-mono text-xs break-all text-slate-600 dark:text-slate-400">
                        {e.entityId}
                      </span>
                    </td>
                    <td className={cell}>{e.fields.length > 0 ? e.fields.join(', ') : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Audit trail pages" className="flex flex-wrap items-center gap-4">
            <button
              type="button"
              className={`${secondaryLinkClass} disabled:cursor-not-allowed disabled:opacity-60`}
              disabled={page <= 1}
              onClick={() => setPage((p) => p - 1)}
            >
              Previous page
            </button>
            <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
              Page {trail.data.page} of {pages} ({trail.data.total} {trail.data.total === 1 ? 'change' : 'changes'})
            </p>
            <button
              type="button"
              className={`${secondaryLinkClass} disabled:cursor-not-allowed disabled:opacity-60`}
              disabled={page >= pages}
              onClick={() => setPage((p) => p + 1)}
            >
              Next page
            </button>
          </nav>
        </>
      )}
    </div>
  );
}
