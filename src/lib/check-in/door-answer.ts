import { EVENT_NOT_FOUND, NOT_REGISTERED, ON_WAITLIST, TICKET_NOT_FOUND, type ErrorCode } from '../api-errors.ts';
import { TICKET_IN_ADDRESS } from '../registration/ticket-format.ts';
import { formatEventDay } from '../format.ts';
import { formatDhakaClock } from '../dhaka-time.ts';
import { matchesSearch, searchWords } from '../search.ts';
import type { CheckInAnswer, DoorAttendee, DoorList } from '../types.ts';
import { ticketHash } from './ticket-hash.ts';

/**
 * What the check-in page tells the volunteer at the door after a scan, whether the API answered or the
 * phone's kept door list did (offline). Kept apart from the page so the words are tested once.
 */

/**
 * `ok`: recorded now; `warn`: recorded before ("already"); `error`: refused; `pending`: saved on this
 * device, not sent yet (the server has not recorded it).
 */
export type AnswerTone = 'ok' | 'warn' | 'error' | 'pending';

export interface DoorAnswer {
  tone: AnswerTone;
  text: string;
  /** A second line: whose ticket an "already" answer is, so a ticket used twice shows whose it was. */
  detail?: string;
  /** The API's error code, when the answer is its refusal in its own words (a pass that has ended). */
  code?: ErrorCode;
}

/**
 * What the door's texts call the device the page runs on: "this phone" on a phone (a volunteer's, at
 * most doors), "this device" elsewhere (a staff laptop, a tablet), so nobody at a laptop reads of a phone.
 */
export type DoorDevice = 'phone' | 'device';

/** The device this page runs on, as its browser says: a phone's user agent says "Mobi" (or iPhone/iPod). */
export function thisDevice(): DoorDevice {
  if (typeof navigator === 'undefined') return 'device';
  if (/Mobi|iPhone|iPod/.test(navigator.userAgent)) return 'phone';
  const hints = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  return hints?.mobile === true ? 'phone' : 'device';
}

/** What a check-in or walk-in saved offline reads until the server confirms it: never "Checked in". */
export const savedText = (device: DoorDevice = thisDevice()) => `Saved on this ${device}, not sent yet`;

/** The answer to a check-in or walk-in saved on the device (offline): who, and that the server has it not yet. */
export const savedAnswer = (fullName: string, walkIn = false): DoorAnswer => ({
  tone: 'pending',
  text: savedText(),
  detail: walkIn ? `${fullName} (walk-in)` : fullName,
});

export const NOT_REGISTERED_TEXT = NOT_REGISTERED;
/**
 * A code no registration holds (a mistyped or half-read ticket, or one from before the list was
 * fetched): never "Not registered", which would turn away someone registered.
 */
export const UNKNOWN_CODE_ANSWER: DoorAnswer = {
  tone: 'error',
  text: TICKET_NOT_FOUND,
  detail: 'Check the code, or search by name',
};
export const WAITLIST_TEXT = ON_WAITLIST;
/**
 * The door's words for a cancelled registration (the API's `cancelled`, whose message is the longer
 * "This registration was cancelled"): short, as the door's other answers are.
 */
export const CANCELLED_TEXT = 'Registration cancelled';

export const checkedInAnswer = (fullName: string): DoorAnswer => ({ tone: 'ok', text: `Checked in: ${fullName}` });
export const alreadyAnswer = (checkedInAt: string, fullName: string): DoorAnswer => ({
  tone: 'warn',
  text: `Already checked in at ${formatDhakaClock(checkedInAt)}`,
  detail: fullName,
});

/** The ticket a scan names: its token, whether the QR code's address or the token itself was read. */
export function ticketOf(scanned: string): string {
  const text = scanned.trim();
  return TICKET_IN_ADDRESS.exec(text)?.[1] ?? text;
}

/**
 * Who a scanned ticket names on the kept list, found by the ticket's hash (the list holds no tickets).
 * Undefined when nobody on it holds that ticket, or this browser cannot hash here (Web Crypto needs a
 * secure page: https, or localhost).
 */
export async function attendeeOfTicket(list: DoorList, ticket: string): Promise<DoorAttendee | undefined> {
  const hash = await ticketHash(list.event.id, ticket).catch(() => undefined);
  return hash === undefined ? undefined : list.attendees.find((a) => a.ticketHash === hash);
}

/**
 * A refusal of the API (404 or 409) in the door's words, by its code: the waitlist (`waitlisted`) and a
 * cancelled registration (`cancelled`) are told apart; a code no registration holds (404) says to check
 * it or search by name; another event's registration (409 `not_registered`) is "Not registered for
 * this event".
 */
export function refusalAnswer(result: { status: number; code?: ErrorCode | undefined }): DoorAnswer {
  if (result.code === 'waitlisted') return { tone: 'error', text: WAITLIST_TEXT };
  if (result.code === 'cancelled') return { tone: 'error', text: CANCELLED_TEXT };
  if (result.status === 404) return UNKNOWN_CODE_ANSWER;
  return { tone: 'error', text: NOT_REGISTERED_TEXT };
}

/**
 * The API's refusal of a check-in before the event's day (409, its error on `early`): the page asks the
 * volunteer, naming the day, and sends it again with `early: true` if they say so.
 */
export const isTooEarly = (result: { status: number; errors: readonly { path: string }[] }) =>
  result.status === 409 && result.errors.some((e) => e.path === 'early');

/** The confirmation's question: "The event is on Saturday, 28 November. Check people in now anyway?" */
export const earlyQuestion = (eventDate: string) =>
  `The event is on ${formatEventDay(eventDate)}. Check people in now anyway?`;

