import { describe, expect, it } from 'vitest';
import { buildEventIcs, icsEscape, icsFileName, icsFold, icsUtc } from '../../src/lib/ics.ts';

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
