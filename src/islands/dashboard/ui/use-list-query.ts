import { useCallback, useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, pageFromParam } from './list-query.ts';

/** The list state a dashboard page keeps in its address: search text, page, and the page's own filters. */
export interface ListQuery<F extends string> {
  /** What is typed in the search box, at once. */
  input: string;
  setInput: (value: string) => void;
  /** The search applied to the list: `input` once typing has paused. */
  query: string;
  page: number;
  setPage: (page: number) => void;
  /** The page's filters (e.g. committee, year); '' when not set. */
  filters: Record<F, string>;
  /** Sets a filter and goes back to page 1. */
  setFilter: (name: F, value: string) => void;
}

/** The part of a list's state that search and paging need, whatever the page's filters. */
export type SearchState = Pick<ListQuery<never>, 'input' | 'setInput' | 'query' | 'page' | 'setPage'>;

const readParams = () => new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);

/**
 * Search, page and filters of a dashboard list, kept in the address (?q=&page=&…) so a reload, the
 * back button or a shared link shows the same slice. The address is replaced, not pushed: paging
 * through a list does not fill the history. A new search or filter starts at page 1.
 */
export function useListQuery<F extends string = never>(filterNames: readonly F[] = []): ListQuery<F> {
  const [state, setState] = useState(() => {
    const params = readParams();
    const q = params.get('q') ?? '';
    return {
      input: q,
      query: q,
      page: pageFromParam(params.get('page')),
      filters: Object.fromEntries(filterNames.map((n) => [n, params.get(n) ?? ''])) as Record<F, string>,
    };
  });

  // The typed text is applied after a pause, from page 1.
  useEffect(() => {
    if (state.input === state.query) return;
    const timer = setTimeout(() => setState((s) => ({ ...s, query: s.input, page: 1 })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [state.input, state.query]);

  useEffect(() => {
    const params = readParams();
    const set = (name: string, value: string, fallback = '') => {
      if (value === fallback) params.delete(name);
      else params.set(name, value);
    };
    for (const [name, value] of Object.entries(state.filters)) set(name, value as string);
    set('q', state.query);
    set('page', String(state.page), '1');
    const search = params.toString();
    const url = `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`;
    if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`)
      window.history.replaceState(window.history.state, '', url);
  }, [state.filters, state.query, state.page]);

  const setInput = useCallback((input: string) => setState((s) => ({ ...s, input })), []);
  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page })), []);
  const setFilter = useCallback(
    (name: F, value: string) => setState((s) => ({ ...s, page: 1, filters: { ...s.filters, [name]: value } })),
    [],
  );
  return { ...state, setInput, setPage, setFilter };
}
