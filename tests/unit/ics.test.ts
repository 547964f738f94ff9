import { describe, expect, it } from 'vitest';
import { buildCalendarIcs, buildEventIcs, icsEscape, icsFileName, icsFold, icsUtc } from '../../src/lib/ics.ts';
import { parseCalendar } from '../support/parse-feeds.ts';

const event = {
  _id: '3f1c2d4e-0000-4000-8000-000000000001',
  title: 'Tech Talk: AI, Systems; and You',
  eventDate: '2026-01-05',
  startTime: '09:30',
  endTime: '12:00',
  location: 'BUET, Dhaka',
  host: 'IEEE CS BDC',
  description: 'Line one\nLine two',
  eventLink: 'https://example.org/register',
};

describe('buildEventIcs', () => {
  const ics = buildEventIcs(event, {
    pageUrl: 'https://ieeecsbdc.org/events/x',
    now: new Date('2026-01-01T00:00:00Z'),
  });
  const lines = ics.split('\r\n');

  it('is one VEVENT inside a VCALENDAR with CRLF line ends', () => {
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });

  it('writes the Dhaka wall-clock times as UTC instants', () => {
    expect(lines).toContain('DTSTART:20260105T033000Z');
    expect(lines).toContain('DTEND:20260105T060000Z');
    expect(lines).toContain('DTSTAMP:20260101T000000Z');
  });

  it('escapes text values and keeps the event link and host', () => {
    expect(lines).toContain('SUMMARY:Tech Talk: AI\\, Systems\\; and You');
    expect(lines).toContain('LOCATION:BUET\\, Dhaka');
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain(
      'DESCRIPTION:Organized by IEEE CS BDC\\n\\nLine one\\nLine two\\n\\nRegister: https://example.org/register',
    );
    expect(lines).toContain(`UID:${event._id}@ieeecsbdc.org`);
    expect(lines).toContain('URL:https://ieeecsbdc.org/events/x');
  });

  it("names the event's page as where to register when registration is on this site", () => {
    const site = buildEventIcs(
      { ...event, registration: { mode: 'site' } },
      { pageUrl: 'https://ieeecsbdc.org/events/x', now: new Date('2026-01-01T00:00:00Z') },
    );
    const unfolded = site.replace(/\r\n /g, '');
    expect(unfolded).toContain('\\n\\nRegister: https://ieeecsbdc.org/events/x\r\n');
    expect(unfolded).not.toContain('example.org/register');
  });
});

describe('buildCalendarIcs', () => {
  const second = {
    ...event,
    _id: '3f1c2d4e-0000-4000-8000-000000000002',
    title: 'Night Hackathon',
    eventDate: '2026-02-10',
    startTime: '18:00',
    endTime: '23:30',
    updatedAt: '2026-01-20T08:15:00.000Z',
  };
  const calendar = buildCalendarIcs(
    [
      { event, pageUrl: 'https://ieeecsbdc.org/events/1' },
      { event: second, pageUrl: 'https://ieeecsbdc.org/events/2' },
    ],
    { name: 'Events, BUET; CS', refreshMinutes: 360, now: new Date('2026-01-01T00:00:00Z') },
  );

  it('holds every event, in order, as a real iCalendar parser reads it', () => {
    const parsed = parseCalendar(calendar);
    expect(parsed.name).toBe('Events, BUET; CS');
    expect(parsed.events).toEqual([
      {
        uid: `${event._id}@ieeecsbdc.org`,
        summary: event.title,
        location: event.location,
        description: 'Organized by IEEE CS BDC\n\nLine one\nLine two\n\nRegister: https://example.org/register',
        url: 'https://ieeecsbdc.org/events/1',
        start: '2026-01-05T03:30:00.000Z',
        end: '2026-01-05T06:00:00.000Z',
      },
      expect.objectContaining({
        uid: `${second._id}@ieeecsbdc.org`,
        summary: 'Night Hackathon',
        start: '2026-02-10T12:00:00.000Z',
        end: '2026-02-10T17:30:00.000Z',
      }),
    ]);
  });

  it('names the calendar, its time zone and its refresh interval for subscribers', () => {
    const lines = calendar.split('\r\n');
    expect(lines).toContain('X-WR-CALNAME:Events\\, BUET\\; CS');
    expect(lines).toContain('X-WR-TIMEZONE:Asia/Dhaka');
    expect(lines).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT360M');
    expect(lines).toContain('X-PUBLISHED-TTL:PT360M');
  });

  it('stamps each event with its last change, so a refresh does not rewrite unchanged events', () => {
    const stamps = calendar.split('\r\n').filter((l) => l.startsWith('DTSTAMP:'));
    // The first event has no updatedAt: it is stamped with the time the file was built.
    expect(stamps).toEqual(['DTSTAMP:20260101T000000Z', 'DTSTAMP:20260120T081500Z']);
  });

  it('is a valid empty calendar when there are no events', () => {
    expect(parseCalendar(buildCalendarIcs([], { name: 'Nothing yet' }))).toEqual({ name: 'Nothing yet', events: [] });
  });

  it('leaves the subscription headers out of a one-event download', () => {
    const single = buildEventIcs(event, { pageUrl: 'https://ieeecsbdc.org/events/x' });
    expect(single).not.toContain('X-WR-CALNAME');
    expect(single).not.toContain('REFRESH-INTERVAL');
  });
});

describe('ics helpers', () => {
  it('formats UTC stamps', () => {
    expect(icsUtc(new Date('2026-03-04T05:06:07.890Z'))).toBe('20260304T050607Z');
  });

  it('escapes backslashes first', () => {
    expect(icsEscape('a\\b;c,d\r\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds long lines at 75 octets without splitting characters', () => {
    const folded = icsFold(`SUMMARY:${'অ'.repeat(60)}`);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'অ'.repeat(60)}`);
    expect(icsFold('SHORT:x')).toBe('SHORT:x');
  });

  it('names the file after the title', () => {
    expect(icsFileName('Tech Talk: AI 2026!')).toBe('tech-talk-ai-2026.ics');
    expect(icsFileName('!!!')).toBe('event.ics');
  });
});
