import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildCalendarIcs, icsUri, type IcsEntry } from '../../src/lib/ics.ts';

/**
 * Whatever a chapter types into an event, the calendar feed carries it as values
 * only. Random event texts made of the pieces that break calendars (every line-break form, escapes,
 * property-looking text, control characters, long and multi-byte runs that force folding) are written
 * into calendars and read back with ical.js (Mozilla's parser): every calendar has exactly the
 * components and properties the builder writes, and every text comes back as typed (line breaks as
 * "\n", control characters dropped). The generator is seeded, so a failure names a reproducible case.
 */
const PIECES = [
  '\r',
  '\n',
  '\r\n',
  '\n\r',
  '\u0085',
  '\u2028',
  '\u2029',
  '\\',
  '\\n',
  ';',
  ',',
  ':',
  '"',
  ' ',
  '\t',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  'BEGIN:VEVENT',
  'END:VEVENT',
  'END:VCALENDAR',
  'X-INJECTED:1',
  'ATTENDEE;CN=Eve:mailto:eve@example.org',
  'DTSTART:19700101T000000Z',
  'SUMMARY;LANGUAGE=en:Free pizza',
  'Dhaka',
  'কম্পিউটার',
  '😀',
  'é',
  'x'.repeat(80),
];

/** mulberry32: a small seeded generator, so every run sees the same cases. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function text(next: () => number): string {
  const length = 1 + Math.floor(next() * 12);
  return Array.from({ length }, () => PIECES[Math.floor(next() * PIECES.length)]!).join('');
}

/** What a TEXT value should read as after the round trip. */
const expected = (value: string) =>
  value
    .replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, '\n')
    // eslint-disable-next-line no-control-regex -- control characters are what it drops
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');

const EVENT_PROPERTIES = ['description', 'dtend', 'dtstamp', 'dtstart', 'location', 'summary', 'uid', 'url'];
const CALENDAR_PROPERTIES = [
  'calscale',
  'method',
  'prodid',
  'refresh-interval',
  'version',
  'x-published-ttl',
  'x-wr-calname',
  'x-wr-timezone',
];

function entry(next: () => number, n: number): IcsEntry {
  return {
    event: {
      _id: `3f1c2d4e-0000-4000-8000-${String(n).padStart(12, '0')}`,
      title: text(next),
      eventDate: '2026-03-10',
      startTime: '10:00',
      endTime: '12:00',
      location: text(next),
      host: text(next),
      description: text(next),
      eventLink: `https://example.org/${text(next)}`,
    },
    pageUrl: `https://ieeecsbdc.org/events/${text(next)}`,
  };
}

describe('the calendar feed under fuzzed event texts', () => {
  it('reads back with exactly the properties it writes, and every text as typed', () => {
    const next = random(24);
    for (let round = 0; round < 300; round++) {
      const entries = Array.from({ length: 1 + Math.floor(next() * 3) }, (_, i) => entry(next, round * 10 + i));
      const name = text(next);
      const ics = buildCalendarIcs(entries, { name, refreshMinutes: 360, now: new Date('2026-01-01T00:00:00Z') });
      const where = `round ${round}: ${JSON.stringify(entries.map((e) => e.event.title))}`;

      const calendar = new ICAL.Component(ICAL.parse(ics));
      expect(calendar.name, where).toBe('vcalendar');
      expect(
        calendar.getAllSubcomponents().map((c) => c.name),
        where,
      ).toEqual(entries.map(() => 'vevent'));
      const calendarProperties = calendar.getAllProperties().map((p) => p.name);
      expect([...calendarProperties].sort(), where).toEqual(CALENDAR_PROPERTIES);
      // X-WR-CALNAME is TEXT to the calendar apps that read it; ical.js leaves an X- value escaped.
      const calname = String(calendar.getFirstPropertyValue('x-wr-calname'));
      expect(
        calname.replace(/\\([\\;,nN])/g, (_, c: string) => (c.toLowerCase() === 'n' ? '\n' : c)),
        where,
      ).toBe(expected(name));

      calendar.getAllSubcomponents('vevent').forEach((vevent, i) => {
        const { event, pageUrl } = entries[i]!;
        const properties = vevent.getAllProperties().map((p) => p.name);
        expect([...properties].sort(), where).toEqual(EVENT_PROPERTIES);
        expect(vevent.getAllSubcomponents(), where).toEqual([]);
        expect(vevent.getFirstPropertyValue('summary'), where).toBe(expected(event.title));
        expect(vevent.getFirstPropertyValue('location'), where).toBe(expected(event.location));
        expect(vevent.getFirstPropertyValue('description'), where).toBe(
          expected(`Organized by ${event.host}\n\n${event.description}\n\nRegister: ${event.eventLink}`),
        );
        expect(vevent.getFirstPropertyValue('url'), where).toBe(icsUri(pageUrl));
        expect(vevent.getFirstPropertyValue('uid'), where).toBe(`${event._id}@ieeecsbdc.org`);
      });
    }
  });

  it('a lone carriage return no longer ends a line (the gap the review found)', () => {
    const ics = buildCalendarIcs(
      [entry(() => 0, 1)].map((e) => ({ ...e, event: { ...e.event, title: 'Talk\rX-INJECTED:1' } })),
    );
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
    expect(vevent.hasProperty('x-injected')).toBe(false);
    expect(vevent.getFirstPropertyValue('summary')).toBe('Talk\nX-INJECTED:1');
  });
});
