import {
  CHAPTER_TIME_ZONE,
  CHAPTER_TIME_ZONE_LABEL,
  DHAKA_OFFSET,
  dhakaDay,
  eventEnd,
  eventEndInstant,
} from './dhaka-time.ts';

/**
 * The one place for how dates, times and fees read on the site. Event dates and times are wall-clock
 * values in Bangladesh (Asia/Dhaka, UTC+6, no daylight saving): the clock itself is dhaka-time.ts.
 */
// Dhaka time's label is dhaka-time.ts's; re-exported for the formatters' readers.
export { CHAPTER_TIME_ZONE_LABEL } from './dhaka-time.ts';

/** "Free Entry" for 0, otherwise "500 BDT". */
export function formatFee(fees: number): string {
  return fees === 0 ? 'Free Entry' : `${fees.toLocaleString('en-US')} BDT`;
}

function dateOnly(isoDate: string): Date | undefined {
  const d = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** "Jan 5, 2026" for an event date (YYYY-MM-DD). */
export function formatEventDate(isoDate: string): string {
  const d = dateOnly(isoDate);
  return d ? d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }) : '';
}

/** "Monday, January 5, 2026" for the event detail page. */
export function formatEventDateLong(isoDate: string): string {
  const d = dateOnly(isoDate);
  return d
    ? d.toLocaleDateString('en-US', {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : '';
}

/** "3:30 PM" for "15:30". */
export function formatTime(hhmm: string): string {
  const m = /^(\d{2}):(\d{2})/.exec(hhmm);
  if (!m) return hhmm;
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "9:30 AM - 12:00 PM GMT+6" for an event's start and end, labelled with the chapter's time zone. */
export function formatTimeRange(startTime: string, endTime: string): string {
  return `${formatTime(startTime)} - ${formatTime(endTime)} ${CHAPTER_TIME_ZONE_LABEL}`;
}

/** "9:30 AM GMT+6": an event's start, labelled with the chapter's time zone (event cards). */
export function formatStartTime(startTime: string): string {
  return `${formatTime(startTime)} ${CHAPTER_TIME_ZONE_LABEL}`;
}

/** The ISO form with the Dhaka offset of a wall-clock date and time, for <time datetime>: "2026-01-05T09:30+06:00". */
export function dhakaDateTimeAttribute(isoDate: string, hhmm: string): string {
  return `${isoDate.slice(0, 10)}T${hhmm.slice(0, 5)}${DHAKA_OFFSET}`;
}

/**
 * Before the event's day (Dhaka time): check-in at the door opens on the day itself, so a check-in
 * earlier than that is a mistake unless staff say it is deliberate.
 */
export function beforeEventDay(event: { eventDate: string }, now: Date = new Date()): boolean {
  return dhakaDay(now) < event.eventDate.slice(0, 10);
}

/** "Saturday, 28 November" for an event date (YYYY-MM-DD): the day a door volunteer is told about. */
export function formatEventDay(isoDate: string): string {
  const d = dateOnly(isoDate);
  if (!d) return '';
  // Built from its parts: whether a comma follows the weekday differs between ICU versions.
  const part = (options: Intl.DateTimeFormatOptions) => d.toLocaleDateString('en-GB', { ...options, timeZone: 'UTC' });
  return `${part({ weekday: 'long' })}, ${d.getUTCDate()} ${part({ month: 'long' })}`;
}

/** "Saturday, 28 November, 6:00 PM": when an event ends, as messages name it (the next day for one past midnight). */
export function formatEventEnd(event: { eventDate: string; startTime: string; endTime: string }): string {
  return `${formatEventDay(dhakaDay(eventEndInstant(event)))}, ${formatTime(event.endTime)}`;
}

/**
 * An event is upcoming until it ends: an event later today is still upcoming. A caller that has
 * already worked out the event's end (to sort by it) passes it instead of having it parsed again.
 */
export function isUpcoming(
  event: { eventDate: string; startTime: string; endTime: string },
  now: Date = new Date(),
  end: number = eventEnd(event),
): boolean {
  return end > now.getTime();
}

/** Blog badge date: "Jan 05, 2024"; "No date" when missing or invalid. */
export function formatBlogDate(iso: string | null | undefined): string {
  if (!iso) return 'No date';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? 'No date'
    : d.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: CHAPTER_TIME_ZONE });
}

/** Blog article date: "January 05, 2024". */
export function formatBlogDateLong(iso: string | null | undefined): string {
  if (!iso) return 'No date';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? 'No date'
    : d.toLocaleDateString('en-US', { month: 'long', day: '2-digit', year: 'numeric', timeZone: CHAPTER_TIME_ZONE });
}

/** Initials for an avatar when there is no photo: "Ayesha Rahman" -> "AR". */
export function initials(name: string): string {
  const parts = name
    .replace(/^((dr|prof|engr|mr|ms|mrs)\.?\s+)+/i, '') // "Prof. Dr. Lamia Sultana" is LS
    .split(/\s+/)
    .filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** Bangladeshi mobile numbers read "+880 1711-000000"; anything else is shown as written. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/[^\d]/g, '');
  const local = /^(?:880|0)?(1\d{9})$/.exec(digits)?.[1];
  return local ? `+880 ${local.slice(0, 4)}-${local.slice(4)}` : phone.trim();
}

export interface CountdownParts {
  days: number;
  hours: number;
  mins: number;
  secs: number;
}

/** Whole days, hours, minutes and seconds from now until target; all zeros once it has passed. */
export function countdownParts(target: Date, now: Date = new Date()): CountdownParts {
  const totalSecs = Math.max(0, Math.floor((target.getTime() - now.getTime()) / 1000));
  return {
    days: Math.floor(totalSecs / 86_400),
    hours: Math.floor((totalSecs % 86_400) / 3_600),
    mins: Math.floor((totalSecs % 3_600) / 60),
    secs: totalSecs % 60,
  };
}

/** "November 18, 2023" for a news date (YYYY-MM-DD). */
export function formatNewsDate(isoDate: string): string {
  const d = dateOnly(isoDate);
  return d ? d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }) : '';
}

/** When a support message arrived: "Jan 05, 2024, 3:30 PM" in Dhaka time; "" when invalid. */
export function formatReceivedAt(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ''
    : d.toLocaleString('en-US', {
        month: 'short',
        day: '2-digit',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: CHAPTER_TIME_ZONE,
      });
}

/**
 * A file's size as a person reads it: "812 bytes", "41 KB", "3.2 MB", "240 MB", "1.4 GB" (a kilobyte
 * is 1,024 bytes, as file managers count); never "0.0 MB".
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  // A value that would print as 1,000 or more moves to the next unit.
  while (value >= 999.5 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 || value >= 99.95 ? String(Math.round(value)) : value.toFixed(1);
  return `${shown} ${units[unit]}`;
}
