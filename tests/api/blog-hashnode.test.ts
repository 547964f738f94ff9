import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-fixture.ts';
import type { TestApi } from '../support/api-server.ts';
import { FAKE_HOST, MAX_FIRST, fakePost, startFakeHashnode, type FakeHashnode } from '../support/fake-hashnode.ts';
import { Hono } from 'hono';
import { BLOG_CDN_CACHE_CONTROL, blogRoutes } from '../../src/server/routes/blog.routes.ts';
import { handleError } from '../../src/server/http/errors.ts';
import type { ApiDeps } from '../../src/server/deps.ts';
import type { BlogAuthorResponse, BlogFeedResponse, BlogPostResponse } from '../../src/lib/blog/types.ts';

const POSTS = Array.from({ length: 25 }, (_, i) => fakePost(i + 1));
// Posts 1, 3, 5... are Rafiq's; 2, 4, 6... Nadia's. One impostor whose name only differs in case.
POSTS.push(fakePost(99, { author: { id: 'u-x', name: 'nadia islam', username: 'x', profilePicture: null } }));

let fake: FakeHashnode;
let api: TestApi;

beforeAll(async () => {
  fake = await startFakeHashnode(POSTS);
});
afterAll(async () => {
  await fake.close();
});
// After the fake: the server's settings name its address. Closed before it (after hooks run in reverse).
const setUp = useTestApi({ config: () => ({ hashnode: { host: FAKE_HOST, gqlUrl: fake.url } }), admin: false });
beforeAll(() => {
  ({ api } = setUp);
});
beforeEach(() => fake.reset());

/** The blog routes alone (no database needed) against another Hashnode host or endpoint. */
function blogOnly(hashnode: { host: string; gqlUrl: string }) {
  const app = new Hono().route('/blog', blogRoutes({ config: { ...api.deps.config, hashnode } } as ApiDeps));
  app.onError(handleError);
  return { call: (path: string) => app.request(path) };
}

async function json<T>(res: Response) {
  return (await res.json()) as T;
}

