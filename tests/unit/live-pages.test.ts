import { describe, expect, it } from 'vitest';
import { formatTimeRange } from '../../src/lib/format.ts';
import type { EventItem } from '../../src/lib/types.ts';
import { DEFAULT_VIDEO_ID, youtubeEmbedUrl, youtubeVideoId } from '../../src/islands/chapter/youtube.ts';
import { eventJsonLd } from '../../src/lib/seo/event-jsonld.ts';
import { summarize } from '../../src/lib/seo/summarize.ts';
import { DEFAULT_CERTIFICATE_SETTINGS } from '../../src/lib/schemas/attendance.schema.ts';
import { DEFAULT_REGISTRATION_SETTINGS } from '../../src/lib/schemas/registration.schema.ts';

describe('youtubeVideoId', () => {
  it('takes the id after v=', () => {
    expect(youtubeVideoId('https://www.youtube.com/watch?v=abcDEF12345&t=10')).toBe('abcDEF12345');
  });
  it('reads short and embed links too', () => {
    expect(youtubeVideoId('https://youtu.be/abcDEF12345')).toBe('abcDEF12345');
    expect(youtubeVideoId('https://www.youtube.com/embed/abcDEF12345')).toBe('abcDEF12345');
  });
  it('falls back to the default video', () => {
    for (const url of ['', null, undefined, 'not a url', 'https://example.org/?v=bad', 'https://youtube.com/watch']) {
      expect(youtubeVideoId(url)).toBe(DEFAULT_VIDEO_ID);
    }
  });
  it('embeds without cookies', () => {
    expect(youtubeEmbedUrl('abcDEF12345')).toBe('https://www.youtube-nocookie.com/embed/abcDEF12345?autoplay=1&rel=0');
  });
});

describe('event page helpers', () => {
  it('formats the time range', () => {
    expect(formatTimeRange('09:30', '13:00')).toBe('9:30 AM - 1:00 PM GMT+6');
  });

  it('summarizes a description for the meta tag at a word boundary', () => {
    expect(summarize('One line.\nTwo  lines.')).toBe('One line. Two lines.');
    const long = summarize('word '.repeat(100), 30);
    expect(long.length).toBeLessThanOrEqual(30);
    expect(long.endsWith('word…')).toBe(true);
  });

  const event: EventItem = {
    _id: 'e1',
    id: 'e1',
    title: 'Workshop',
    eventDate: '2026-01-05',
    startTime: '09:30',
    endTime: '12:00',
    location: 'BUET, Dhaka',
    host: 'IEEE CS BDC',
    registrationMethod: 'Offline',
    fees: 0,
    banner: '/uploads/banner.png',
    eventLink: 'https://example.org/register',
    description: 'About it.',
    status: 'published',
    registration: DEFAULT_REGISTRATION_SETTINGS,
    certificates: DEFAULT_CERTIFICATE_SETTINGS,
    chapterSlug: 'ieee-cs-bdc',
    createdAt: '2025-12-01T00:00:00Z',
    updatedAt: '2025-12-01T00:00:00Z',
  };

  it('describes an offline event as schema.org JSON-LD with Dhaka times', () => {
    const ld = eventJsonLd(event, 'https://ieeecsbdc.org/events/e1', 'IEEE CS BDC');
    expect(ld).toMatchObject({
      '@type': 'Event',
      startDate: '2026-01-05T09:30:00+06:00',
      endDate: '2026-01-05T12:00:00+06:00',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'BUET, Dhaka' },
      image: ['https://ieeecsbdc.org/uploads/banner.png'],
      offers: { price: 0, priceCurrency: 'BDT', url: 'https://example.org/register' },
    });
  });
});
