import { describe, expect, it } from 'vitest';
import { dhakaDay, dhakaInstant } from '../../src/lib/dhaka-time.ts';
import {
  beforeEventDay,
  formatBytes,
  formatEventDay,
  dhakaDateTimeAttribute,
  formatBlogDate,
  formatBlogDateLong,
  formatEventDate,
  formatFee,
  formatStartTime,
  formatTime,
  formatTimeRange,
  initials,
  isUpcoming,
} from '../../src/lib/format.ts';

describe('formatting', () => {
  it('fees', () => {
    expect(formatFee(0)).toBe('Free Entry');
    expect(formatFee(500)).toBe('500 BDT');
    expect(formatFee(1500)).toBe('1,500 BDT');
  });
  it('event dates and times', () => {
    expect(formatEventDate('2026-01-05')).toBe('Jan 5, 2026');
    expect(formatTime('09:05')).toBe('9:05 AM');
    expect(formatTime('00:30')).toBe('12:30 AM');
    expect(formatTime('15:30')).toBe('3:30 PM');
  });
  it('labels event times with the Dhaka time zone', () => {
    expect(formatTimeRange('09:30', '13:00')).toBe('9:30 AM - 1:00 PM GMT+6');
    expect(formatStartTime('18:00')).toBe('6:00 PM GMT+6');
    expect(dhakaDateTimeAttribute('2026-01-05', '09:30')).toBe('2026-01-05T09:30+06:00');
  });
  it('blog dates', () => {
    expect(formatBlogDate('2024-01-05T10:00:00Z')).toBe('Jan 05, 2024');
    expect(formatBlogDateLong('2024-01-05T10:00:00Z')).toBe('January 05, 2024');
    expect(formatBlogDate(null)).toBe('No date');
    expect(formatBlogDate('garbage')).toBe('No date');
  });
  it('upcoming is reckoned in Dhaka time until the event ends', () => {
    expect(dhakaInstant('2026-03-10', '18:00').toISOString()).toBe('2026-03-10T12:00:00.000Z');
    const event = { eventDate: '2026-03-10', startTime: '16:00', endTime: '18:00' };
    expect(isUpcoming(event, new Date('2026-03-10T11:59:00Z'))).toBe(true);
    expect(isUpcoming(event, new Date('2026-03-10T12:00:00Z'))).toBe(false);
  });
  it('initials', () => {
    expect(initials('Ayesha Rahman')).toBe('AR');
    expect(initials('Dr. Md. Kamal Hossain')).toBe('MH');
    expect(initials('Rafi')).toBe('R');
  });
});

describe('the event’s day in Dhaka', () => {
  it('names the day as a door volunteer is told it', () => {
    expect(formatEventDay('2026-11-28')).toBe('Saturday, 28 November');
    expect(formatEventDay('not a date')).toBe('');
  });

  it('counts days in Dhaka time: before the event’s day until its midnight there', () => {
    expect(dhakaDay(new Date('2026-11-27T17:59:59Z'))).toBe('2026-11-27');
    expect(dhakaDay(new Date('2026-11-27T18:00:00Z'))).toBe('2026-11-28');
    const event = { eventDate: '2026-11-28' };
    expect(beforeEventDay(event, new Date('2026-11-27T17:59:59Z'))).toBe(true);
    expect(beforeEventDay(event, new Date('2026-11-27T18:00:00Z'))).toBe(false);
    expect(beforeEventDay(event, new Date('2026-11-29T12:00:00Z'))).toBe(false);
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [812, '812 bytes'],
    [41 * 1024 + 300, '41 KB'],
    [999 * 1024, '999 KB'],
    [1023 * 1024, '1.0 MB'],
    [3.2 * 1024 * 1024, '3.2 MB'],
    [240 * 1024 * 1024, '240 MB'],
    [1032 * 1024 * 1024, '1.0 GB'],
    [1.4 * 1024 ** 3, '1.4 GB'],
  ])('%d bytes read as %s (a small file is never "0.0 MB")', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
