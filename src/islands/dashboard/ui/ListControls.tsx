import { useId, type ReactNode } from 'react';
import { pageSummary, type PageWindow } from './list-query.ts';
import { secondaryLinkClass } from './states.tsx';

export const controlClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';
const labelClass = 'block text-sm font-medium text-slate-800 dark:text-slate-200';

/** The labelled search field above a dashboard list; `maxLength`: as long as the API takes a search. */
export function SearchBox({
  label,
  value,
  onChange,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div className="w-full sm:max-w-xs">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        maxLength={maxLength}
        className={controlClass}
      />
    </div>
  );
}

/** A labelled filter select (committee, year, handled state). */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="w-full sm:w-auto sm:min-w-36">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={controlClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The row of search and filters above a list. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return <div className="mb-4 flex flex-wrap items-end gap-4">{children}</div>;
}

/**
 * "Showing 1–12 of 30 events" (see pageSummary), announced politely as searching or paging changes it, and the
 * previous/next buttons once there is more than one page.
 */
export function Pager({
  window: w,
  what,
  onPage,
}: {
  window: PageWindow;
  /** The items, plural: "events", "messages". */
  what: string;
  onPage: (page: number) => void;
}) {
  const summary = pageSummary(w, what);
  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
      <p role="status" aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
        {summary}
      </p>
      {w.pages > 1 && (
        <nav aria-label={`Pages of ${what}`} className="flex items-center gap-3">
          <button
            type="button"
            className={`${secondaryLinkClass} disabled:cursor-not-allowed disabled:opacity-50`}
            disabled={w.page <= 1}
            onClick={() => onPage(w.page - 1)}
          >
            Previous page
          </button>
          <span className="text-sm text-slate-700 dark:text-slate-300">
            Page {w.page} of {w.pages}
          </span>
          <button
            type="button"
            className={`${secondaryLinkClass} disabled:cursor-not-allowed disabled:opacity-50`}
            disabled={w.page >= w.pages}
            onClick={() => onPage(w.page + 1)}
          >
            Next page
          </button>
        </nav>
      )}
    </div>
  );
}
