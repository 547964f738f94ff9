import { CHAPTER_TIME_ZONE, dhakaInstant, eventEndInstant } from './dhaka-time.ts';
import type { EventItem } from './types.ts';

/**
 * The one place for the site's iCalendar (RFC 5545) rules: the one-event file of "Add to calendar" and
 * the subscribable calendar of many events share them. Times are written in UTC, computed from the
 * Dhaka wall-clock date and times, so every calendar app places the event correctly without a
 * VTIMEZONE block.
 */
export type IcsEvent = Pick<
  EventItem,
  '_id' | 'title' | 'eventDate' | 'startTime' | 'endTime' | 'location' | 'host' | 'description' | 'eventLink'
> &
  Partial<Pick<EventItem, 'updatedAt'>> & { registration?: Pick<EventItem['registration'], 'mode'> | undefined };

/** One event of a calendar, with the absolute address of its page on the site. */
export interface IcsEntry {
  event: IcsEvent;
  pageUrl: string;
}

const CRLF = '\r\n';

/** 20260105T033000Z */
export function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * Every line break a parser might split a content line on: CRLF, a lone CR or LF, and Unicode's NEL,
 * line and paragraph separators.
 */
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;
/** Other control characters, which RFC 5545 does not allow in a value (TAB is allowed). */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * Escapes TEXT values (RFC 5545 §3.3.11): backslash, semicolon and comma, and every form of line
 * break as `\n`, so no value can end its line and start a property of its own; other control
 * characters are dropped.
 */
export function icsEscape(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(LINE_BREAK, '\\n')
    .replace(CONTROL, '');
}

/** A URI value (URL): it has no escapes, so anything that could break the line is percent-encoded. */
export function icsUri(uri: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it finds
  return uri.replace(/[\u0000-\u0020\u007f\u0085\u2028\u2029]/g, (c) => encodeURIComponent(c));
}

/** Folds a content line to at most 75 octets per line, continuation lines starting with a space (RFC 5545 §3.1). */
export function icsFold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines spend one octet on the leading space
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/**
 * An event's UID stays the same across downloads and feed refreshes, so a calendar that already holds
 * the event (downloaded once, or from an earlier refresh of a subscription) updates it instead of
 * adding a copy.
 */
export const icsUid = (event: Pick<IcsEvent, '_id'>) => `${event._id}@ieeecsbdc.org`;

/** The start and end instants of an event held in Dhaka wall-clock time (one past midnight ends the next day). */
export function eventInstants(event: Pick<IcsEvent, 'eventDate' | 'startTime' | 'endTime'>) {
  return {
    start: dhakaInstant(event.eventDate, event.startTime),
    end: eventEndInstant(event),
  };
}

/**
 * Where the calendar entry sends someone to register: the event's page when registration is on this
 * site (its form is there, and `eventLink` is then only a social-media post), the event's own link when
 * registration is elsewhere, and no registration at all when the event takes none (the link is then
 * only more about it).
 */
function registrationLine(event: Pick<IcsEvent, 'eventLink' | 'registration'>, pageUrl: string): string {
  const mode = event.registration?.mode ?? 'link';
  if (mode === 'site') return `Register: ${pageUrl}`;
  if (mode === 'none') return `More: ${event.eventLink}`;
  return `Register: ${event.eventLink}`;
}

/** The text a calendar entry carries beside its title: the host (there is no ORGANIZER e-mail), the description, where to register. */
export function eventDetailsText(
  event: Pick<IcsEvent, 'host' | 'description' | 'eventLink' | 'registration'>,
  pageUrl: string,
): string {
  return `Organized by ${event.host}\n\n${event.description}\n\n${registrationLine(event, pageUrl)}`;
}

function veventLines({ event, pageUrl }: IcsEntry, now: Date): string[] {
  const { start, end } = eventInstants(event);
  // DTSTAMP: when this version of the event was written, so a refreshed feed changes only what changed.
  const stamp = event.updatedAt ? new Date(event.updatedAt) : now;
  return [
    'BEGIN:VEVENT',
    `UID:${icsUid(event)}`,
    `DTSTAMP:${icsUtc(Number.isNaN(stamp.getTime()) ? now : stamp)}`,
    `DTSTART:${icsUtc(start)}`,
    `DTEND:${icsUtc(end)}`,
    `SUMMARY:${icsEscape(event.title)}`,
    `LOCATION:${icsEscape(event.location)}`,
    `DESCRIPTION:${icsEscape(eventDetailsText(event, pageUrl))}`,
    `URL:${icsUri(pageUrl)}`,
    'END:VEVENT',
  ];
}

export interface CalendarOptions {
  /** The calendar's name in the subscriber's app (X-WR-CALNAME); a one-event download needs none. */
  name?: string | undefined;
  /** How often a subscribing app should fetch the calendar again (minutes); only for subscriptions. */
  refreshMinutes?: number | undefined;
  now?: Date | undefined;
}

/** A VCALENDAR of the given events, in the given order. */
export function buildCalendarIcs(entries: readonly IcsEntry[], options: CalendarOptions = {}): string {
  const now = options.now ?? new Date();
  const header = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//IEEE Computer Society Bangladesh Chapter//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  if (options.name) header.push(`X-WR-CALNAME:${icsEscape(options.name)}`, `X-WR-TIMEZONE:${CHAPTER_TIME_ZONE}`);
  if (options.refreshMinutes) {
    // RFC 7986's REFRESH-INTERVAL, and the older name Outlook and Apple Calendar read.
    const duration = `PT${options.refreshMinutes}M`;
    header.push(`REFRESH-INTERVAL;VALUE=DURATION:${duration}`, `X-PUBLISHED-TTL:${duration}`);
  }
  const lines = [...header, ...entries.flatMap((entry) => veventLines(entry, now)), 'END:VCALENDAR'];
  return lines.map(icsFold).join(CRLF) + CRLF;
}

/** The .ics file of one event, for "Add to calendar". */
export function buildEventIcs(event: IcsEvent, options: { pageUrl: string; now?: Date }): string {
  return buildCalendarIcs([{ event, pageUrl: options.pageUrl }], { now: options.now });
}

/** A file name for the download: "tech-talk-2026.ics". */
export function icsFileName(title: string): string {
  const base = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'event'}.ics`;
}
