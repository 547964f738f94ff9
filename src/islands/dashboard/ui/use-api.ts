export { useApi, type Loaded } from '../../shared/use-api.ts';

/** The last segment of the address: the id or slug of an edit page (/dashboard/events/edit-event/{id}). */
export function idFromPath(pathname: string, after: string): string | undefined {
  const parts = pathname.split('/').filter(Boolean);
  const at = parts.indexOf(after);
  const id = at >= 0 ? parts[at + 1] : undefined;
  return id ? decodeURIComponent(id) : undefined;
}
