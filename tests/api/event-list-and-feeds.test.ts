import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogFeedResponse } from '../../src/lib/blog/types.ts';
import type { EventItem } from '../../src/lib/types.ts';
import { PUBLIC_CDN_CACHE_CONTROL } from '../../src/server/caching/cache-headers.ts';
import { BLOG_CDN_CACHE_CONTROL } from '../../src/server/routes/blog.routes.ts';
import { useTestApi } from '../support/api-fixture.ts';
import { json, sampleEvent, startTestApi, type TestApi } from '../support/api-server.ts';
import { FAKE_HOST, fakePost, startFakeHashnode, type FakeHashnode } from '../support/fake-hashnode.ts';
import { parseCalendar, parseRss } from '../support/parse-feeds.ts';

// Noon in Dhaka. Ninety days earlier is 2030-03-17 12:00 in Dhaka: the feeds' "recent" edge.
const NOW = new Date('2030-06-15T06:00:00Z');

let api: TestApi;

/** Title -> [chapter token, date, start, end]; the server's clock is NOW. */
const EVENTS: Record<string, ['home' | 'alpha', string, string, string]> = {
  'Future far': ['home', '2030-12-01', '10:00', '13:00'],
  'Alpha upcoming': ['alpha', '2030-07-01', '18:00', '21:00'],
  'Later today': ['home', '2030-06-15', '11:00', '17:00'],
  'Alpha recent': ['alpha', '2030-06-01', '10:00', '12:00'],
  'Edge, just inside': ['home', '2030-03-17', '10:00', '13:00'],
  'Edge, just outside': ['home', '2030-03-17', '09:00', '11:00'],
  'Old past': ['home', '2030-01-01', '10:00', '12:00'],
  'Alpha old': ['alpha', '2029-01-01', '10:00', '12:00'],
};

const setUp = useTestApi({ now: () => NOW, chapters: { alpha: 'Alpha Chapter', beta: 'Beta Chapter' } });
beforeAll(async () => {
  api = setUp.api;
  const { admin } = setUp;
  const { alpha } = setUp.chapters;
  for (const [title, [owner, eventDate, startTime, endTime]] of Object.entries(EVENTS)) {
    const body = sampleEvent({
      title,
      eventDate,
      startTime,
      endTime,
      description: `About ${title}; with, commas\\and a backslash\nণ second line`,
    });
    const res = await api.call('/events', json('POST', body, owner === 'home' ? admin : alpha.token));
    if (res.status !== 201) throw new Error(`${title}: ${res.status}`);
  }
});

const listed = async (query = '') =>
  ((await (await api.call(`/events${query}`)).json()) as { events: EventItem[] }).events;

/** The instant a Dhaka wall-clock time names, worked out here independently of the server's helpers. */
const utc = (date: string, time: string) => new Date(`${date}T${time}:00+06:00`).toISOString();

const IN_WINDOW = ['Later today', 'Alpha upcoming', 'Future far', 'Alpha recent', 'Edge, just inside'];

describe('GET /events.ics', () => {
  it('is a calendar of exactly the upcoming and recent events the API lists, read by ical.js', async () => {
    const res = await api.call('/events.ics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    expect(res.headers.get('netlify-cdn-cache-control')).toBe(PUBLIC_CDN_CACHE_CONTROL);
    const calendar = parseCalendar(await res.text());
    expect(calendar.name).toBe('IEEE Computer Society Bangladesh Chapter events');

    const expected = (await listed()).filter((e) => IN_WINDOW.includes(e.title));
    expect(expected.map((e) => e.title)).toEqual(IN_WINDOW);
    expect(calendar.events).toEqual(
      expected.map((e) => ({
        uid: `${e.id}@ieeecsbdc.org`,
        summary: e.title,
        location: e.location,
        description: `Organized by ${e.host}\n\n${e.description}\n\nRegister: ${e.eventLink}`,
        url: `${api.origin}/events/${e.id}`,
        start: utc(e.eventDate, e.startTime),
        end: utc(e.eventDate, e.endTime),
      })),
    );
  });

  it("narrows to one chapter's events with ?chapter=, named after the chapter", async () => {
    const calendar = parseCalendar(await (await api.call('/events.ics?chapter=alpha')).text());
    expect(calendar.name).toBe('Alpha Chapter events');
    const alphaEvents = (await listed()).filter((e) => e.chapterSlug === 'alpha' && IN_WINDOW.includes(e.title));
    expect(calendar.events.map((e) => e.uid)).toEqual(alphaEvents.map((e) => `${e.id}@ieeecsbdc.org`));
    expect(calendar.events.map((e) => e.summary)).toEqual(['Alpha upcoming', 'Alpha recent']);
    // A link typed in capitals finds the chapter, as its page does.
    expect(parseCalendar(await (await api.call('/events.ics?chapter=ALPHA')).text()).events).toHaveLength(2);
  });

  it('is an empty calendar for a chapter with no events, and 404 for an unknown chapter', async () => {
    const empty = await api.call('/events.ics?chapter=beta');
    expect(empty.status).toBe(200);
    expect(parseCalendar(await empty.text())).toEqual({ name: 'Beta Chapter events', events: [] });

    const unknown = await api.call('/events.ics?chapter=no-such-chapter');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ success: false, code: 'chapter_not_found', message: 'Chapter not found' });
  });

  it.each(['not%20a%20slug', '', '%3Cscript%3E', 'a'.repeat(61)])('refuses chapter=%s with 400', async (chapter) => {
    const res = await api.call(`/events.ics?chapter=${chapter}`);
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: { path: string }) => e.path)).toEqual(['chapter']);
  });
});

