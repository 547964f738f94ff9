import { blogPaths } from '../../lib/blog/rules.ts';
import { blogFeedTitle } from '../../lib/feeds.ts';
import type { BlogPost, BlogPublication } from '../../lib/blog/types.ts';
import type { BlogSource } from '../blog/blog-source.ts';
import { rssXml } from './rss-xml.ts';

/** The blog feed carries this many of the newest posts: a reader polling it misses nothing recent. */
export const BLOG_FEED_POSTS = 20;

/**
 * The newest posts of the configured source, in its order (newest first), read page by page as the
 * blog list reads them; null when the source has no publication.
 */
export async function latestPosts(
  source: BlogSource,
  limit = BLOG_FEED_POSTS,
): Promise<{ publication: BlogPublication; posts: BlogPost[] } | null> {
  const first = await source.feed(null);
  if (!first) return null;
  const posts = [...first.posts];
  let pageInfo = first.pageInfo;
  while (posts.length < limit && pageInfo.hasNextPage && pageInfo.endCursor) {
    const next = await source.feed(pageInfo.endCursor);
    if (!next || next.posts.length === 0) break;
    posts.push(...next.posts);
    pageInfo = next.pageInfo;
  }
  return { publication: first.publication, posts: posts.slice(0, limit) };
}

/** The RSS 2.0 feed of these posts, each linking to its page on this site. */
export function blogRssXml(
  posts: readonly BlogPost[],
  site: { name: string; origin: string; selfUrl: string },
): string {
  return rssXml({
    title: blogFeedTitle(site.name),
    link: `${site.origin}${blogPaths.list()}`,
    selfUrl: site.selfUrl,
    description: `Latest insights, tutorials and stories from the ${site.name} community.`,
    items: posts.map((post) => ({
      title: post.title,
      link: `${site.origin}${blogPaths.post(post.slug)}`,
      description: post.brief,
      pubDate: post.publishedAt,
      author: post.author?.name,
      categories: post.tags.map((tag) => tag.name),
    })),
  });
}
