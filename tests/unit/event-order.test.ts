import { describe, expect, it } from 'vitest';
import type { EventItem } from '../../src/lib/types.ts';
import { orderEvents } from '../../src/server/services/events.service.ts';

const event = (title: string, eventDate: string, endTime = '12:00') =>
  ({ title, eventDate, startTime: '08:00', endTime }) as EventItem;
const titles = (events: EventItem[]) => events.map((e) => e.title);

// 10 March 2026, 12:00 in Dhaka (UTC+6).
const NOW = new Date('2026-03-10T06:00:00Z');

describe('the order of event lists', () => {
  it('shows upcoming events soonest first, then past events most recent first', () => {
    const events = [
      event('past, long ago', '2025-01-01'),
      event('upcoming, later', '2026-05-01'),
      event('past, recent', '2026-03-01'),
      event('upcoming, soon', '2026-03-20'),
    ];
    expect(titles(orderEvents(events, NOW))).toEqual([
      'upcoming, soon',
      'upcoming, later',
      'past, recent',
      'past, long ago',
    ]);
  });

  it('keeps an event upcoming until it ends, in Dhaka time', () => {
    const today = [event('ended at noon', '2026-03-10', '12:00'), event('ends tonight', '2026-03-10', '20:00')];
    expect(titles(orderEvents(today, NOW))).toEqual(['ends tonight', 'ended at noon']);
  });

  it('orders events of one day by their end time', () => {
    const day = [event('evening', '2026-04-01', '21:00'), event('morning', '2026-04-01', '10:00')];
    expect(titles(orderEvents(day, NOW))).toEqual(['morning', 'evening']);
  });

  it('leaves its input alone', () => {
    const events = [event('b', '2025-01-01'), event('a', '2026-05-01')];
    orderEvents(events, NOW);
    expect(titles(events)).toEqual(['b', 'a']);
  });
});
