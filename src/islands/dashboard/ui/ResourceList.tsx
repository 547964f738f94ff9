import type { ReactNode } from 'react';
import { EmptyState, Loading, StatusPanel, buttonClass } from './states.tsx';
import type { Loaded } from '../../shared/use-api.ts';
import { GRID_PAGE_SIZE, searchAndPage } from './list-query.ts';
import { ListToolbar, Pager, SearchBox } from './ListControls.tsx';
import type { SearchState } from './use-list-query.ts';

/** The card every dashboard list shows an item in (excom cards add their own centring). */
export const cardClass =
  'flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900';

/** A list searched and paged in the browser: it is fetched whole, and these lists stay small. */
export interface ListSearch<T> {
  /** The page's list state (useListQuery), shared with its own filters. */
  list: SearchState;
  /** The search box's label: "Search events". */
  label: string;
  /** The text a search looks in: the fields shown on the card. */
  textOf: (item: T) => string;
}

interface Props<T> {
  result: Loaded<T[]>;
  /** What is loading, for the status text: "events", "excom members". */
  what: string;
  /** The empty state's heading and the link to the add form it offers. */
  empty: { heading: string; href: string; linkLabel: string };
  /** The add button above a non-empty list. */
  add: { href: string; label: string };
  search?: ListSearch<T>;
  /** Filters shown beside the search box (they are the page's own; the list shows what they loaded). */
  filters?: ReactNode;
  /** One <li> per item. */
  children: (item: T) => ReactNode;
}

/**
 * A dashboard list: loading, error, empty state with an add link, or an add button and a grid of up
 * to 4 columns; with `search`, a search box above and pages below.
 */
export default function ResourceList<T>({ result, what, empty, add, search, filters, children }: Props<T>) {
  const toolbar = (search || filters) && (
    <ListToolbar>
      {search && <SearchBox label={search.label} value={search.list.input} onChange={search.list.setInput} />}
      {filters}
    </ListToolbar>
  );
  let body: ReactNode;
  if (result.state === 'loading') body = <Loading what={what} />;
  else if (result.state === 'error')
    body = (
      <StatusPanel tone="error">
        <p>{result.message}</p>
      </StatusPanel>
    );
  else if (result.data.length === 0) body = <EmptyState {...empty} />;
  else {
    const shown = search
      ? searchAndPage(result.data, { ...search.list, pageSize: GRID_PAGE_SIZE }, search.textOf)
      : undefined;
    body = (
      <>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {(shown?.items ?? result.data).map(children)}
        </ul>
        {shown && search && <Pager window={shown.window} what={what} onPage={search.list.setPage} />}
      </>
    );
  }
  return (
    <>
      {result.state === 'loaded' && result.data.length > 0 && (
        <p className="mb-6">
          <a href={add.href} className={buttonClass}>
            {add.label}
          </a>
        </p>
      )}
      {/* Filters choose what is loaded, so they stay while it loads or is empty; the search box needs a list. */}
      {(filters || (result.state === 'loaded' && result.data.length > 0)) && toolbar}
      {body}
    </>
  );
}