describe('GET /events.rss', () => {
  it('is an RSS 2.0 feed of exactly the upcoming and recent events, read by an XML parser', async () => {
    const res = await api.call('/events.rss');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers.get('netlify-cdn-cache-control')).toBe(PUBLIC_CDN_CACHE_CONTROL);
    const feed = parseRss(await res.text());
    expect(feed.link).toBe(`${api.origin}/events`);
    expect(feed.selfLink).toBe(`${api.origin}/api/v1/events.rss`);

    const expected = (await listed()).filter((e) => IN_WINDOW.includes(e.title));
    expect(feed.items.map(({ title, link, guid, pubDate }) => ({ title, link, guid, pubDate }))).toEqual(
      expected.map((e) => ({
        title: e.title,
        link: `${api.origin}/events/${e.id}`,
        guid: `${api.origin}/events/${e.id}`,
        pubDate: new Date(e.createdAt).toUTCString(),
      })),
    );
    const [first] = feed.items;
    expect(first?.description).toContain('Saturday, June 15, 2030, 11:00 AM - 5:00 PM GMT+6');
    expect(first?.description).toContain('About Later today; with, commas\\and a backslash\nণ second line');
  });

  it('takes ?chapter= as the calendar does', async () => {
    const feed = parseRss(await (await api.call('/events.rss?chapter=alpha')).text());
    expect(feed.title).toBe('Alpha Chapter events');
    expect(feed.link).toBe(`${api.origin}/chapter/alpha`);
    expect(feed.items.map((i) => i.title)).toEqual(['Alpha upcoming', 'Alpha recent']);
    expect((await api.call('/events.rss?chapter=nope')).status).toBe(404);
    expect((await api.call('/events.rss?chapter=Bad!')).status).toBe(400);
  });
});

describe('GET /blog.rss', () => {
  async function allApiPosts(call: (path: string) => Promise<Response>) {
    const posts: BlogFeedResponse['posts'] = [];
    let after: string | null = null;
    do {
      const page = (await (
        await call(`/blog/posts${after ? `?after=${encodeURIComponent(after)}` : ''}`)
      ).json()) as BlogFeedResponse;
      posts.push(...page.posts);
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    return posts;
  }

  it('lists exactly the posts of the local blog, newest first, linking to their pages here', async () => {
    const res = await api.call('/blog.rss');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers.get('netlify-cdn-cache-control')).toBe(BLOG_CDN_CACHE_CONTROL);
    const feed = parseRss(await res.text());
    expect(feed.link).toBe(`${api.origin}/blogs`);
    const posts = await allApiPosts(api.call);
    expect(posts).toHaveLength(12);
    expect(feed.items).toEqual(
      posts.map((p) => ({
        title: p.title,
        link: `${api.origin}/blogs/${p.slug}`,
        guid: `${api.origin}/blogs/${p.slug}`,
        description: p.brief,
        pubDate: new Date(p.publishedAt!).toUTCString(),
      })),
    );
  });

  describe('over Hashnode', () => {
    let fake: FakeHashnode;
    let hashnodeApi: TestApi;
    beforeAll(async () => {
      fake = await startFakeHashnode(Array.from({ length: 25 }, (_, i) => fakePost(i + 1)));
      hashnodeApi = await startTestApi({ hashnode: { host: FAKE_HOST, gqlUrl: fake.url } });
    });
    afterAll(async () => {
      await hashnodeApi?.close();
      await fake?.close();
    });

    it('carries the 20 newest posts the blog API pages through', async () => {
      const feed = parseRss(await (await hashnodeApi.call('/blog.rss')).text());
      const newest = (await allApiPosts(hashnodeApi.call)).slice(0, 20);
      expect(feed.items.map((i) => i.link)).toEqual(newest.map((p) => `${hashnodeApi.origin}/blogs/${p.slug}`));
      expect(feed.items.map((i) => i.title)).toEqual(newest.map((p) => p.title));
    });

    it('answers 502 when Hashnode fails, as the blog API does', async () => {
      fake.failure = 'http500';
      const res = await hashnodeApi.call('/blog.rss');
      expect(res.status).toBe(502);
      expect((await res.json()).success).toBe(false);
      fake.reset();
    });
  });
});

