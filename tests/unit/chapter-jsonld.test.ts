import { describe, expect, it } from 'vitest';
import { chapterJsonLd } from '../../src/lib/seo/chapter-jsonld.ts';
import type { ChapterInfo, EventItem } from '../../src/lib/types.ts';
import { DEFAULT_CERTIFICATE_SETTINGS } from '../../src/lib/schemas/attendance.schema.ts';
import { DEFAULT_REGISTRATION_SETTINGS } from '../../src/lib/schemas/registration.schema.ts';

const SITE = { chapterName: 'IEEE Computer Society Bangladesh Chapter', homeChapterSlug: 'ieee-cs-bdc' };
const PAGE = 'https://cs.example.org/chapter/buet-cs-sbc';

const chapter: ChapterInfo = {
  _id: 'info-1',
  id: 'info-1',
  slug: 'buet-cs-sbc',
  chapterId: { _id: 'c-1', id: 'c-1', name: 'IEEE CS BUET Student Branch Chapter', email: 'buet@example.org' },
  logo: '/sample/logos/buet-cs-sbc.png',
  shortDescription: 'Students of BUET building together.',
  websiteUrl: 'https://www.example.org/buet',
  facebookUrl: 'https://www.facebook.com/buet',
  linkedinUrl: '',
  aboutUs: 'Founded in 2018.',
  videoUrl: '',
};

const event: EventItem = {
  _id: 'e-1',
  id: 'e-1',
  title: 'BUET Hackathon',
  eventDate: '2026-05-10',
  startTime: '09:00',
  endTime: '21:00',
  location: 'ECE Building, BUET',
  host: 'IEEE CS BUET SBC',
  registrationMethod: 'Offline',
  fees: 0,
  banner: '/uploads/hackathon.webp',
  eventLink: 'https://forms.example.org/hackathon',
  description: 'Build things.',
  status: 'published',
  registration: DEFAULT_REGISTRATION_SETTINGS,
  certificates: DEFAULT_CERTIFICATE_SETTINGS,
  chapterSlug: 'buet-cs-sbc',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('chapterJsonLd', () => {
  it('describes the chapter as an Organization under the site chapter, with absolute URLs', () => {
    const ld = chapterJsonLd({ chapter, events: [event] }, PAGE, SITE);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'IEEE CS BUET Student Branch Chapter',
      url: PAGE,
      logo: 'https://cs.example.org/sample/logos/buet-cs-sbc.png',
      description: 'Students of BUET building together.',
      email: 'buet@example.org',
      // Only the links the chapter has.
      sameAs: ['https://www.facebook.com/buet', 'https://www.example.org/buet'],
      parentOrganization: { '@type': 'Organization', name: SITE.chapterName, url: 'https://cs.example.org/' },
    });
    expect(ld.event).toEqual([
      {
        '@type': 'Event',
        name: 'BUET Hackathon',
        url: 'https://cs.example.org/events/e-1',
        startDate: '2026-05-10T09:00:00+06:00',
        endDate: '2026-05-10T21:00:00+06:00',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location: { '@type': 'Place', name: 'ECE Building, BUET', address: 'ECE Building, BUET' },
        image: 'https://cs.example.org/uploads/hackathon.webp',
      },
    ]);
  });

  it('an online event is located at its link', () => {
    const online = { ...event, registrationMethod: 'Online' as const };
    const [summary] = chapterJsonLd({ chapter, events: [online] }, PAGE, SITE).event ?? [];
    expect(summary).toMatchObject({
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: 'https://forms.example.org/hackathon' },
    });
  });

  it('a chapter with a blank landing page leaves out what it has not written', () => {
    const blank = {
      ...chapter,
      logo: '',
      shortDescription: '',
      aboutUs: '',
      websiteUrl: '',
      facebookUrl: '',
      linkedinUrl: '',
    };
    const ld = chapterJsonLd({ chapter: blank, events: [] }, PAGE, SITE);
    for (const key of ['logo', 'description', 'sameAs', 'event']) expect(ld).not.toHaveProperty(key);
    expect(ld.name).toBe('IEEE CS BUET Student Branch Chapter');
  });

  it('falls back to the about text for the description', () => {
    const ld = chapterJsonLd({ chapter: { ...chapter, shortDescription: '' }, events: [] }, PAGE, SITE);
    expect(ld.description).toBe('Founded in 2018.');
  });

  it('the home chapter has no parent organization on its own site', () => {
    const home = { ...chapter, slug: 'ieee-cs-bdc' };
    expect(chapterJsonLd({ chapter: home, events: [] }, PAGE, SITE)).not.toHaveProperty('parentOrganization');
  });

  it('keeps an absolute logo URL as it is', () => {
    const ld = chapterJsonLd(
      { chapter: { ...chapter, logo: 'https://cdn.example.net/l.png' }, events: [] },
      PAGE,
      SITE,
    );
    expect(ld.logo).toBe('https://cdn.example.net/l.png');
  });
});