/** A check-in the volunteer chose not to make before the event's day. */
export const notEarlyAnswer = (eventDate: string): DoorAnswer => ({
  tone: 'warn',
  text: 'Not checked in',
  detail: `Check-in opens on the event’s day, ${formatEventDay(eventDate)}.`,
});

/** Whether an API answer's status is a refusal of the ticket (the scan is not worth sending again). */
export const isRefusal = (status: number) => status === 404 || status === 409;

/** The server could not be reached or failed (api-client's status 0: no answer at all). */
export const isNoAnswer = (status: number) => status === 0 || status >= 500;

/** The API's check-in in the door's words: green when it was made now, amber when it was made before. */
export const answerOfCheckIn = (data: Pick<CheckInAnswer, 'result' | 'fullName' | 'checkedInAt'>): DoorAnswer =>
  data.result === 'checked-in' ? checkedInAnswer(data.fullName) : alreadyAnswer(data.checkedInAt, data.fullName);

/**
 * A check-in the API did not make, in the door's words: a refusal of the ticket as the door says it,
 * any other answer in the server's own words (with its code, so the page knows a pass that has ended);
 * undefined when no answer came (the kept list answers).
 */
export function failureAnswer(result: {
  status: number;
  code?: ErrorCode | undefined;
  message: string;
}): DoorAnswer | undefined {
  if (isRefusal(result.status)) return refusalAnswer(result);
  if (!isNoAnswer(result.status))
    return { tone: 'error', text: result.message, ...(result.code ? { code: result.code } : {}) };
  return undefined;
}

/** Why the door list is not on screen: the event is unknown, the phone has no copy offline, or the server's words. */
export function loadFailureText(failure: { status: number; message: string }): string {
  if (failure.status === 404) return EVENT_NOT_FOUND;
  if (failure.status === 0)
    return 'The door list could not be loaded: this device is offline and has no copy of it yet.';
  return failure.message;
}

/**
 * A queued check-in whose sending got this answer stays queued and is sent again later: no answer, or
 * not now (signed out, or too many at once). Any other refusal will never go through.
 */
export const isSendLater = (status: number) => isNoAnswer(status) || status === 401 || status === 429;

/**
 * The kept list's answer to a scan while offline: saved (the page then marks them and queues the
 * check-in: it reads "Saved on this device, not sent yet" until the server confirms it), amber when they
 * already were, red when the list does not have the code (mistyped, another event's, cancelled, or
 * registered since the list was fetched: check the code or search by name) or they wait on the waitlist.
 */
export function offlineAnswer(attendee: DoorAttendee | undefined): { answer: DoorAnswer; admit: boolean } {
  if (!attendee) return { answer: UNKNOWN_CODE_ANSWER, admit: false };
  if (attendee.status === 'waitlisted') return { answer: { tone: 'error', text: WAITLIST_TEXT }, admit: false };
  if (attendee.checkedInAt) return { answer: alreadyAnswer(attendee.checkedInAt, attendee.fullName), admit: false };
  return { answer: savedAnswer(attendee.fullName), admit: true };
}

/** Whether someone on the list may be checked in now: confirmed, and not checked in yet. */
export const mayCheckIn = (attendee: DoorAttendee) => attendee.status === 'confirmed' && !attendee.checkedInAt;

/**
 * A person's line under their name in the search: their institution, and where they stand, as a scan
 * of their ticket would say ("On the waitlist", "Checked in at 09:05", "Not checked in yet"), or
 * "Saved on this device, not sent yet" while their check-in waits on this device (`pending`).
 */
export function attendeeLine(attendee: DoorAttendee, pending = false): string {
  const standing =
    attendee.status === 'waitlisted'
      ? WAITLIST_TEXT
      : pending
        ? savedText()
        : attendee.checkedInAt
          ? `Checked in at ${formatDhakaClock(attendee.checkedInAt)}`
          : 'Not checked in yet';
  return [attendee.institution, standing].filter(Boolean).join(' · ');
}

/** The page's counts: confirmed registrations, and those of them checked in. */
export function doorCounts(attendees: readonly DoorAttendee[]): { registered: number; checkedIn: number } {
  const confirmed = attendees.filter((a) => a.status === 'confirmed');
  return { registered: confirmed.length, checkedIn: confirmed.filter((a) => a.checkedInAt).length };
}

/**
 * Whether the list on this device shows the event full: as many confirmed (its unsent walk-ins
 * included) as the event has seats. Undefined seats: never full. The figures, for the question asked
 * before a walk-in is saved anyway.
 */
export function fullOnList(list: DoorList): { registered: number; capacity: number } | undefined {
  const capacity = list.event.capacity;
  if (capacity === null || capacity === undefined) return undefined;
  const { registered } = doorCounts(list.attendees);
  return registered >= capacity ? { registered, capacity } : undefined;
}

/** "3 check-ins waiting to send", "1 check-in waiting to send"; "" for none. */
export function waitingText(count: number): string {
  if (count === 0) return '';
  return `${count} ${count === 1 ? 'check-in' : 'check-ins'} waiting to send`;
}

/**
 * People whose name holds every word typed (the site's one search rule: any case, any order, Bangla typed
 * in either of Unicode's forms alike), the first `limit` of them: whoever is on the list, waitlisted or
 * checked in too (the page says which, as a scan of their ticket would). Nothing typed finds no one.
 */
export function searchByName(attendees: readonly DoorAttendee[], query: string, limit = 8): DoorAttendee[] {
  if (searchWords(query).length === 0) return [];
  return attendees.filter((a) => matchesSearch(a.fullName, query)).slice(0, limit);
}

/** A uuid for a scan: crypto.randomUUID where the browser has it, else one made from getRandomValues. */
export function newScanId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