describe('the blog API over Hashnode', () => {
  it('pages the feed 9 at a time with cursors, cached by the CDN', async () => {
    const first = await api.call('/blog/posts');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    expect(first.headers.get('netlify-cdn-cache-control')).toBe(BLOG_CDN_CACHE_CONTROL);
    const page1 = await json<BlogFeedResponse>(first);
    expect(page1.success).toBe(true);
    expect(page1.publication).toMatchObject({ id: 'pub-1', title: 'Fake Publication' });
    expect(page1.posts.map((p) => p.slug)).toEqual(POSTS.slice(0, 9).map((p) => p.slug));
    expect(page1.pageInfo.hasNextPage).toBe(true);
    expect(fake.requests[0]).toMatchObject({ operationName: 'Publication', variables: { host: FAKE_HOST, first: 9 } });

    const page3 = await json<BlogFeedResponse>(
      await api.call(
        `/blog/posts?after=${encodeURIComponent(
          (
            await json<BlogFeedResponse>(
              await api.call(`/blog/posts?after=${encodeURIComponent(page1.pageInfo.endCursor!)}`),
            )
          ).pageInfo.endCursor!,
        )}`,
      ),
    );
    expect(page3.posts.map((p) => p.slug)).toEqual(POSTS.slice(18, 26).map((p) => p.slug));
    expect(page3.pageInfo.hasNextPage).toBe(false);
  });

  it('maps a post to the shared shape', async () => {
    const { posts } = await json<BlogFeedResponse>(await api.call('/blog/posts'));
    expect(posts[0]).toEqual({
      id: 'post-1',
      slug: 'fake-post-1',
      title: 'Fake Post 1',
      brief: 'Brief of fake post 1.',
      url: `https://${FAKE_HOST}/fake-post-1`,
      publishedAt: POSTS[0]!.publishedAt,
      updatedAt: null,
      views: 0,
      coverImage: null,
      tags: [{ name: 'Hashnode', slug: 'hashnode' }],
      author: { name: 'Rafiq Ahmed', profilePicture: null },
    });
  });

  it('returns one post by slug with sanitized HTML, and 404 for an unknown slug', async () => {
    fake.posts = [
      fakePost(1, {
        content: {
          markdown: 'x',
          html: '<h2 id="intro">Intro</h2><p onclick="steal()">Hi<img src="https://cdn.example/a.png" onerror="alert(1)"></p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
        },
        seo: { title: 'SEO title', description: 'SEO description' },
      }),
    ];
    const res = await api.call('/blog/posts/fake-post-1');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    expect(res.headers.get('netlify-cdn-cache-control')).toBe(BLOG_CDN_CACHE_CONTROL);
    const { post } = await json<BlogPostResponse>(res);
    expect(post.views).toBe(101);
    expect(post.updatedAt).toBe(POSTS[0]!.updatedAt);
    expect(post.seo).toEqual({ title: 'SEO title', description: 'SEO description' });
    expect(post.content.html).toContain('<h2 id="post-intro">Intro</h2>');
    expect(post.content.html).toContain('src="https://cdn.example/a.png"');
    expect(post.content.html).not.toMatch(/<script|onclick|onerror|javascript:/i);
    expect(fake.requests.at(-1)).toMatchObject({ operationName: 'GetBlogBySlug', variables: { slug: 'fake-post-1' } });

    const missing = await api.call('/blog/posts/no-such-post');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      success: false,
      code: 'blog_post_not_found',
      message: 'Blog post not found',
    });
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });

  it("collects an author's posts from the newest 50 in pages of at most 20, exact name only", async () => {
    fake.posts = Array.from({ length: 60 }, (_, i) => fakePost(i + 1));
    const res = await api.call(`/blog/authors/${encodeURIComponent('Nadia Islam')}`);
    expect(res.status).toBe(200);
    const body = await json<BlogAuthorResponse>(res);
    // Of the newest 50 posts, the even-numbered ones are Nadia's.
    expect(body.posts.map((p) => p.slug)).toEqual(Array.from({ length: 25 }, (_, i) => `fake-post-${(i + 1) * 2}`));
    expect(body.author).toEqual({ name: 'Nadia Islam', profilePicture: null });
    const firsts = fake.requests.map((r) => r.variables['first']);
    expect(firsts).toEqual([20, 20, 10]);
    expect(Math.max(...(firsts as number[]))).toBeLessThanOrEqual(MAX_FIRST);
    expect(fake.requests.every((r) => r.operationName === 'GetAuthorPosts')).toBe(true);
  });

  it('keeps case-different names apart and answers an unknown author with no posts', async () => {
    const lower = await json<BlogAuthorResponse>(await api.call(`/blog/authors/${encodeURIComponent('nadia islam')}`));
    expect(lower.posts.map((p) => p.slug)).toEqual(['fake-post-99']);
    const nobody = await json<BlogAuthorResponse>(await api.call('/blog/authors/Nobody'));
    expect(nobody).toEqual({ success: true, author: null, posts: [] });
  });

  it('answers 404 when the publication does not exist', async () => {
    const other = blogOnly({ host: 'missing.example', gqlUrl: fake.url });
    for (const path of ['/blog/posts', '/blog/posts/fake-post-1', '/blog/authors/Nadia%20Islam']) {
      const res = await other.call(path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { success: boolean }).success).toBe(false);
    }
  });

  it("explains Hashnode's FORBIDDEN as a Pro-plan requirement (502)", async () => {
    fake.failure = 'forbidden';
    for (const path of ['/blog/posts', '/blog/posts/fake-post-1', '/blog/authors/Nadia%20Islam']) {
      const res = await api.call(path);
      expect(res.status, path).toBe(502);
      const body = (await res.json()) as { success: boolean; message: string };
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/FORBIDDEN/);
      expect(body.message).toMatch(/Pro plan/);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('turns an HTTP 500 from Hashnode into a 502 with a clear message', async () => {
    fake.failure = 'http500';
    const res = await api.call('/blog/posts');
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      success: false,
      code: 'blog_unavailable',
      message: 'The blog service answered with HTTP 500. Please try again later.',
    });
  });

  it('reports an unreachable Hashnode as a 502', async () => {
    const res = await blogOnly({ host: FAKE_HOST, gqlUrl: 'http://127.0.0.1:9/' }).call('/blog/posts');
    expect(res.status).toBe(502);
    expect(((await res.json()) as { message: string }).message).toBe(
      'The blog service could not be reached. Please try again later.',
    );
  });
});
