import { describe, expect, it } from 'vitest';
import {
  dhakaDay,
  dhakaDayAfter,
  dhakaInstant,
  dhakaIsoWithOffset,
  dhakaWallClock,
  eventEnd,
  eventEndInstant,
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
