import { BLOG_NOT_FOUND } from '../../lib/api-errors.ts';
import { Hono } from 'hono';
import type { ApiDeps } from '../deps.ts';
import { createBlogSource } from '../blog/index.ts';
import { BlogCursorError } from '../blog/blog-source.ts';
import { sharedRead, type SharedRead } from '../caching/cache-headers.ts';
import type { AppEnv } from '../http/env.ts';
import { cacheTag } from '../caching/page-cache.ts';
import { notFound } from '../http/errors.ts';

/** Blog bodies may be cached by the CDN for 5 minutes and served stale for a day while it refreshes. */
export const BLOG_CDN_CACHE_CONTROL = 'public, s-maxage=300, stale-while-revalidate=86400';

/** The source's failures (BlogSourceError, BlogCursorError) reach the client through handleError. */
export function blogRoutes({ config }: ApiDeps) {
  const source = createBlogSource(config);
  // The same for every reader, signed in or not.
  const blogRead = (read: Pick<SharedRead, 'query' | 'tags'>) =>
    sharedRead({ ...read, cdn: BLOG_CDN_CACHE_CONTROL, perSession: false });
  return new Hono<AppEnv>()
    .get('/posts', blogRead({ query: ['after'], tags: () => [cacheTag.blogFeed] }), async (c) => {
      const after = c.req.query('after') || null;
      // No source issues cursors this long; refuse before asking it.
      if (after && after.length > 500) throw new BlogCursorError('Cursor too long');
      const page = await source.feed(after);
      if (!page) throw notFound(BLOG_NOT_FOUND, 'blog_not_found');
      return c.json({ success: true as const, ...page });
    })
    .get('/posts/:slug', blogRead({ tags: (c) => [cacheTag.post(c.req.param('slug') ?? '')] }), async (c) => {
      const post = await source.post(c.req.param('slug'));
      if (!post) throw notFound('Blog post not found', 'blog_post_not_found');
      return c.json({ success: true as const, post });
    })
    .get('/authors/:name', blogRead({ tags: (c) => [cacheTag.author(c.req.param('name') ?? '')] }), async (c) => {
      const name = c.req.param('name');
      const posts = await source.authorPosts(name);
      if (!posts) throw notFound(BLOG_NOT_FOUND, 'blog_not_found');
      return c.json({ success: true as const, author: posts[0]?.author ?? null, posts });
    });
}
