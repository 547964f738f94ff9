import type { APIRequestContext } from '@playwright/test';
import type { BlogFeedResponse, BlogPost } from '../../src/lib/blog/types.ts';
import type { ChapterAccount, EventItem } from '../../src/lib/types.ts';
import { sampleData } from '../../src/server/db/sample-data/data.ts';
import { test, expect } from './fixtures.ts';
import { adminToken, apiCall } from './live-data.ts';

/**
 * The content sitemap (/sitemap-content.xml), fetched as a crawler does: the on-demand pages of the
 * sample data and of the local Markdown blog, on the address it was asked on; robots.txt and the
 * static pages' sitemap index lead to it.
 */
test.use({ sampleData: true });

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

async function contentSitemap(request: APIRequestContext) {
  const res = await request.get('/sitemap-content.xml');
  expect(res.status()).toBe(200);
  return { res, xml: await res.text() };
}

/** Every post of the blog as the blog list pages through it. */
async function allPosts(request: APIRequestContext): Promise<BlogPost[]> {
  const posts: BlogPost[] = [];
  let after = '';
  for (;;) {
    const page = (await (await request.get(`/api/v1/blog/posts?after=${after}`)).json()) as BlogFeedResponse;
    posts.push(...page.posts);
    if (!page.pageInfo.hasNextPage) return posts;
    after = encodeURIComponent(page.pageInfo.endCursor!);
  }
}

test('lists every event, chapter landing, blog post and author on the requested origin', async ({
  request,
  baseURL,
}) => {
  const { res, xml } = await contentSitemap(request);
  expect(res.headers()['content-type']).toMatch(/^application\/xml/);
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const listed = locs(xml);

  const { events } = (await (await request.get('/api/v1/events')).json()) as { events: EventItem[] };
  expect(events.length).toBeGreaterThan(0);
  for (const event of events) expect(listed).toContain(`${baseURL}/events/${event.id}`);
  // A listed event carries its last change.
  const first = events[0]!;
  expect(xml).toContain(`<loc>${baseURL}/events/${first.id}</loc><lastmod>${first.updatedAt}</lastmod>`);
  // The events list is rendered on demand too, and changes with the last event changed.
  const lastChanged = events
    .map((event) => event.updatedAt)
    .sort()
    .at(-1);
  expect(xml).toContain(`<loc>${baseURL}/events</loc><lastmod>${lastChanged}</lastmod>`);

  for (const chapter of sampleData.chapters) expect(listed).toContain(`${baseURL}/chapter/${chapter.slug}`);
  const { chapters } = await apiCall<{ chapters: ChapterAccount[] }>(
    request,
    await adminToken(request, baseURL!),
    'get',
    '/users',
  );
  const admin = chapters.find((account) => account.isAdmin)!;
  expect(listed).not.toContain(`${baseURL}/chapter/${admin.slug}`);

  const posts = await allPosts(request);
  expect(posts.length).toBeGreaterThan(9);
  // The blog's list is rendered on demand too, and changes with its newest post.
  const newest = posts
    .map((post) => post.updatedAt ?? post.publishedAt!)
    .sort()
    .at(-1);
  expect(xml).toContain(`<loc>${baseURL}/blogs</loc><lastmod>${newest}</lastmod>`);
  for (const post of posts) expect(listed).toContain(`${baseURL}/blogs/${post.slug}`);
  const authors = new Set(posts.map((post) => post.author!.name));
  expect(authors.size).toBeGreaterThan(1);
  for (const name of authors) expect(listed).toContain(`${baseURL}/author/${encodeURIComponent(name)}`);

  // Nothing else, and nothing twice.
  expect(listed).toHaveLength(2 + events.length + sampleData.chapters.length + posts.length + authors.size);
  expect(new Set(listed).size).toBe(listed.length);
});

test('is cached by the CDN under the sitemap tag', async ({ request }) => {
  const { res } = await contentSitemap(request);
  expect(res.headers()['netlify-cdn-cache-control']).toContain('durable');
  expect(res.headers()['netlify-cache-tag']).toBe('sitemap');
});

test('the sitemap index names it, and robots.txt names both', async ({ request }) => {
  const index = await request.get('/sitemap-index.xml');
  expect(index.status()).toBe(200);
  const sitemaps = locs(await index.text());
  expect(sitemaps.some((loc) => new URL(loc).pathname === '/sitemap-content.xml')).toBe(true);

  const robots = await (await request.get('/robots.txt')).text();
  const listed = [...robots.matchAll(/^Sitemap: (\S+)$/gm)].map((m) => new URL(m[1]!).pathname);
  expect(listed).toEqual(['/sitemap-index.xml', '/sitemap-content.xml']);
  // Every sitemap robots.txt names answers.
  for (const path of listed) expect((await request.get(path)).status(), path).toBe(200);
});
