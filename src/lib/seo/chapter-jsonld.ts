import type { ChapterInfo, EventItem } from '../types.ts';
import { eventWhenAndWhere } from './event-jsonld.ts';
import { eventPath } from '../registration/registration-links.ts';

interface ChapterLandingData {
  chapter: ChapterInfo;
  events: readonly EventItem[];
}

interface SiteChapter {
  chapterName: string;
  homeChapterSlug: string;
}

/** The chapter's event as a short schema.org Event: enough to name it and link to its own page. */
function eventSummary(event: EventItem, origin: string) {
  return {
    '@type': 'Event',
    name: event.title,
    url: new URL(eventPath(event._id), origin).href,
    ...eventWhenAndWhere(event),
    image: new URL(event.banner, origin).href,
  };
}

/**
 * schema.org Organization for a chapter's landing page (https://schema.org/Organization): its logo,
 * description, social profiles (sameAs), the site's chapter as its parent, and its events.
 */
export function chapterJsonLd({ chapter, events }: ChapterLandingData, pageUrl: string, site: SiteChapter) {
  const origin = new URL(pageUrl).origin;
  const description = chapter.shortDescription || chapter.aboutUs;
  const sameAs = [chapter.facebookUrl, chapter.linkedinUrl, chapter.websiteUrl].filter(Boolean);
  // The home chapter is the site's own chapter: it has no parent on this site.
  const isHome = chapter.slug === site.homeChapterSlug;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: chapter.chapterId.name,
    url: pageUrl,
    ...(chapter.logo ? { logo: new URL(chapter.logo, origin).href } : {}),
    ...(description ? { description } : {}),
    ...(chapter.chapterId.email ? { email: chapter.chapterId.email } : {}),
    ...(sameAs.length ? { sameAs } : {}),
    ...(isHome ? {} : { parentOrganization: { '@type': 'Organization', name: site.chapterName, url: `${origin}/` } }),
    ...(events.length ? { event: events.map((event) => eventSummary(event, origin)) } : {}),
  };
}
