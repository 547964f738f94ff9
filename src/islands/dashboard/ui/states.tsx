import type { ReactNode } from 'react';

/** A bordered message box for loading, empty, error and not-allowed states. */
export function StatusPanel({ tone = 'info', children }: { tone?: 'info' | 'error'; children: ReactNode }) {
  const colours =
    tone === 'error'
      ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
      : 'border-slate-200 bg-slate-50 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border p-6 ${colours}`}>
      {children}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <StatusPanel>
      <p>Loading {what}...</p>
    </StatusPanel>
  );
}

/** The "No Events Found" style empty state, with its add link. */
export function EmptyState({ heading, href, linkLabel }: { heading: string; href: string; linkLabel: string }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{heading}</h2>
      <a
        href={href}
        className="mt-4 inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
      >
        {linkLabel}
      </a>
    </div>
  );
}

export const buttonClass =
  'inline-flex items-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800';
export const dangerButtonClass =
  'inline-flex items-center rounded-md border border-red-600 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950';
export const secondaryLinkClass =
  'inline-flex items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800';

/** The way back to the list a form belongs to ("Go Back", as the spec's edit-event form has it). */
export function GoBack({ href }: { href: string }) {
  return (
    <a href={href} className={secondaryLinkClass}>
      Go Back
    </a>
  );
}
