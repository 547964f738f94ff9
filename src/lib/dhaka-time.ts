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
const DHAKA_OFFSET_MS = DHAKA_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** The instant a Dhaka wall-clock date (YYYY-MM-DD) and time (HH:MM) name; an invalid Date for anything else. */
export function dhakaInstant(isoDate: string, hhmm: string): Date {
  return new Date(`${isoDate.slice(0, 10)}T${hhmm.slice(0, 5)}:00${DHAKA_OFFSET}`);
}

/** An instant's Dhaka wall clock, "2026-12-01T10:00" (what a datetime-local field shows). */
export function dhakaWallClock(at: Date): string {
  return new Date(at.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 16);
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
