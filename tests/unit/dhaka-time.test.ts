import { describe, expect, it } from 'vitest';
import {
  daytimeDeadline,
  dhakaDay,
  dhakaDayAfter,
  dhakaInstant,
  dhakaIsoWithOffset,
  dhakaWallClock,
  eventEnd,
  eventEndInstant,
  inDhakaNight,
  promotedHoldEnd,
} from '../../src/lib/dhaka-time.ts';
import { formatEventEnd } from '../../src/lib/format.ts';

describe('the Dhaka clock', () => {
  it('turns a Dhaka wall-clock date and time into its instant, six hours ahead of UTC, and back', () => {
    expect(dhakaInstant('2030-03-01', '09:00').toISOString()).toBe('2030-03-01T03:00:00.000Z');
    expect(dhakaInstant('2030-03-01', '00:30').toISOString()).toBe('2030-02-28T18:30:00.000Z');
    expect(dhakaWallClock(new Date('2030-02-28T18:30:00.000Z'))).toBe('2030-03-01T00:30');
    expect(dhakaIsoWithOffset(dhakaInstant('2026-01-05', '09:30'))).toBe('2026-01-05T09:30:00+06:00');
    expect(Number.isNaN(dhakaInstant('someday', '09:30').getTime())).toBe(true);
    expect(dhakaIsoWithOffset(dhakaInstant('someday', '09:30'))).toBe('');
  });

  it('starts a Dhaka day at midnight there: 17:59:59 UTC is still the day, 18:00 UTC the next', () => {
    expect(dhakaDay(new Date('2026-12-31T17:59:59.999Z'))).toBe('2026-12-31');
    expect(dhakaDay(new Date('2026-12-31T18:00:00.000Z'))).toBe('2027-01-01');
    expect(dhakaDay(dhakaInstant('2026-02-28', '00:00'))).toBe('2026-02-28');
    expect(dhakaDay(dhakaInstant('2026-02-28', '23:59'))).toBe('2026-02-28');
    expect(dhakaDayAfter(new Date('2026-02-28T18:00:00.000Z'), 0)).toBe('2026-03-01');
    expect(dhakaDayAfter(new Date('2026-02-28T17:59:00.000Z'), 1)).toBe('2026-03-01');
    expect(dhakaDayAfter(new Date('2026-03-01T05:00:00.000Z'), -1)).toBe('2026-02-28');
  });

  it('ends an event at its end time on its date', () => {
    const event = { eventDate: '2026-03-10', startTime: '16:00', endTime: '18:00' };
    expect(eventEndInstant(event).toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(eventEnd(event)).toBe(Date.parse('2026-03-10T12:00:00.000Z'));
    expect(formatEventEnd(event)).toBe('Tuesday, 10 March, 6:00 PM');
  });

  it('ends an event that crosses midnight (23:30 to 01:00) on the next day', () => {
    const event = { eventDate: '2026-12-31', startTime: '23:30', endTime: '01:00' };
    expect(eventEndInstant(event).toISOString()).toBe('2026-12-31T19:00:00.000Z');
    expect(dhakaDay(eventEndInstant(event))).toBe('2027-01-01');
    expect(formatEventEnd(event)).toBe('Friday, 1 January, 1:00 AM');
  });
});

/** A Dhaka wall-clock moment, "2030-03-10 21:59", as its instant. */
const at = (dateTime: string) => dhakaInstant(dateTime.slice(0, 10), dateTime.slice(11, 16));
/** An instant as its Dhaka wall clock, "2030-03-10 22:29", to read the answers as a person would. */
const wall = (instant: Date) => dhakaWallClock(instant).replace('T', ' ');

describe('the night in Dhaka (22:00 to 08:00)', () => {
  it('starts at 22:00 and ends at 08:00, whatever the UTC date says', () => {
    expect(inDhakaNight(at('2030-03-10 21:59'))).toBe(false);
    expect(inDhakaNight(at('2030-03-10 22:00'))).toBe(true);
    // 00:30 in Dhaka is 18:30 UTC the day before.
    expect(inDhakaNight(at('2030-03-11 00:30'))).toBe(true);
    expect(inDhakaNight(at('2030-03-11 07:59'))).toBe(true);
    expect(inDhakaNight(at('2030-03-11 08:00'))).toBe(false);
  });
});

describe('a time to confirm that runs only by day in Dhaka', () => {
  it.each([
    ['2030-03-10 14:00', 30, '2030-03-10 14:30'],
    ['2030-03-10 21:29', 30, '2030-03-10 21:59'],
    // Ends at the night's first minute: the whole half hour was day.
    ['2030-03-10 21:30', 30, '2030-03-10 22:00'],
    // One minute of the evening counts; the other 29 run from 08:00.
    ['2030-03-10 21:59', 30, '2030-03-11 08:29'],
    ['2030-03-10 21:50', 30, '2030-03-11 08:20'],
    ['2030-03-10 22:00', 30, '2030-03-11 08:30'],
    ['2030-03-10 23:59', 30, '2030-03-11 08:30'],
    // Across midnight in Dhaka (18:00 UTC), and the promotion the trial saw at 02:29.
    ['2030-03-11 00:00', 30, '2030-03-11 08:30'],
    ['2030-03-11 02:29', 5, '2030-03-11 08:05'],
    ['2030-03-11 07:59', 30, '2030-03-11 08:30'],
    ['2030-03-11 08:00', 30, '2030-03-11 08:30'],
    ['2030-03-11 08:00', 60, '2030-03-11 09:00'],
    // Across the end of a month and a year.
    ['2030-12-31 23:10', 60, '2031-01-01 09:00'],
  ])('given at %s for %i minutes, ends at %s', (from, minutes, end) => {
    expect(wall(daytimeDeadline(at(from), minutes))).toBe(end);
  });

  it('keeps seconds: 21:59:30 leaves half a minute of the evening', () => {
    const from = new Date(at('2030-03-10 21:59').getTime() + 30_000);
    expect(daytimeDeadline(from, 1).toISOString()).toBe(
      new Date(at('2030-03-11 08:00').getTime() + 30_000).toISOString(),
    );
  });
});

describe('the hold of a seat given from the waitlist', () => {
  const morningEvent = at('2030-03-11 10:00');
  it('runs by day: given at 02:29 with a 5-minute hold, it ends at 08:05, not 02:34', () => {
    expect(wall(promotedHoldEnd(at('2030-03-11 02:29'), 5, morningEvent))).toBe('2030-03-11 08:05');
    expect(wall(promotedHoldEnd(at('2030-03-10 15:00'), 30, morningEvent))).toBe('2030-03-10 15:30');
  });

  it('ends when the event starts if that comes first, never sooner than the plain hold', () => {
    // The morning's half hour would pass 08:15: the seat is held until the doors open.
    expect(wall(promotedHoldEnd(at('2030-03-11 02:00'), 30, at('2030-03-11 08:15')))).toBe('2030-03-11 08:15');
    expect(wall(promotedHoldEnd(at('2030-03-11 02:00'), 30, at('2030-03-11 08:30')))).toBe('2030-03-11 08:30');
    // Given a few minutes before the start, the plain hold: the time to confirm is never cut.
    expect(wall(promotedHoldEnd(at('2030-03-11 09:50'), 30, morningEvent))).toBe('2030-03-11 10:20');
    // Given during an evening event, at night: the plain hold, as the event is on.
    expect(wall(promotedHoldEnd(at('2030-03-10 22:30'), 30, at('2030-03-10 18:00')))).toBe('2030-03-10 23:00');
  });
});
