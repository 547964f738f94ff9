import { BLOG_NOT_FOUND } from '../../lib/api-errors.ts';
import { Hono, type Context } from 'hono';
import site from '../../../content/site.json' with { type: 'json' };
import { eventFeedQuerySchema } from '../../lib/schemas/event-list.schema.ts';
import { createBlogSource } from '../blog/index.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { validate } from '../http/body.ts';
import { sharedRead } from '../caching/cache-headers.ts';
import { cacheTag } from '../caching/page-cache.ts';
import { notFound } from '../http/errors.ts';
import { answerOrigin } from '../http/site-origin.ts';
import { blogRssXml, latestPosts } from '../feeds/blog-feed.ts';
import { eventsCalendarIcs, eventsRssXml, type FeedOwner } from '../feeds/event-feeds.ts';
import { inFeedWindow, publicEvents } from '../services/events.service.ts';
import { BLOG_CDN_CACHE_CONTROL } from './blog.routes.ts';
import { chapterPath } from '../../lib/registration/registration-links.ts';

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';
export const RSS_CONTENT_TYPE = 'application/rss+xml; charset=utf-8';

/**
 * The subscribable feeds, at the API's root beside the JSON they mirror: /events.ics and /events.rss
 * (upcoming and recent events, `?chapter=` for one chapter) and /blog.rss (the newest posts of the
 * configured blog source). They list what the public events list and blog feed list; errors are the
 * API's JSON envelope (an unknown chapter is 404, a malformed one 400).
 */
/** An events feed shows the events and, when it is one chapter's, that chapter's name. */
const eventFeedRead = sharedRead({
  query: Object.keys(eventFeedQuerySchema.shape),
  tags: (c) => {
    const chapter = eventFeedQuerySchema.safeParse(c.req.query()).data?.chapter;
    return [cacheTag.events, ...(chapter ? [cacheTag.chapter(chapter)] : [])];
  },
});

/** The blog's feed is the same for every reader, signed in or not, and cached as long as the blog's JSON. */
const blogFeedRead = sharedRead({ tags: () => [cacheTag.blogFeed], cdn: BLOG_CDN_CACHE_CONTROL, perSession: false });

export function feedRoutes({ config, database, now, site: address }: ApiDeps) {
  const db = database.db;
  const blog = createBlogSource(config);

  async function eventFeed(c: Context<AppEnv>) {
    const { chapter: slug } = validate(eventFeedQuerySchema, c.req.query());
    const moment = now();
    const { chapter, events } = await publicEvents(db, slug, moment);
    const owner: FeedOwner = chapter
      ? { name: chapter.name, slug: chapter.slug, pagePath: chapterPath(chapter.slug) }
      : { name: site.chapterName, slug: site.homeChapterSlug, pagePath: '/events' };
    return { owner, events: inFeedWindow(events, moment), moment, origin: answerOrigin(address) };
  }

  return new Hono<AppEnv>()
    .get('/events.ics', eventFeedRead, async (c) => {
      const { owner, events, moment, origin } = await eventFeed(c);
      return c.body(eventsCalendarIcs(events, owner, origin, moment), 200, {
        'Content-Type': CALENDAR_CONTENT_TYPE,
        // Opened in a browser it is saved as a file; calendar apps subscribing ignore the header.
        'Content-Disposition': `attachment; filename="${owner.slug}-events.ics"`,
      });
    })
    .get('/events.rss', eventFeedRead, async (c) => {
      const { owner, events, origin } = await eventFeed(c);
      const url = new URL(c.req.url);
      const selfUrl = `${origin}${url.pathname}${url.search}`;
      return c.body(eventsRssXml(events, owner, origin, selfUrl), 200, { 'Content-Type': RSS_CONTENT_TYPE });
    })
    .get('/blog.rss', blogFeedRead, async (c) => {
      const latest = await latestPosts(blog);
      if (!latest) throw notFound(BLOG_NOT_FOUND, 'blog_not_found');
      const origin = answerOrigin(address);
      const body = blogRssXml(latest.posts, {
        name: site.chapterName,
        origin,
        selfUrl: `${origin}${new URL(c.req.url).pathname}`,
      });
      return c.body(body, 200, { 'Content-Type': RSS_CONTENT_TYPE });
    });
}
