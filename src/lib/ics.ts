import { dhakaInstant } from './format.ts';
import type { EventItem } from './types.ts';

/**
 * An iCalendar (RFC 5545) file for one event, for "Add to calendar". Times are written in UTC, computed
 * from the Dhaka wall-clock date and times, so every calendar app places the event correctly without a
 * VTIMEZONE block.
 */
export type IcsEvent = Pick<
  EventItem,
  '_id' | 'title' | 'eventDate' | 'startTime' | 'endTime' | 'location' | 'host' | 'description' | 'eventLink'
>;

const CRLF = '\r\n';

/** 20260105T033000Z */
export function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** Escapes TEXT values: backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
export function icsEscape(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line to at most 75 octets per line, continuation lines starting with a space (§3.1). */
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

export function buildEventIcs(event: IcsEvent, options: { pageUrl: string; now?: Date }): string {
  const stamp = icsUtc(options.now ?? new Date());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//IEEE Computer Society Bangladesh Chapter//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event._id}@ieeecsbdc.org`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${icsUtc(dhakaInstant(event.eventDate, event.startTime))}`,
    `DTEND:${icsUtc(dhakaInstant(event.eventDate, event.endTime))}`,
    `SUMMARY:${icsEscape(event.title)}`,
    `LOCATION:${icsEscape(event.location)}`,
    // ORGANIZER needs an e-mail address the event does not have: the host goes into the description.
    `DESCRIPTION:${icsEscape(`Organized by ${event.host}\n\n${event.description}\n\nRegister: ${event.eventLink}`)}`,
    `URL:${options.pageUrl}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(icsFold).join(CRLF) + CRLF;
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
