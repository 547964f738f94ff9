import { matchesSearch } from '../search.ts';
import type { BlogPost } from './types.ts';

/** The blog's constants, in one place. */
export const BLOG_PAGE_SIZE = 9;
export const AUTHOR_POSTS_LIMIT = 50;
export const SEARCH_DEBOUNCE_MS = 300;
export const SKELETON_CARDS = 6;
export const CARD_TAG_LIMIT = 2;
export const HEADER_TAG_LIMIT = 3;
export const AUTHOR_NAME_LIMIT = 30;
/** The spec fixes the reading time rather than estimating it. */
export const READING_TIME = '5 min read';

export interface BlogFilter {
  search: string;
  tags: string[];
}

export function hasActiveFilter({ search, tags }: BlogFilter): boolean {
  return search.trim() !== '' || tags.length > 0;
}

/**
 * Search follows the site's one search rule (search.ts: every word, in any case, in the title, brief or
 * author name); the tag filter matches a post with
 * any selected tag (case-insensitively, by name or slug). A post must pass both.
 */
export function filterPosts<T extends BlogPost>(posts: readonly T[], { search, tags }: BlogFilter): T[] {
  const wanted = new Set(tags.map((t) => t.toLowerCase()));
  return posts.filter((post) => {
    const found = matchesSearch([post.title, post.brief, post.author?.name], search);
    const matchesTags =
      wanted.size === 0 ||
      post.tags.some((tag) => wanted.has(tag.name.toLowerCase()) || wanted.has(tag.slug.toLowerCase()));
    return found && matchesTags;
  });
}

