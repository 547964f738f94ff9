import { beforeAll, describe, expect, it } from 'vitest';
import type { BlogSource } from '../../src/server/blog/blog-source.ts';
import { cacheTag, type PageCache } from '../../src/server/caching/page-cache.ts';
import { findEvent } from '../../src/server/repositories/events.repository.ts';
import { chapterLanding } from '../../src/server/services/chapter-landing.service.ts';
import { contentSitemap } from '../../src/server/services/content-sitemap.service.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, sampleEvent, type TestApi } from '../support/api-server.ts';

/**
 * Draft events: seen by their chapter and admins only, until published. Every public read (the API's
 * list, detail and chapter landing, the event page's loader, the content sitemap) leaves them out.
 */
let api: TestApi;
let admin: string;
let alpha: TestChapter;
let beta: TestChapter;
const purged: string[][] = [];
const pageCache: PageCache = {
  purge: async (tags) => {
    purged.push([...tags]);
  },
};
const noBlog: BlogSource = {
  kind: 'local',
  feed: async () => null,
  post: async () => null,
  authorPosts: async () => [],
};

const setUp = useTestApi({ pageCache, chapters: { alpha: 'Alpha Chapter', beta: 'Beta Chapter' } });
beforeAll(() => {
  ({ api, admin } = setUp);
  ({ alpha, beta } = setUp.chapters);
});

async function create(fields: Record<string, unknown>, token = alpha.token) {
  const res = await api.call('/events', json('POST', sampleEvent(fields), token));
  expect(res.status).toBe(201);
  return (await res.json()).event as { _id: string; id: string; status: string };
}
const ids = (events: { _id: string }[]) => events.map((e) => e._id);
const publicList = async () => ids((await (await api.call('/events')).json()).events);
const myList = async (token: string) =>
  ids((await (await api.call('/events/myevents', json('GET', undefined, token))).json()).events);
const readAs = (id: string, token?: string) => api.call(`/events/${id}`, json('GET', undefined, token));
const sitemapPaths = async () =>
  (
    await contentSitemap({
      db: api.db,
      blog: noBlog,
      now: () => new Date(),
    })
  ).map((entry) => entry.path);
const landingIds = async () => ids((await chapterLanding(api.db, 'alpha', new Date()))!.events);

describe('draft events', () => {
  it('are published unless the client asks for a draft (older clients send no status)', async () => {
    const event = await create({ title: 'Old client' });
    expect(event.status).toBe('published');
    expect(await publicList()).toContain(event._id);
  });

  it('refuse a status other than published or draft, and change nothing', async () => {
    const before = await publicList();
    const res = await api.call('/events', json('POST', sampleEvent({ status: 'hidden' }), alpha.token));
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([
      expect.objectContaining({ path: 'status', message: 'Status must be published or draft' }),
    ]);
    expect(await publicList()).toEqual(before);
  });

  it('are hidden from every public read, and shown to the owner and admins', async () => {
    const draft = await create({ title: 'Secret plans', status: 'draft' });
    expect(draft.status).toBe('draft');

    expect(await publicList()).not.toContain(draft._id);
    expect((await readAs(draft._id)).status).toBe(404);
    expect((await readAs(draft._id, beta.token)).status).toBe(404);
    expect(await findEvent(api.db, draft._id)).toBeUndefined();
    expect(await sitemapPaths()).not.toContain(`/events/${draft.id}`);
    expect(await landingIds()).not.toContain(draft._id);
    const landing = await (await api.call('/chapters/alpha')).json();
    expect(ids(landing.events)).not.toContain(draft._id);
    // The filtered and paged list, and the feeds (they name the event by id and title).
    const filtered = await (await api.call('/events?chapter=alpha&page=1')).json();
    expect(ids(filtered.events)).not.toContain(draft._id);
    for (const feed of ['/events.ics', '/events.rss', '/events.ics?chapter=alpha']) {
      const res = await api.call(feed);
      expect(res.status, feed).toBe(200);
      const text = await res.text();
      expect(text, feed).not.toContain(draft.id);
      expect(text, feed).not.toContain('Secret plans');
    }

    expect(await myList(alpha.token)).toContain(draft._id);
    expect(await myList(admin)).toContain(draft._id);
    expect(await myList(beta.token)).not.toContain(draft._id);
    for (const token of [alpha.token, admin]) {
      const preview = await readAs(draft._id, token);
      expect(preview.status).toBe(200);
      // A signed-in answer is never shared by the CDN.
      expect(preview.headers.get('netlify-cdn-cache-control')).toBeNull();
      expect((await preview.json()).event).toMatchObject({ title: 'Secret plans', status: 'draft' });
    }
  });

  it('appear everywhere once published, and leave again when turned back into a draft', async () => {
    const draft = await create({ title: 'Coming soon', status: 'draft' });
    purged.length = 0;
    const publish = await api.call(`/events/${draft._id}`, json('PATCH', { status: 'published' }, alpha.token));
    expect(publish.status).toBe(200);
    expect((await publish.json()).event).toMatchObject({ title: 'Coming soon', status: 'published' });
    // The event page (a cached 404 until now), its registration summary (a 404 too), the chapter landing
    // and the sitemap are purged.
    expect(purged).toEqual([
      [
        cacheTag.event(draft.id),
        cacheTag.registration(draft.id),
        cacheTag.events,
        cacheTag.chapter('alpha'),
        cacheTag.sitemap,
      ],
    ]);

    expect(await publicList()).toContain(draft._id);
    expect((await readAs(draft._id)).status).toBe(200);
    expect((await findEvent(api.db, draft._id))?.item.title).toBe('Coming soon');
    expect(await sitemapPaths()).toContain(`/events/${draft.id}`);
    expect(await landingIds()).toContain(draft._id);
    expect(await (await api.call('/events.rss')).text()).toContain('Coming soon');

    purged.length = 0;
    const unpublish = await api.call(`/events/${draft._id}`, json('PATCH', { status: 'draft' }, admin));
    expect(unpublish.status).toBe(200);
    expect(purged).toEqual([
      [
        cacheTag.event(draft.id),
        cacheTag.registration(draft.id),
        cacheTag.events,
        cacheTag.chapter('alpha'),
        cacheTag.sitemap,
      ],
    ]);
    expect(await publicList()).not.toContain(draft._id);
    expect((await readAs(draft._id)).status).toBe(404);
    expect(await sitemapPaths()).not.toContain(`/events/${draft.id}`);
  });

  it('keep their status through an edit that does not name it', async () => {
    const draft = await create({ title: 'Still a draft', status: 'draft' });
    const put = await api.call(`/events/${draft._id}`, json('PUT', sampleEvent({ title: 'Renamed' }), alpha.token));
    // A full PUT from an older client (no status) must not publish a draft by accident.
    expect((await put.json()).event).toMatchObject({ title: 'Renamed', status: 'draft' });
    const patch = await api.call(`/events/${draft._id}`, json('PATCH', { location: 'Online' }, alpha.token));
    expect((await patch.json()).event).toMatchObject({ location: 'Online', status: 'draft' });
    expect(await publicList()).not.toContain(draft._id);
  });
});
