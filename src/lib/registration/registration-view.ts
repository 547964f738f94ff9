/**
 * How registration reads for people (the event page's form, the ticket, the dashboard): the API's
 * shapes as the browser sees them, and the words for seats, opening and closing. Times
 * are instants (ISO) shown in Dhaka time; the dashboard's datetime-local fields are Dhaka wall-clock.
 * Types only from the schemas: the event page's island must not pull zod into the page.
 */
import type { RegistrationSettings, RegistrationStatus, RegistrationSummary } from '../types.ts';
import { DAY_MS } from '../durations.ts';
import { formatDhakaDateTime } from '../dhaka-time.ts';
import { DEFAULT_REGISTRATION_SETTINGS } from './registration-defaults.ts';

// Dhaka time's conversions live in dhaka-time.ts and the defaults in registration-defaults.ts; they are
// re-exported here, where registration's readers have always found them.
export { formatDhakaClock, formatDhakaDateTime, dhakaLocalToIso, isoToDhakaLocal } from '../dhaka-time.ts';
export { DEFAULT_HOLD_MINUTES, DEFAULT_REGISTRATION_SETTINGS } from './registration-defaults.ts';

/** The answer to an address already registered for the event (409 `already_registered`); the form then offers "Send my ticket again". */
export { ALREADY_REGISTERED } from '../api-errors.ts';
/** "Send my ticket again": the one answer, whether or not the address is registered (202). */
export const TICKET_AGAIN_ANSWER = 'If this address is registered for this event, its ticket is on its way.';
/** Without e-mail on this site, a ticket link cannot be sent again (the API's 409, and the form's words). */
export const ASK_THE_ORGANISER = 'Ask the organiser for your ticket link.';

/** An event's settings; one read before registration modes existed has none, which means `link`. */
export const registrationOf = (event: {
  registration?: RegistrationSettings | null | undefined;
}): RegistrationSettings => event.registration ?? DEFAULT_REGISTRATION_SETTINGS;

/** "in 2 days", "in 3 hours", "in 5 minutes": how far ahead `to` is from `now` (rounded down, at least a minute). */
export function relativeFuture(to: Date, now: Date): string {
  const minutes = Math.max(1, Math.floor((to.getTime() - now.getTime()) / 60_000));
  const unit = (n: number, word: string) => `in ${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes >= 2 * 24 * 60) return unit(Math.floor(minutes / (24 * 60)), 'day');
  if (minutes >= 2 * 60) return unit(Math.floor(minutes / 60), 'hour');
  return unit(minutes, 'minute');
}

/** "12 of 50 seats left", "No seats left", "Unlimited seats". */
export function seatsText(state: Pick<RegistrationSummary, 'capacity' | 'seatsLeft'>): string {
  if (state.capacity == null) return 'Unlimited seats';
  const left = Math.max(0, state.seatsLeft ?? 0);
  if (left === 0) return `No seats left of ${state.capacity}`;
  return `${left} of ${state.capacity} seat${state.capacity === 1 ? '' : 's'} left`;
}

/** Whether registration has not opened yet, is open, or has closed, at `now`. */
export function registrationPhase(
  state: Pick<RegistrationSummary, 'open' | 'opensAt' | 'closesAt'>,
  now: Date,
): 'before' | 'open' | 'closed' {
  if (state.opensAt && now < new Date(state.opensAt)) return 'before';
  if (state.closesAt && now >= new Date(state.closesAt)) return 'closed';
  return state.open ? 'open' : 'closed';
}

const RELATIVE_LIMIT_MS = 30 * DAY_MS;

/**
 * "Registration closes in 2 days" (on a date when more than 30 days ahead, or always when `relative` is
 * false: a page a cache may keep says the date, which stays true), "Registration opens on ...",
 * "Registration is closed"; undefined: open with no end.
 */
export function phaseText(
  state: Pick<RegistrationSummary, 'open' | 'opensAt' | 'closesAt'>,
  now: Date,
  relative = true,
) {
  const phase = registrationPhase(state, now);
  if (phase === 'before' && state.opensAt) return `Registration opens on ${formatDhakaDateTime(state.opensAt)}`;
  if (phase === 'closed') return 'Registration is closed';
  if (state.closesAt) {
    // "in 1270 days" says less than the date: far-off closings are given as one.
    const closes = new Date(state.closesAt);
    return !relative || closes.getTime() - now.getTime() > RELATIVE_LIMIT_MS
      ? `Registration closes on ${formatDhakaDateTime(state.closesAt)}`
      : `Registration closes ${relativeFuture(closes, now)}`;
  }
  return undefined;
}

/** How a registration's status reads: "Confirmed", "On the waitlist, position 3", "Cancelled". */
export function statusText(status: RegistrationStatus, position?: number | null): string {
  if (status === 'confirmed') return 'Confirmed';
  if (status === 'cancelled') return 'Cancelled';
  return position ? `On the waitlist, position ${position}` : 'On the waitlist';
}
