import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-fixture.ts';
import type { TestApi } from '../support/api-server.ts';
import { BLOG_CDN_CACHE_CONTROL } from '../../src/server/routes/blog.routes.ts';
import type { BlogAuthorResponse, BlogFeedResponse, BlogPostResponse } from '../../src/lib/blog/types.ts';

const setUp = useTestApi({ admin: false });
let api: TestApi;
beforeAll(() => {
  ({ api } = setUp);
});

describe('the blog API over the local Markdown posts (no HASHNODE_HOST)', () => {
  it('serves the 12 sample posts newest first, 9 then 3', async () => {
    const res = await api.call('/blog/posts');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    expect(res.headers.get('netlify-cdn-cache-control')).toBe(BLOG_CDN_CACHE_CONTROL);
    const page1 = (await res.json()) as BlogFeedResponse;
    expect(page1.posts).toHaveLength(9);
    expect(page1.posts[0]?.slug).toBe('quantum-computing-primer');
    const dates = page1.posts.map((p) => p.publishedAt!);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(page1.pageInfo.hasNextPage).toBe(true);

    const page2 = (await (
      await api.call(`/blog/posts?after=${encodeURIComponent(page1.pageInfo.endCursor!)}`)
    ).json()) as BlogFeedResponse;
    expect(page2.posts).toHaveLength(3);
    expect(page2.pageInfo.hasNextPage).toBe(false);
    const authors = new Set([...page1.posts, ...page2.posts].map((p) => p.author?.name));
    expect(authors.size).toBe(3);
  });

  it('rejects a cursor it never issued', async () => {
    const res = await api.call('/blog/posts?after=bogus');
    expect(res.status).toBe(400);
  });

  it('renders one post from Markdown to sanitized HTML', async () => {
    const res = await api.call('/blog/posts/introduction-to-rust');
    const { post } = (await res.json()) as BlogPostResponse;
    expect(post.title).toBe('Why Students Should Try Rust');
    expect(post.content.html).toContain('<h2');
    expect(post.content.html).toContain('<pre tabindex="0"><code class="language-python">');
    expect(post.content.html).toContain('target="_blank"');
    expect(post.coverImage).toEqual({ url: '/blog/covers/introduction-to-rust.webp' });
    expect((await api.call('/blog/posts/nope')).status).toBe(404);
  });

  it("lists an author's posts by exact name", async () => {
    const body = (await (await api.call('/blog/authors/Ayesha%20Rahman')).json()) as BlogAuthorResponse;
    expect(body.posts).toHaveLength(4);
    expect(body.author?.name).toBe('Ayesha Rahman');
    const none = (await (await api.call('/blog/authors/ayesha%20rahman')).json()) as BlogAuthorResponse;
    expect(none.posts).toEqual([]);
  });
});
