import { useSyncExternalStore } from 'react';

// The address does not change under a static page (no client-side routing): nothing to subscribe to.
const subscribe = () => () => {};

/**
 * The page's path: one static shell is served for every /events/{id}, so the island reads the id in the
 * browser. null while rendering on the server and hydrating, so that both render the same markup.
 */
export function usePathname(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => window.location.pathname,
    () => null,
  );
}

/** The query string (with its "?"); null on the server and while hydrating. */
export function useSearch(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => null,
  );
}

/** A path segment decoded; undefined when there is none. */
function decodedSegment(segment: string | undefined): string | undefined {
  if (!segment) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a malformed escape: looked up as typed, and not found like any unknown id
  }
}

const segmentsOf = (pathname: string) => pathname.split('/').filter(Boolean);

/** The decoded segment after `after`: ("/dashboard/events/edit-event/abc", "edit-event") -> "abc"; undefined when none. */
export function idFromPath(pathname: string, after: string): string | undefined {
  const parts = segmentsOf(pathname);
  const at = parts.indexOf(after);
  return at >= 0 ? decodedSegment(parts[at + 1]) : undefined;
}

/** The id or slug after `after` in the address (see idFromPath); null until the address is known. */
export function useIdFromPath(after: string): string | null | undefined {
  const pathname = usePathname();
  return pathname === null ? null : idFromPath(pathname, after);
}

/** The decoded segment before `before`: ("/dashboard/events/abc/check-in", "check-in") -> "abc"; undefined when none. */
export function idBeforeInPath(pathname: string, before: string): string | undefined {
  const parts = segmentsOf(pathname);
  const at = parts.lastIndexOf(before);
  return at > 0 ? decodedSegment(parts[at - 1]) : undefined;
}

/** The id before `before` in the address (see idBeforeInPath); null until the address is known. */
export function useIdBeforeInPath(before: string): string | null | undefined {
  const pathname = usePathname();
  return pathname === null ? null : idBeforeInPath(pathname, before);
}
