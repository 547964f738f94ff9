import {
  endedPassesFrom,
  passIdOfAccount,
  withEndedPass,
  type EndedPass,
  type PassEnding,
} from '../../../lib/check-in/door-pass.ts';

/**
 * The door passes this phone was told have ended (revoked or expired: a 401 saying so), kept in
 * `localStorage` so the check-in page knows at once, before any request and offline, and after the
 * server cleared the pass's cookies: a reload shows the ended screen and what was not recorded, never
 * the door (its list of names, its scanner) again. And the signal any door request gives when its
 * answer says the pass has ended, so the page ends it at once, whichever request learnt it first.
 */

const KEY = 'ieee-cs-bdc.door-passes-ended';

function read(): EndedPass[] {
  try {
    return endedPassesFrom(window.localStorage.getItem(KEY));
  } catch {
    return []; // storage refused (a private window's quota, a policy): nothing remembered
  }
}

/** Remembers that the pass has ended, in the server's words. */
export function rememberEndedPass(ended: EndedPass): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(withEndedPass(read(), ended)));
  } catch {
    // Not kept: the server still refuses the pass, and the page asks it again on the next opening.
  }
}

/** The pass, if this phone was told it has ended. */
export const endedPassOf = (passId: string): EndedPass | undefined => read().find((e) => e.passId === passId);

/** The last pass of this event this phone was told has ended: the page's door when its cookies are gone. */
export const lastEndedPassAt = (eventId: string): EndedPass | undefined =>
  read()
    .reverse()
    .find((e) => e.eventId === eventId);

/** Whether these kept lists are an ended pass's (none is kept for it any more). */
export function isEndedAccount(account: string): boolean {
  const passId = passIdOfAccount(account);
  return passId !== undefined && endedPassOf(passId) !== undefined;
}

type Listener = (ending: PassEnding) => void;
const listeners = new Set<Listener>();

/** Called with the server's words and code whenever a door request's answer says the pass has ended. */
export function onPassEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A door request was answered 401 `pass_revoked` ("This door pass was revoked") or `pass_expired`. */
export function passEndedSaid(ending: PassEnding): void {
  for (const listener of listeners) listener(ending);
}
