import { DAY_MS, MINUTE_MS } from './durations.ts';

/**
 * The chapter's clock. Bangladesh keeps UTC+6 all year (no daylight saving), so a Dhaka wall-clock
 * time is an instant moved by six hours, and back. Event dates and times are stored as Dhaka
 * wall-clock text (YYYY-MM-DD, HH:MM); everything else (sign-ups, check-ins, holds) is an instant.
 * The database's own reading of an event's end is the same rule in SQL (repositories/event-end.ts).
 */
export const CHAPTER_TIME_ZONE = 'Asia/Dhaka';
/** Dhaka's offset from UTC, as an ISO date-time writes it. */
export const DHAKA_OFFSET = '+06:00';
export const DHAKA_OFFSET_MINUTES = 6 * 60;
/**
 * How event times are labelled for visitors: readers abroad (and calendar apps) need to know the times
 * are Dhaka's. "GMT+6" rather than "BST", which most readers take for British Summer Time.
 */
export const CHAPTER_TIME_ZONE_LABEL = 'GMT+6';
const DHAKA_OFFSET_MS = DHAKA_OFFSET_MINUTES * MINUTE_MS;

/** The instant a Dhaka wall-clock date (YYYY-MM-DD) and time (HH:MM) name; an invalid Date for anything else. */
export function dhakaInstant(isoDate: string, hhmm: string): Date {
  return new Date(`${isoDate.slice(0, 10)}T${hhmm.slice(0, 5)}:00${DHAKA_OFFSET}`);
}

/** An instant's Dhaka wall clock, "2026-12-01T10:00" (what a datetime-local field shows). */
export function dhakaWallClock(at: Date): string {
  return new Date(at.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 16);
}

/** "2026-12-01T10:00" (Dhaka wall-clock, a datetime-local value) -> "2026-12-01T04:00:00.000Z"; "" -> null. */
export function dhakaLocalToIso(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const at = dhakaInstant(local.slice(0, 10), local.slice(11, 16));
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The inverse: an instant as a datetime-local value in Dhaka time; "" for none. */
export function isoToDhakaLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : dhakaWallClock(at);
}

/** "Dec 1, 2026, 10:00 AM GMT+6": an instant in Dhaka time, labelled for readers abroad. */
export function formatDhakaDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const text = d.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: CHAPTER_TIME_ZONE,
  });
  return `${text} ${CHAPTER_TIME_ZONE_LABEL}`;
}

/** "10:02": an instant's time of day in Dhaka, 24-hour (what the check-in page tells the door). */
export function formatDhakaClock(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: CHAPTER_TIME_ZONE,
  });
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * The instant a date-time names: `YYYY-MM-DDTHH:mm` without an offset is Dhaka wall-clock time (what a
 * datetime-local input sends, and what the dashboard means); with `Z` or an offset it is that instant.
 * Undefined for anything else, or a date that does not exist (31 February).
 */
export function parseInstant(value: string): Date | undefined {
  const m = WALL_CLOCK.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const wall = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (wall.getUTCFullYear() !== year || wall.getUTCMonth() !== month - 1 || wall.getUTCDate() !== day) return undefined;
  const zone = m[7];
  const offsetMinutes =
    zone === undefined
      ? DHAKA_OFFSET_MINUTES
      : zone === 'Z'
        ? 0
        : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  const millis = Number((m[0].match(/\.(\d{1,3})/)?.[1] ?? '0').padEnd(3, '0'));
  return new Date(wall.getTime() - offsetMinutes * MINUTE_MS + millis);
}

/** The Dhaka calendar day of an instant, YYYY-MM-DD: a new day starts at midnight in Dhaka (18:00 UTC). */
export function dhakaDay(at: Date): string {
  return dhakaWallClock(at).slice(0, 10);
}

/** The Dhaka calendar day `days` days after the instant's (before it, for a negative count). */
export function dhakaDayAfter(at: Date, days: number): string {
  return dhakaDay(new Date(at.getTime() + days * DAY_MS));
}

/** An instant in the ISO form with Dhaka's offset, "2026-01-05T09:30:00+06:00"; "" for an invalid one. */
export function dhakaIsoWithOffset(at: Date): string {
  return Number.isNaN(at.getTime()) ? '' : `${dhakaWallClock(at)}:00${DHAKA_OFFSET}`;
}