/** The distinct tag names of the loaded posts, sorted, for the filter chips. */
export function tagNames(posts: readonly BlogPost[]): string[] {
  const byLower = new Map<string, string>();
  for (const post of posts)
    for (const tag of post.tags)
      if (!byLower.has(tag.name.toLowerCase())) byLower.set(tag.name.toLowerCase(), tag.name);
  return [...byLower.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

/** Adds a tag when absent, removes it (case-insensitively) when present. */
export function toggleTag(selected: readonly string[], tag: string): string[] {
  const lower = tag.toLowerCase();
  return selected.some((t) => t.toLowerCase() === lower)
    ? selected.filter((t) => t.toLowerCase() !== lower)
    : [...selected, tag];
}

/** "A very long author name that goes on" -> the first 30 characters plus "...". */
export function truncateAuthorName(name: string, limit = AUTHOR_NAME_LIMIT): string {
  return name.length > limit ? `${name.slice(0, limit)}...` : name;
}

/** The spec's rule: total pages is the loaded (filtered) post count over the page size; at least 1. */
export function totalPages(loadedCount: number): number {
  return Math.max(1, Math.ceil(loadedCount / BLOG_PAGE_SIZE));
}

/** The first `limit` tags shown on a card, and how many more there are ("+N"). */
export function visibleTags<T>(tags: readonly T[], limit: number): { shown: T[]; more: number } {
  return { shown: tags.slice(0, limit), more: Math.max(0, tags.length - limit) };
}

/** The filter as it is mirrored in the address: ?search=...&tags=a,b */
export function filterFromSearchParams(params: URLSearchParams): BlogFilter {
  const tags = (params.get('tags') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return { search: params.get('search') ?? '', tags };
}

/**
 * A page of the feed reached by its link, as /blogs?page=3&after={cursor}&back={cursor of page 2}: the
 * page's number (for "Page X of Y"), the cursor it starts after, and the cursors pages 2 to X-1 started
 * after (the feed's cursors only lead forward, so the way back travels in the address). Anything else (no
 * cursor, a page number below 2 or not a whole number, an overlong cursor) is the first page; a trail
 * that does not fit the page number is dropped, and the page then links back to the first page only.
 */
export interface BlogFeedStart {
  page: number;
  after: string | null;
  back: string[];
}

export const FIRST_BLOG_PAGE: BlogFeedStart = { page: 1, after: null, back: [] };

/** The longest cursor an address may carry, and how many pages back it keeps the way to. */
const MAX_CURSOR_LENGTH = 500;
const MAX_BACK_PAGES = 20;

export function feedStartFromSearchParams(params: URLSearchParams): BlogFeedStart {
  const page = Number(params.get('page'));
  const after = params.get('after') ?? '';
  if (!Number.isInteger(page) || page < 2 || page > 10_000 || !after || after.length > MAX_CURSOR_LENGTH)
    return FIRST_BLOG_PAGE;
  const back = params.getAll('back');
  const whole =
    back.length === page - 2 && back.length <= MAX_BACK_PAGES && back.every((c) => c && c.length <= MAX_CURSOR_LENGTH);
  return { page, after, back: whole ? back : [] };
}

/** The address of the feed's page `page`, after `cursor`, with the way back: "Load More Articles" before its script runs. */
export function feedPageHref(page: number, cursor: string, back: readonly string[] = []): string {
  const params = new URLSearchParams({ page: String(page), after: cursor });
  for (const c of back) params.append('back', c);
  return `/blogs?${params.toString()}`;
}

/** Whether the page knows the cursors of every page before it (the first page trivially does). */
const knowsTheWayBack = (start: BlogFeedStart) => start.page === 1 || start.back.length === start.page - 2;

/** The address of the page after `start`'s, which starts after `cursor`. */
export function nextFeedPageHref(start: BlogFeedStart, cursor: string): string {
  const back = start.after && knowsTheWayBack(start) ? [...start.back, start.after] : [];
  return feedPageHref(start.page + 1, cursor, back.length <= MAX_BACK_PAGES ? back : []);
}

/** The address of the page before `start`'s (the first page's is /blogs), when the address carried the way. */
export function previousFeedPageHref(start: BlogFeedStart): string | undefined {
  if (start.page <= 1) return undefined;
  if (start.page === 2) return '/blogs';
  const previous = start.back.at(-1);
  return knowsTheWayBack(start) && previous
    ? feedPageHref(start.page - 1, previous, start.back.slice(0, -1))
    : undefined;
}

export function filterToQueryString({ search, tags }: BlogFilter): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search);
  if (tags.length) params.set('tags', tags.join(','));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export interface AuthorStats {
  totalPosts: number;
  totalViews: number;
  avgViews: number;
  topics: number;
}

/** The author page's tiles: posts, views, average views (rounded) and distinct topics (tags). */
export function authorStats(posts: readonly BlogPost[]): AuthorStats {
  const totalViews = posts.reduce((sum, p) => sum + (Number.isFinite(p.views) ? p.views : 0), 0);
  return {
    totalPosts: posts.length,
    totalViews,
    avgViews: posts.length ? Math.round(totalViews / posts.length) : 0,
    topics: tagNames(posts).length,
  };
}

/** "1 article", "2 articles". */
export function articleCount(n: number): string {
  return `${n} ${n === 1 ? 'article' : 'articles'}`;
}

/** Share links for X, LinkedIn and Facebook, from the post's URL and title. */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { network: 'X', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { network: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { network: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
  ] as const;
}

/** Site paths of the blog. */
export const blogPaths = {
  list: (filter?: Partial<BlogFilter>) =>
    `/blogs${filterToQueryString({ search: filter?.search ?? '', tags: filter?.tags ?? [] })}`,
  post: (slug: string) => `/blogs/${encodeURIComponent(slug)}`,
  author: (name: string) => `/author/${encodeURIComponent(name)}`,
};

/**
 * A path segment, URL-decoded: "Jane%20Doe" -> "Jane Doe". Astro decodes route params with decodeURI,
 * which leaves reserved characters escaped ("Tom %26 Jerry"); this finishes the job. Undecodable input
 * (a literal "100%") stays as it is.
 */
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