describe('GET /events with the list parameters', () => {
  type Listing = { success: true; events: EventItem[]; chapters: { slug: string; name: string }[] } & Partial<{
    page: number;
    pageSize: number;
    total: number;
    totalPages: number;
  }>;
  const listing = async (query: string) => (await (await api.call(`/events${query}`)).json()) as Listing;
  const titles = (events: EventItem[]) => events.map((e) => e.title);

  const UPCOMING = ['Later today', 'Alpha upcoming', 'Future far'];
  const PAST = ['Alpha recent', 'Edge, just inside', 'Edge, just outside', 'Old past', 'Alpha old'];

  it('keeps the plain answer exactly as before: every event, upcoming first, and nothing else', async () => {
    const body = await (await api.call('/events')).json();
    expect(Object.keys(body).sort()).toEqual(['events', 'success']);
    expect(titles(body.events)).toEqual([...UPCOMING, ...PAST]);
  });

  it('splits upcoming from past (in Dhaka time) and names the chapters that have events', async () => {
    const upcoming = await listing('?when=upcoming');
    expect(titles(upcoming.events)).toEqual(UPCOMING);
    expect(upcoming.chapters).toEqual([
      { slug: 'alpha', name: 'Alpha Chapter' },
      { slug: 'ieee-cs-bdc', name: 'IEEE Computer Society Bangladesh Chapter' },
    ]);
    expect(upcoming.page).toBeUndefined();
    expect(titles((await listing('?when=past')).events)).toEqual(PAST);
  });

  it('pages the past events, every event on exactly one page', async () => {
    const first = await listing('?when=past&page=1&pageSize=2');
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: 5, totalPages: 3 });
    const pages = [first, await listing('?when=past&page=2&pageSize=2'), await listing('?when=past&page=3&pageSize=2')];
    expect(pages.map((p) => titles(p.events))).toEqual([PAST.slice(0, 2), PAST.slice(2, 4), PAST.slice(4)]);
    // Past the last page: no events, and the counts to get back.
    expect(await listing('?when=past&page=4&pageSize=2')).toMatchObject({ events: [], total: 5, totalPages: 3 });
    // A page without a size uses the archive's 9.
    expect(await listing('?when=past&page=1')).toMatchObject({ pageSize: 9, totalPages: 1 });
  });

  it('filters by chapter, keeping every chapter in the choices; a chapter without events is still named', async () => {
    const alpha = await listing('?chapter=alpha&when=past&page=1&pageSize=9');
    expect(titles(alpha.events)).toEqual(['Alpha recent', 'Alpha old']);
    expect(alpha.chapters.map((c) => c.slug)).toEqual(['alpha', 'ieee-cs-bdc']);
    const beta = await listing('?chapter=beta');
    expect(beta.events).toEqual([]);
    expect(beta.chapters.map((c) => c.slug)).toEqual(['alpha', 'beta', 'ieee-cs-bdc']);
  });

  it('finds events by every word of a search, in any case, in the title, host or location', async () => {
    expect(titles((await listing('?q=ALPHA%20upcoming')).events)).toEqual(['Alpha upcoming']);
    // Every word must appear: "edge" alone finds both, "edge outside" one.
    expect(titles((await listing('?q=edge')).events)).toEqual(['Edge, just inside', 'Edge, just outside']);
    expect(titles((await listing('?q=edge%20outside&page=1&pageSize=5')).events)).toEqual(['Edge, just outside']);
    expect(await listing('?q=no%20such%20words&page=1')).toMatchObject({ events: [], total: 0 });
    // Blank after trimming: every event, as without it.
    expect(titles((await listing('?q=%20%20')).events)).toEqual([...UPCOMING, ...PAST]);
  });

  it('answers 404 for an unknown chapter', async () => {
    const res = await api.call('/events?chapter=no-such-chapter');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, code: 'chapter_not_found', message: 'Chapter not found' });
  });

  it.each([
    ['when', 'when=soon'],
    ['page', 'page=0'],
    ['page', 'page=abc'],
    ['page', 'page=1.5'],
    ['page', 'page=99999999999999999999'],
    ['pageSize', 'pageSize=51'],
    ['pageSize', 'pageSize=-3'],
    ['chapter', 'chapter=Not%20a%20slug'],
    ['chapter', 'chapter='],
    ['q', `q=${'x'.repeat(101)}`],
  ])('refuses a bad %s (%s) with 400, never 500', async (field, query) => {
    const res = await api.call(`/events?${query}`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.success).toBe(false);
    expect(body.errors.map((e: { path: string }) => e.path)).toEqual([field]);
  });
});
