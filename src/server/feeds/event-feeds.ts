import { calendarName } from '../../lib/feeds.ts';
import { formatEventDateLong, formatFee, formatTimeRange } from '../../lib/format.ts';
import { buildCalendarIcs } from '../../lib/ics.ts';
import type { EventItem } from '../../lib/types.ts';
import { rssXml } from './rss-xml.ts';
import { eventUrl } from '../../lib/registration/registration-links.ts';

/** Who a feed's events belong to: the chapter asked for, or the whole society's site. */
export interface FeedOwner {
  name: string;
  /** A chapter slug (slugs are safe in file names). */
  slug: string;
  /** The site page listing these events (site-relative). */
  pagePath: string;
}

/** Subscribed calendars ask again after this long; the API's CDN copy is at most a minute old anyway. */
export const CALENDAR_REFRESH_MINUTES = 6 * 60;

/** The iCalendar of these events, each linking to its page on the site. */
export function eventsCalendarIcs(events: readonly EventItem[], owner: FeedOwner, origin: string, now: Date): string {
  return buildCalendarIcs(
    events.map((event) => ({ event, pageUrl: eventUrl(origin, event.id) })),
    { name: calendarName(owner.name), refreshMinutes: CALENDAR_REFRESH_MINUTES, now },
  );
}

/** The RSS 2.0 feed of these events: when and where first (in Dhaka time, labelled), then the description. */
export function eventsRssXml(events: readonly EventItem[], owner: FeedOwner, origin: string, selfUrl: string): string {
  return rssXml({
    title: calendarName(owner.name),
    link: `${origin}${owner.pagePath}`,
    selfUrl,
    description: `Upcoming and recent events of the ${owner.name}.`,
    items: events.map((event) => ({
      title: event.title,
      link: eventUrl(origin, event.id),
      description: [
        `${formatEventDateLong(event.eventDate)}, ${formatTimeRange(event.startTime, event.endTime)}`,
        `${event.location} · ${formatFee(event.fees)} · Organized by ${event.host}`,
        event.description,
      ].join('\n\n'),
      // When the event was announced: readers sort and mark new items by it.
      pubDate: event.createdAt,
      author: event.host,
    })),
  });
}
