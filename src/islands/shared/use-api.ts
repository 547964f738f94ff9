import { useCallback, useEffect, useState } from 'react';
import { api, isApiError } from '../../lib/api-client.ts';

export type Loaded<T> =
  | { state: 'loading' }
  | { state: 'error'; message: string; status: 'not-found' | 'failed' }
  | { state: 'loaded'; data: T };

/**
 * GET path once on mount (and again on reload()), picking the part of the body the page needs.
 * Path undefined means there is nothing to load (e.g. no id in the address).
 */
export function useApi<B, T>(path: string | undefined, pick: (body: B) => T) {
  const [result, setResult] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!path) {
      setResult({ state: 'error', message: 'Nothing to show here', status: 'not-found' });
      return;
    }
    let live = true;
    void api.get<B>(path).then((body) => {
      if (!live) return;
      if (isApiError(body)) {
        setResult({
          state: 'error',
          message: body.message,
          status: /not found/i.test(body.message) ? 'not-found' : 'failed',
        });
      } else setResult({ state: 'loaded', data: pick(body) });
    });
    return () => {
      live = false;
    };
    // pick is a fresh arrow on every render: what to load is named by path alone, so it is no dependency.
  }, [path, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return [result, reload] as const;
}
