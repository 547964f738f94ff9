import { blogPaths } from '../../lib/blog/rules.ts';
import type { BlogPost } from '../../lib/blog/types.ts';
import type { Kysely } from 'kysely';
import type { BlogSource } from '../blog/blog-source.ts';
import type { Database } from '../db/schema.ts';
import { listChapterPages } from '../repositories/chapters.repository.ts';
import { EVERY_CHAPTER } from '../repositories/viewer-scope.ts';
import { eventsInOrder } from './events.service.ts';
import { chapterPath, eventPath } from '../../lib/registration/registration-links.ts';

/** One on-demand page of the content sitemap: its site path, and when it last changed if known. */
export interface SitemapEntry {
  path: string;
  lastmod: string | undefined;
}

/** What the sitemap reads: the database, the blog source and the clock. */
export interface SitemapSources {
  db: Kysely<Database>;
  blog: BlogSource;
  now: () => Date;
}

/** At most this many feed pages are read (9 posts each): far beyond the publication, short of a loop. */
export const MAX_BLOG_FEED_PAGES = 50;

/**
 * Every event, chapter landing, blog post and author page, and the events and blog lists (on demand too). The database's pages are listed even while
 * the blog source is down (its own pages answer 503 then); an unreachable database fails the whole map.
 */
export async function contentSitemap(
  { db, blog, now }: SitemapSources,
  log: (line: string) => void = console.error,
): Promise<SitemapEntry[]> {
  const [events, chapters, posts] = await Promise.all([
    eventsInOrder(db, EVERY_CHAPTER, now()),
    listChapterPages(db),
    allPosts(blog, log),
  ]);
  return [
    // The events list changes with the last event changed (or with the clock, which no lastmod tells).
    { path: '/events', lastmod: latest(events.map((event) => event.updatedAt)) },
    ...events.map((event) => ({ path: eventPath(event.id), lastmod: event.updatedAt })),
    ...chapters.map((chapter) => ({
      path: chapterPath(chapter.slug),
      lastmod: chapter.updatedAt,
    })),
    { path: blogPaths.list(), lastmod: latest(posts.map(changedAt)) },
    ...posts.map((post) => ({ path: blogPaths.post(post.slug), lastmod: changedAt(post) })),
    ...authorPages(posts),
  ];
}

const changedAt = (post: BlogPost) => post.updatedAt ?? post.publishedAt ?? undefined;

/** The newest of these ISO dates (they sort as strings), if any is known. */
const latest = (dates: readonly (string | undefined)[]) =>
  dates.reduce<string | undefined>((newest, date) => (date && (!newest || date > newest) ? date : newest), undefined);

/** An author's page changes when one of their posts does. */
function authorPages(posts: readonly BlogPost[]): SitemapEntry[] {
  const newestByAuthor = new Map<string, string | undefined>();
  for (const post of posts) {
    const name = post.author?.name;
    if (!name) continue;
    newestByAuthor.set(name, latest([newestByAuthor.get(name), changedAt(post)]));
  }
  return [...newestByAuthor].map(([name, lastmod]) => ({ path: blogPaths.author(name), lastmod }));
}

async function allPosts(blog: BlogSource, log: (line: string) => void): Promise<BlogPost[]> {
  const posts: BlogPost[] = [];
  let after: string | null = null;
  try {
    for (let page = 0; page < MAX_BLOG_FEED_PAGES; page++) {
      const feed = await blog.feed(after);
      if (!feed) break;
      posts.push(...feed.posts);
      if (!feed.pageInfo.hasNextPage || !feed.pageInfo.endCursor) break;
      after = feed.pageInfo.endCursor;
    }
  } catch (err) {
    log(`The content sitemap lists no more blog posts: ${err instanceof Error ? err.message : String(err)}`);
  }
  return posts;
}
