import { API_BASE } from './api-base.ts';

/**
 * Where the subscribable feeds live (under the API, beside the data they are built from), for the
 * server that answers them and the pages that link to them. `chapter` narrows an events feed to one
 * chapter.
 */
const withChapter = (path: string, chapter: string | undefined) =>
  chapter ? `${path}?chapter=${encodeURIComponent(chapter)}` : path;

export const feedPaths = {
  /** iCalendar of upcoming and recent events, for calendar subscriptions and download. */
  eventsCalendar: (chapter?: string) => withChapter(`${API_BASE}/events.ics`, chapter),
  /** RSS 2.0 of upcoming and recent events. */
  eventsRss: (chapter?: string) => withChapter(`${API_BASE}/events.rss`, chapter),
  /** RSS 2.0 of the latest blog posts. */
  blogRss: () => `${API_BASE}/blog.rss`,
};

/** The subscription form of an absolute http(s) address: calendar apps open webcal:// links. */
export function webcalUrl(absoluteUrl: string): string {
  return absoluteUrl.replace(/^https?:/i, 'webcal:');
}

/** A calendar's name in the subscriber's calendar app. */
export const calendarName = (owner: string) => `${owner} events`;

/** The blog feed's title. */
export const blogFeedTitle = (owner: string) => `${owner} blog`;
