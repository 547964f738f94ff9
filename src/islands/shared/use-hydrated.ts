import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * false in the server's HTML and while the island hydrates, true once it runs in the browser. A form
 * whose submit is handled by its script keeps its button disabled until then: pressed earlier, the
 * browser would post the form natively to a static page that cannot answer it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