/**
 * When an event ends: its end time on its date, or on the next day when the end time is before the
 * start time (an event from 23:30 to 01:00 ends after midnight).
 */
export function eventEndInstant(event: { eventDate: string; startTime: string; endTime: string }): Date {
  const end = dhakaInstant(event.eventDate, event.endTime);
  return event.endTime.slice(0, 5) < event.startTime.slice(0, 5) ? new Date(end.getTime() + DAY_MS) : end;
}

/** When an event ends, in epoch milliseconds (eventEndInstant). */
export function eventEnd(event: { eventDate: string; startTime: string; endTime: string }): number {
  return eventEndInstant(event).getTime();
}

/**
 * Whether an instant falls on an event's day in Dhaka: from the midnight that starts its date to the
 * midnight that ends it, or to the event's end when it runs past midnight (an event from 18:00 to 01:00
 * still has its door open at 00:30).
 */
export function onEventDay(event: { eventDate: string; startTime: string; endTime: string }, at: Date): boolean {
  const dayStart = dhakaInstant(event.eventDate, '00:00').getTime();
  const dayEnd = Math.max(dayStart + DAY_MS, eventEnd(event));
  return at.getTime() >= dayStart && at.getTime() < dayEnd;
}

/**
 * The night in Dhaka, when people sleep: from 22:00 to 08:00. A seat given from the waitlist is given
 * to someone who did not ask for it at that moment; its time to confirm runs only outside these hours.
 */
export const NIGHT_STARTS = '22:00';
export const NIGHT_ENDS = '08:00';
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const NIGHT_STARTS_MS = minutesOf(NIGHT_STARTS) * MINUTE_MS;
const NIGHT_ENDS_MS = minutesOf(NIGHT_ENDS) * MINUTE_MS;

/** How far into its Dhaka day an instant is, in milliseconds (0 at midnight in Dhaka). */
const dhakaTimeOfDay = (at: number) => (((at + DHAKA_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;

/** Whether an instant falls in the Dhaka night: from 22:00 (included) to 08:00 (not). */
export function inDhakaNight(at: Date): boolean {
  const t = dhakaTimeOfDay(at.getTime());
  return t >= NIGHT_STARTS_MS || t < NIGHT_ENDS_MS;
}

/**
 * The end of a time to confirm of `minutes` that starts at `from` and runs only by day in Dhaka (08:00
 * to 22:00): given at 14:00 it ends at 14:30; given at 02:29, 21:59 or 07:59 it starts at the next 08:00
 * (08:30; the minute before 22:00 counts, so 21:59 ends at 08:29); given at 21:50 it has 10 minutes
 * that evening and 20 from 08:00.
 */
export function daytimeDeadline(from: Date, minutes: number): Date {
  let at = from.getTime();
  let left = minutes * MINUTE_MS;
  for (;;) {
    const t = dhakaTimeOfDay(at);
    // At night the clock waits for the morning.
    if (t >= NIGHT_STARTS_MS) at += DAY_MS - t + NIGHT_ENDS_MS;
    else if (t < NIGHT_ENDS_MS) at += NIGHT_ENDS_MS - t;
    const untilNight = NIGHT_STARTS_MS - dhakaTimeOfDay(at);
    if (left <= untilNight) return new Date(at + left);
    left -= untilNight;
    at += untilNight;
  }
}

/**
 * When a seat given from the waitlist at `now`, to someone whose e-mail is still to be confirmed, is
 * released unless confirmed: `minutes` of Dhaka daytime (daytimeDeadline), so no one loses a seat in
 * their sleep. A seat is no use once its event has started, so the hold ends at the event's start if
 * that comes first, though never sooner than `minutes` from now (a seat given during the event, or
 * just before it, keeps the plain hold; someone checked in at the door keeps their seat whatever).
 */
export function promotedHoldEnd(now: Date, minutes: number, eventStart: Date): Date {
  const byDay = daytimeDeadline(now, minutes);
  if (Number.isNaN(eventStart.getTime()) || byDay.getTime() <= eventStart.getTime()) return byDay;
  return new Date(Math.max(eventStart.getTime(), now.getTime() + minutes * MINUTE_MS));
}
