import { useState } from 'react';
import {
  AUDIT_ENTITIES,
  type AuditActor,
  type AuditEntry,
  type AuditFieldChange,
  type AuditPage as AuditAnswer,
  type AuditValue,
} from '../../lib/audit-vocabulary.ts';
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
          <ol aria-label="Changes, newest first" className="space-y-3">
            {trail.data.entries.map((entry) => (
              <AuditCard key={entry.id} entry={entry} />
            ))}
          </ol>
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

/** Field names as a person reads them; the rest are the API's camelCase names spelt out. */
const FIELD_LABELS: Record<string, string> = {
  eventDate: 'Date',
  eventLink: 'Registration link',
  websiteUrl: 'Website URL',
  facebookUrl: 'Facebook URL',
  linkedinUrl: 'LinkedIn URL',
  videoUrl: 'Video URL',
  linkedin: 'LinkedIn',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
};
const fieldLabel = (field: string) =>
  FIELD_LABELS[field] ??
  field
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ ([A-Z])/g, (m) => m.toLowerCase());

/** Longer than this, a value folds away behind its first words. */
const LONG = 120;

function valueText(value: AuditValue | undefined): string {
  if (value === null || value === undefined) return '(none)';
  if (value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : '(none)';
  return String(value);
}

function Value({ value }: { value: AuditValue | undefined }) {
  const text = valueText(value);
  if (text.length <= LONG) return <span className="whitespace-pre-line [overflow-wrap:anywhere]">{text}</span>;
  return (
    <details className="inline-block max-w-full align-top">
      <summary className="cursor-pointer [overflow-wrap:anywhere]">{text.slice(0, LONG - 20).trimEnd()}…</summary>
      <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">{text}</p>
    </details>
  );
}

/** One field's change: the new value of a create, "before → after" of an edit, or that it changed when its values are not kept. */
function FieldChange({ change }: { change: AuditFieldChange | undefined }) {
  if (!change) return <span className="italic text-slate-600 dark:text-slate-400">changed (value not shown)</span>;
  if (!('from' in change)) return <Value value={change.to} />;
  return (
    <span className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className="sr-only">from</span>
      <del className="rounded bg-red-50 px-1 text-red-900 decoration-red-700/60 dark:bg-red-950 dark:text-red-100">
        <Value value={change.from} />
      </del>
      <span aria-hidden="true">→</span>
      <span className="sr-only">to</span>
      <ins className="rounded bg-green-50 px-1 text-green-900 no-underline dark:bg-green-950 dark:text-green-100">
        <Value value={change.to} />
      </ins>
    </span>
  );
}

const ACTION_BADGES = {
  create: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-50',
  update: 'bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-50',
  delete: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50',
} as const;

/**
 * One change as a card: when and who beside (wide screens) or above (narrow) what happened to which
 * record, by its name then, linked while it exists, with the values that changed.
 */
function AuditCard({ entry }: { entry: AuditEntry }) {
  // Without a name the trail may show (a contact-form message, an upload, an older row): its kind and the start of its id.
  const name = entry.entityName ?? `${entityLabel(entry.entityType)} ${entry.entityId.slice(0, 8)}`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700 sm:grid sm:grid-cols-[15rem_minmax(0,1fr)] sm:gap-6 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
      <div className="mb-3 space-y-0.5 sm:mb-0">
        <p className="font-medium text-slate-900 dark:text-white">
          <time dateTime={entry.at}>{formatReceivedAt(entry.at)}</time>
        </p>
        <p>
          <span className="sr-only">By </span>
          {entry.accountName ?? entry.accountEmail}
        </p>
        {entry.accountName && <p className="break-words text-slate-600 dark:text-slate-400">{entry.accountEmail}</p>}
      </div>
      <div className="min-w-0">
        <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span className={`rounded px-2 py-0.5 text-xs font-semibold ${ACTION_BADGES[entry.action]}`}>
            {ACTION_LABELS[entry.action]}
          </span>
          {entry.entityName !== null && (
            <span className="text-slate-600 dark:text-slate-400">{entityLabel(entry.entityType)}</span>
          )}
          {entry.link ? (
            <a
              href={entry.link}
              className="font-semibold text-brand-700 underline [overflow-wrap:anywhere] hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200"
            >
              {name}
            </a>
          ) : (
            <span className="font-semibold text-slate-900 [overflow-wrap:anywhere] dark:text-white">
              {name} <span className="text-xs font-normal text-slate-600 dark:text-slate-400">(no longer exists)</span>
            </span>
          )}
        </p>
        {entry.fields.length > 0 &&
          (entry.action === 'create' ? (
            // A create names every field it stored: folded, so the trail stays a list of changes.
            <details className="mt-3">
              <summary className="cursor-pointer font-medium text-brand-700 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200">
                What it was created with ({entry.fields.length} {entry.fields.length === 1 ? 'field' : 'fields'})
              </summary>
              <FieldChanges entry={entry} />
            </details>
          ) : (
            <FieldChanges entry={entry} />
          ))}
      </div>
    </li>
  );
}

function FieldChanges({ entry }: { entry: AuditEntry }) {
  return (
    <dl className="mt-3 space-y-2">
      {entry.fields.map((field) => (
        <div key={field} className="sm:grid sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
          <dt className="font-medium text-slate-900 dark:text-white">{fieldLabel(field)}</dt>
          <dd className="min-w-0">
            <FieldChange change={entry.changes[field]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
