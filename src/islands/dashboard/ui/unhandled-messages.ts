import { atom } from 'nanostores';
import { api } from '../../../lib/api-client.ts';

/** Unhandled support messages, for the admin sidebar; undefined until known (or when it could not be read). */
export const $unhandledMessages = atom<number | undefined>(undefined);

/**
 * Reads the count again: on every admin page load, and after the contact list changes a message, so
 * the sidebar follows without a reload. A failure keeps the last count (the list page shows errors).
 */
export async function refreshUnhandledMessages(): Promise<void> {
  const result = await api.get<{ unhandled: number }>('/contact/unhandled-count');
  if (result.ok) $unhandledMessages.set(result.data.unhandled);
}

/** The sidebar entry's words for screen readers: "3 unhandled". */
export const unhandledLabel = (count: number) => `${count} unhandled`;
