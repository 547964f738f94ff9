import { api } from '../../lib/api-client.ts';
import type { BlogFeedResponse } from '../../lib/blog/types.ts';

/**
 * The blog's API addresses. The islands load them through useApi / api.get like every other island;
 * a 404 ("no such post", "no publication") and a 502 ("the blog service failed") are told apart by status.
 */
export const blogApiPaths = {
  feed: (after: string | null) => `/blog/posts${after ? `?after=${encodeURIComponent(after)}` : ''}`,
  post: (slug: string) => `/blog/posts/${encodeURIComponent(slug)}`,
  author: (name: string) => `/blog/authors/${encodeURIComponent(name)}`,
};

/** The next page of the feed, after the cursor of the last loaded page. */
export const loadFeedPage = (after: string) => api.get<BlogFeedResponse>(blogApiPaths.feed(after));
