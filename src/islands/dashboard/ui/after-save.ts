/**
 * What the dashboard does after a save, besides the spec's toast: an add form stays, cleared, with an
 * inline confirmation; an edit form returns to its list, where the saved item is marked. The toast of a
 * form that leaves is shown by the page it goes to (kept for one page view in sessionStorage).
 */

/** The inline confirmation after a save: it stays until the next action. */
export interface Notice {
  /** What happened, first: "Published", "Saved as draft", "Added". */
  title: string;
  /** The rest of the sentence: "“Tech Talk” is on the site." */
  text?: string | undefined;
  /** The saved item on the public site ("View on site"); none for what visitors cannot see. */
  viewHref?: string | undefined;
  /** Where else to go: "See it in your events". */
  links?: readonly { href: string; label: string }[] | undefined;
  /** An add form (cleared after the save) offers "Add another". */
  addAnother?: boolean | undefined;
}

/** A save that succeeded: what was sent and the API's answer. */
export interface Saved {
  payload: Record<string, unknown>;
  data: unknown;
}

/** The query parameter that names the item a list should mark as just saved. */
export const SAVED_PARAM = 'saved';

/** A list's address with the saved item named: "/dashboard/events?saved=abc". */
export function savedHref(list: string, id: string): string {
  const url = new URL(list, 'http://x');
  url.searchParams.set(SAVED_PARAM, id);
  return `${url.pathname}${url.search}`;
}

const FLASH_KEY = 'dashboard-toast';

/** Leaves for `href`, where the dashboard shows `message` as a success toast once. */
export function leaveWithToast(href: string, message: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    // Storage refused (private mode quotas): the list's inline confirmation still says it.
  }
  window.location.assign(href);
}

/** The toast a form left for this page, taken once. */
export function takeFlashToast(): string | undefined {
  try {
    const message = sessionStorage.getItem(FLASH_KEY) ?? undefined;
    sessionStorage.removeItem(FLASH_KEY);
    return message;
  } catch {
    return undefined;
  }
}

/** The id a list should mark as just saved, from the address. */
export function readSavedParam(): string | undefined {
  return new URLSearchParams(window.location.search).get(SAVED_PARAM) ?? undefined;
}

/** Takes the saved id out of the address once it is shown: a reload shows the plain list. */
export function forgetSavedParam(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(SAVED_PARAM)) return;
  url.searchParams.delete(SAVED_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** The entity of an API answer: savedEntity(data, 'event') of { event: { id, ... } }. */
export function savedEntity<T = { id: string }>(data: unknown, key: string): T | undefined {
  const entity = (data as Record<string, unknown> | null)?.[key];
  return entity && typeof entity === 'object' ? (entity as T) : undefined;
}
