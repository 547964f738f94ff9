import { describe, expect, it } from 'vitest';
import { googleCalendarUrl } from '../../src/lib/google-calendar.ts';

const event = {
  _id: 'e1',
  title: 'Tech Talk: AI & You',
  eventDate: '2026-01-05',
  startTime: '09:30',
  endTime: '12:00',
  location: 'BUET, Dhaka',
  host: 'IEEE CS BDC',
  description: 'Line one\nLine two',
  eventLink: 'https://example.org/register?a=1&b=2',
};

describe('googleCalendarUrl', () => {
  const url = new URL(googleCalendarUrl(event, 'https://ieeecsbdc.org/events/e1'));

  it("is Google's event template", () => {
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
  });

  it('carries the Dhaka wall-clock times as UTC (GMT+6 minus six hours)', () => {
    expect(url.searchParams.get('dates')).toBe('20260105T033000Z/20260105T060000Z');
  });

  it('crosses midnight in UTC correctly for an early-morning Dhaka event', () => {
    const early = new URL(googleCalendarUrl({ ...event, startTime: '02:00', endTime: '05:00' }, 'https://x.org/e'));
    expect(early.searchParams.get('dates')).toBe('20260104T200000Z/20260104T230000Z');
  });

  it('carries the title, place and details, with every character escaped in the query', () => {
    expect(url.searchParams.get('text')).toBe('Tech Talk: AI & You');
    expect(url.searchParams.get('location')).toBe('BUET, Dhaka');
    expect(url.searchParams.get('details')).toBe(
      'Organized by IEEE CS BDC\n\nLine one\nLine two\n\nRegister: https://example.org/register?a=1&b=2\n\nhttps://ieeecsbdc.org/events/e1',
    );
    // The ampersands of the title and the link stay inside their values.
    expect([...url.searchParams.keys()]).toEqual(['action', 'text', 'dates', 'details', 'location']);
  });

  it('sends people to the event page to register when registration is on this site, the link then only a post', () => {
    const site = new URL(
      googleCalendarUrl({ ...event, registration: { mode: 'site' } }, 'https://ieeecsbdc.org/events/e1'),
    );
    expect(site.searchParams.get('details')).toBe(
      'Organized by IEEE CS BDC\n\nLine one\nLine two\n\nRegister: https://ieeecsbdc.org/events/e1',
    );
    const none = new URL(
      googleCalendarUrl({ ...event, registration: { mode: 'none' } }, 'https://ieeecsbdc.org/events/e1'),
    );
    expect(none.searchParams.get('details')).toBe(
      'Organized by IEEE CS BDC\n\nLine one\nLine two\n\nMore: https://example.org/register?a=1&b=2\n\nhttps://ieeecsbdc.org/events/e1',
    );
  });
});
