import { api } from '../../lib/api-client.ts';
import type { BlogFeedResponse } from '../../lib/blog/types.ts';

/**
 * The blog list's API address (the article and author pages read the blog source on the server). The
 * island loads it through useApi / api.get like every other island.
 */
export const blogApiPaths = {
  feed: (after: string | null) => `/blog/posts${after ? `?after=${encodeURIComponent(after)}` : ''}`,
};

/** The next page of the feed, after the cursor of the last loaded page. */
export const loadFeedPage = (after: string) => api.get<BlogFeedResponse>(blogApiPaths.feed(after));
