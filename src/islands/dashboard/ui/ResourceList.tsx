import type { ReactNode } from 'react';
import { EmptyState, Loading, StatusPanel, buttonClass } from './states.tsx';
import type { Loaded } from '../../shared/use-api.ts';

/** The card every dashboard list shows an item in (excom cards add their own centring). */
export const cardClass =
  'flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900';

interface Props<T> {
  result: Loaded<T[]>;
  /** What is loading, for the status text: "events", "excom members". */
  what: string;
  /** The empty state's heading and the link to the add form it offers. */
  empty: { heading: string; href: string; linkLabel: string };
  /** The add button above a non-empty list. */
  add: { href: string; label: string };
  /** One <li> per item. */
  children: (item: T) => ReactNode;
}

/** A dashboard list: loading, error, empty state with an add link, or an add button and a grid of up to 4 columns. */
export default function ResourceList<T>({ result, what, empty, add, children }: Props<T>) {
  if (result.state === 'loading') return <Loading what={what} />;
  if (result.state === 'error')
    return (
      <StatusPanel tone="error">
        <p>{result.message}</p>
      </StatusPanel>
    );
  if (result.data.length === 0) return <EmptyState {...empty} />;
  return (
    <>
      <p className="mb-6">
        <a href={add.href} className={buttonClass}>
          {add.label}
        </a>
      </p>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">{result.data.map(children)}</ul>
    </>
  );
}
