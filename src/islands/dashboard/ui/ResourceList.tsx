import { useEffect, useRef, useState, type ReactNode } from 'react';
import { EmptyState, Loading, StatusPanel, buttonClass, secondaryLinkClass } from './states.tsx';
import type { Loaded } from '../../shared/use-api.ts';
import { forgetSavedParam, readSavedParam, type Notice } from './after-save.ts';
import { GRID_PAGE_SIZE, searchAndPage } from './list-query.ts';
import { ListToolbar, Pager, SearchBox } from './ListControls.tsx';
import SavedNotice from './SavedNotice.tsx';
import type { SearchState } from './use-list-query.ts';

/** The card every dashboard list shows an item in (excom cards add their own centring). */
export const cardClass =
  'flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900';

/** What a card adds when it is the item just saved: a ring, and the SavedMark inside. */
export const savedCardClass =
  'relative ring-2 ring-green-700 ring-offset-2 dark:ring-green-500 dark:ring-offset-slate-950';

/**
 * The words on the card just saved (the list's confirmation above says more): in the card's top corner,
 * over its picture (`floating`), or first in a card of text.
 */
export function SavedMark({ floating = false }: { floating?: boolean }) {
  return (
    <p
      className={`${floating ? 'absolute top-3 right-3 z-10 shadow' : 'self-start'} rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900 dark:bg-green-900 dark:text-green-100`}
    >
      Just saved
    </p>
  );
}

/** A list searched and paged in the browser: it is fetched whole, and these lists stay small. */
export interface ListSearch<T> {
  /** The page's list state (useListQuery), shared with its own filters. */
  list: SearchState;
  /** The search box's label: "Search events". */
  label: string;
  /** The text a search looks in: the fields shown on the card. */
  textOf: (item: T) => string;
}

/** How a list finds and describes the item an edit form has just saved (named by ?saved= in the address). */
export interface ListSaved<T> {
  idOf: (item: T) => string;
  notice: (item: T) => Notice;
}

interface Props<T> {
  result: Loaded<T[]>;
  /** What is loading, for the status text: "events", "excom members". */
  what: string;
  /** The empty state's heading and the link to the add form it offers. */
  empty: { heading: string; href: string; linkLabel: string };
  /** The add button above a non-empty list. */
  add: { href: string; label: string };
  /** The public page that shows the whole list ("View on site" beside the add button). */
  view?: { href: string; label: string } | undefined;
  search?: ListSearch<T>;
  saved?: ListSaved<T>;
  /** Filters shown beside the search box (they are the page's own; the list shows what they loaded). */
  filters?: ReactNode;
  /** One <li> per item; `saved` when it is the item just saved. */
  children: (item: T, marks: { saved: boolean }) => ReactNode;
}

/**
 * A dashboard list: loading, error, empty state with an add link, or an add button and a grid of up
 * to 4 columns; with `search`, a search box above and pages below. Coming back from an edit, the saved
 * item is marked, its page shown, and a confirmation above the list says what was saved until the next
 * search or page.
 */
export default function ResourceList<T>({
  result,
  what,
  empty,
  add,
  view,
  search,
  saved,
  filters,
  children,
}: Props<T>) {
  const [savedId, setSavedId] = useState(() => (saved ? readSavedParam() : undefined));
  useEffect(() => {
    if (savedId) forgetSavedParam();
  }, [savedId]);
  const savedItem =
    saved && savedId && result.state === 'loaded' ? result.data.find((i) => saved.idOf(i) === savedId) : undefined;

  // The saved item's page is shown once the list is in (the address had no page: the form left none).
  const shownPageFor = useRef<string>(undefined);
  const setPage = search?.list.setPage;
  useEffect(() => {
    if (!saved || !savedItem || !setPage || result.state !== 'loaded' || shownPageFor.current === savedId) return;
    shownPageFor.current = savedId;
    const index = result.data.indexOf(savedItem);
    setPage(Math.floor(index / GRID_PAGE_SIZE) + 1);
  }, [saved, savedItem, savedId, setPage, result]);

  const toolbar = (search || filters) && (
    <ListToolbar>
      {search && (
        <SearchBox
          label={search.label}
          value={search.list.input}
          onChange={(v) => {
            setSavedId(undefined);
            search.list.setInput(v);
          }}
        />
      )}
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
          {(shown?.items ?? result.data).map((item) => children(item, { saved: item === savedItem }))}
        </ul>
        {shown && search && (
          <Pager
            window={shown.window}
            what={what}
            onPage={(page) => {
              setSavedId(undefined);
              search.list.setPage(page);
            }}
          />
        )}
      </>
    );
  }
  return (
    <>
      {savedItem && saved && (
        <div className="mb-6">
          <SavedNotice notice={saved.notice(savedItem)} />
        </div>
      )}
      {result.state === 'loaded' && result.data.length > 0 && (
        <p className="mb-6 flex flex-wrap items-center gap-3">
          <a href={add.href} className={buttonClass}>
            {add.label}
          </a>
          {view && (
            <a href={view.href} className={secondaryLinkClass} aria-label={`View on site: ${view.label}`}>
              View on site
            </a>
          )}
        </p>
      )}
      {/* Filters choose what is loaded, so they stay while it loads or is empty; the search box needs a list. */}
      {(filters || (result.state === 'loaded' && result.data.length > 0)) && toolbar}
      {body}
    </>
  );
}
