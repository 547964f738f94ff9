import { CHAPTER_TIME_ZONE, dhakaDay, formatDhakaDateTime } from '../dhaka-time.ts';

/**
 * The networks registrations came from, as the event's staff see them: an anonymous label per network
 * and event (the server's keyed hash, http/network-label.ts; never the address), so a burst of
 * registrations from one place shows as one group.
 */

/**
 * Seats one network may hold for unconfirmed e-mails at one event at once (server:
 * services/seat-holds.service.ts). Five: friends or a family registering together from one phone or
 * hotspot get their seats held at once. Past it nobody is turned away: the rest of a classroom behind
 * one campus address get places on the waitlist that hold nothing and take a free seat the moment each
 * confirms, so the number bounds what a script holds, not who gets in.
 */
export const HOLDS_PER_NETWORK = 5;

/** A label as the API hands it out: eight upper-case hex digits. */
export const NETWORK_LABEL = /^[0-9A-F]{8}$/;

/** The list filter's word for registrations with no network recorded (walk-ins, and those from before). */
export const NO_NETWORK = 'none';

/** "Network 7F3A-91C2"; registrations with none recorded: added at the door, or from before networks were. */
export function networkName(label: string | null): string {
  if (label === null) return 'No network recorded';
  return `Network ${label.slice(0, 4)}-${label.slice(4)}`;
}

/** How long a group's registrations took, first to last: "within a minute", "within 4 minutes", "over 3 hours", "over 2 days". */
export function spanText(firstAt: string, lastAt: string): string {
  const ms = Date.parse(lastAt) - Date.parse(firstAt);
  if (ms < 60_000) return 'within a minute';
  const minutes = Math.ceil(ms / 60_000);
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes < 120) return `within ${unit(minutes, 'minute')}`;
  if (minutes < 48 * 60) return `over ${unit(Math.round(minutes / 60), 'hour')}`;
  return `over ${unit(Math.round(minutes / (24 * 60)), 'day')}`;
}

/** A group's last registration, after its first: only the time when both fall on one Dhaka day ("4:31 AM"). */
export function lastTimeText(firstAt: string, lastAt: string): string {
  const first = new Date(firstAt);
  const last = new Date(lastAt);
  if (dhakaDay(first) !== dhakaDay(last)) return formatDhakaDateTime(lastAt);
  return last.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: CHAPTER_TIME_ZONE });
}
