import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type ApiResult } from '../../lib/api-client.ts';

const NOT_FOUND = 404;

export type Loaded<T> =
  | { state: 'loading' }
  /** status: the HTTP status (404: not found; 0: no answer arrived). */
  | { state: 'error'; status: number; message: string }
  | { state: 'loaded'; data: T };

/** What an island shows for an API answer: the picked part of the body, or the failure with its status. */
export function loadedFrom<B, T>(result: ApiResult<B>, pick: (body: B) => T): Loaded<T> {
  return result.ok
    ? { state: 'loaded', data: pick(result.data) }
    : { state: 'error', status: result.status, message: result.message };
}

/** Decided by the HTTP status alone: a message reading "not found" on a 500 is a failure, not a 404. */
export function isNotFound(loaded: Loaded<unknown>): boolean {
  return loaded.state === 'error' && loaded.status === NOT_FOUND;
}

const NOTHING_TO_LOAD: Loaded<never> = { state: 'error', status: NOT_FOUND, message: 'Nothing to show here' };
const LOADING: Loaded<never> = { state: 'loading' };

/**
 * GET path on mount, again whenever path changes and on reload(); pick takes the part of the body the
 * page needs. path `undefined`: there is nothing to load (an address without an id), which is not
 * found; `null`: the path is not known yet (an island reads the address only after hydration), so it
 * keeps loading. A reload keeps showing what was loaded until the new answer arrives. `served`: the
 * answer for path that an on-demand page rendered with; it is shown at once and not fetched again.
 */
export function useApi<B, T>(path: string | null | undefined, pick: (body: B) => T, served?: B) {
  // The raw answer is kept with the path it answers, so a new path shows "loading", never an old answer.
  const [answer, setAnswer] = useState<{ path: string; result: ApiResult<B> } | undefined>(() =>
    path && served !== undefined ? { path, result: { ok: true, status: 200, data: served } } : undefined,
  );
  const [round, setRound] = useState(0);
  // Only the first load of the served path is skipped: a later return to it, or a reload, asks again.
  const servedPath = useRef(served === undefined ? undefined : path);

  useEffect(() => {
    if (!path) return;
    if (servedPath.current === path) {
      servedPath.current = undefined;
      return;
    }
    const controller = new AbortController();
    void api.get<B>(path, controller.signal).then((result) => {
      if (!controller.signal.aborted) setAnswer({ path, result });
    });
    return () => controller.abort();
  }, [path, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  let loaded: Loaded<T>;
  if (path === undefined || path === '') loaded = NOTHING_TO_LOAD;
  else if (path === null || answer?.path !== path) loaded = LOADING;
  else loaded = loadedFrom(answer.result, pick);
  return [loaded, reload] as const;
}
