import { describe, expect, it } from 'vitest';
import {
  feedPageHref,
  feedStartFromSearchParams,
  nextFeedPageHref,
  previousFeedPageHref,
  articleCount,
  authorStats,
  blogPaths,
  filterFromSearchParams,
  filterPosts,
  filterToQueryString,
  hasActiveFilter,
  decodePathSegment,
  shareLinks,
  tagNames,
  toggleTag,
  totalPages,
  truncateAuthorName,
  visibleTags,
} from '../../src/lib/blog/rules.ts';
import type { BlogPost } from '../../src/lib/blog/types.ts';
import { formatBlogDate, formatBlogDateLong } from '../../src/lib/format.ts';

function post(id: string, fields: Partial<BlogPost> = {}): BlogPost {
  return {
    id,
    slug: id,
    title: `Title ${id}`,
    brief: `Brief ${id}`,
    url: `https://example.test/${id}`,
    publishedAt: '2024-01-05T04:00:00.000Z',
    updatedAt: null,
    views: 0,
    coverImage: null,
    tags: [],
    author: { name: 'Ayesha Rahman', profilePicture: null },
    ...fields,
  };
}

const posts = [
  post('a', { title: 'Learning Rust', tags: [{ name: 'Rust', slug: 'rust' }], views: 10 }),
  post('b', {
    brief: 'All about machine learning',
    tags: [
      { name: 'AI', slug: 'ai' },
      { name: 'Python', slug: 'python' },
    ],
    views: 5,
  }),
  post('c', {
    author: { name: 'Tanvir Hasan', profilePicture: null },
    tags: [
      { name: 'rust', slug: 'rust' },
      { name: 'AI', slug: 'ai' },
    ],
    views: 6,
  }),
  post('d', { author: null }),
];

describe('blog filtering', () => {
  it('matches the search case-insensitively in title, brief or author name', () => {
    expect(filterPosts(posts, { search: 'RUST', tags: [] }).map((p) => p.id)).toEqual(['a']);
    expect(filterPosts(posts, { search: 'machine', tags: [] }).map((p) => p.id)).toEqual(['b']);
    expect(filterPosts(posts, { search: 'tanvir', tags: [] }).map((p) => p.id)).toEqual(['c']);
    expect(filterPosts(posts, { search: '  ', tags: [] })).toHaveLength(4);
    // Every word, in any order and any of the fields: the site's one search rule.
    expect(filterPosts(posts, { search: 'rust LEARNING', tags: [] }).map((p) => p.id)).toEqual(['a']);
    expect(filterPosts(posts, { search: 'machine tanvir', tags: [] })).toEqual([]);
  });

  it('keeps a post with any selected tag, case-insensitively, and needs both filters to hold', () => {
    expect(filterPosts(posts, { search: '', tags: ['RUST'] }).map((p) => p.id)).toEqual(['a', 'c']);
    expect(filterPosts(posts, { search: '', tags: ['python', 'rust'] }).map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(filterPosts(posts, { search: 'tanvir', tags: ['python'] })).toEqual([]);
    expect(filterPosts(posts, { search: 'tanvir title', tags: ['ai'] }).map((p) => p.id)).toEqual(['c']);
  });

  it('knows when a filter is active', () => {
    expect(hasActiveFilter({ search: '', tags: [] })).toBe(false);
    expect(hasActiveFilter({ search: ' ', tags: [] })).toBe(false);
    expect(hasActiveFilter({ search: 'x', tags: [] })).toBe(true);
    expect(hasActiveFilter({ search: '', tags: ['AI'] })).toBe(true);
  });

  it('builds sorted distinct tag chips and toggles them', () => {
    expect(tagNames(posts)).toEqual(['AI', 'Python', 'Rust']);
    expect(toggleTag(['AI'], 'Rust')).toEqual(['AI', 'Rust']);
    expect(toggleTag(['AI', 'Rust'], 'rust')).toEqual(['AI']);
  });

  it('round-trips the filter through ?search= and comma-separated ?tags=', () => {
    const qs = filterToQueryString({ search: 'deep learning', tags: ['AI', 'Machine Learning'] });
    expect(qs).toBe('?search=deep+learning&tags=AI%2CMachine+Learning');
    expect(filterFromSearchParams(new URLSearchParams(qs))).toEqual({
      search: 'deep learning',
      tags: ['AI', 'Machine Learning'],
    });
    expect(filterToQueryString({ search: '', tags: [] })).toBe('');
    expect(filterFromSearchParams(new URLSearchParams('tags=,a,, b'))).toEqual({ search: '', tags: ['a', 'b'] });
  });
});

describe('blog card and page rules', () => {
  it('cuts author names longer than 30 characters with "..."', () => {
    expect(truncateAuthorName('Dr. Mohammad Shahriar Kabir Chowdhury')).toBe('Dr. Mohammad Shahriar Kabir Ch...');
    expect(truncateAuthorName('x'.repeat(30))).toBe('x'.repeat(30));
    expect(truncateAuthorName('x'.repeat(31))).toBe(`${'x'.repeat(30)}...`);
  });

  it('shows at most N tags and counts the rest', () => {
    expect(visibleTags(['a', 'b', 'c', 'd'], 2)).toEqual({ shown: ['a', 'b'], more: 2 });
    expect(visibleTags(['a'], 2)).toEqual({ shown: ['a'], more: 0 });
  });

  it('counts pages of 9 over the loaded posts', () => {
    expect(totalPages(0)).toBe(1);
    expect(totalPages(9)).toBe(1);
    expect(totalPages(10)).toBe(2);
    expect(totalPages(18)).toBe(2);
  });

  it("sums an author's views, rounds the average and counts distinct topics", () => {
    expect(authorStats(posts.slice(0, 3))).toEqual({ totalPosts: 3, totalViews: 21, avgViews: 7, topics: 3 });
    expect(authorStats([post('x', { views: 1 }), post('y', { views: 2 })]).avgViews).toBe(2); // 1.5 rounds up
    expect(authorStats([])).toEqual({ totalPosts: 0, totalViews: 0, avgViews: 0, topics: 0 });
    expect(articleCount(1)).toBe('1 article');
    expect(articleCount(2)).toBe('2 articles');
  });

  it('builds share links and site paths', () => {
    const [x, linkedIn, facebook] = shareLinks('https://site.test/blogs/a b', 'Hello & bye');
    expect(x.href).toBe(
      'https://twitter.com/intent/tweet?url=https%3A%2F%2Fsite.test%2Fblogs%2Fa%20b&text=Hello%20%26%20bye',
    );
    expect(linkedIn.href).toBe(
      'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fsite.test%2Fblogs%2Fa%20b',
    );
    expect(facebook.href).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fsite.test%2Fblogs%2Fa%20b');
    expect(blogPaths.author('Jane Doe')).toBe('/author/Jane%20Doe');
    expect(blogPaths.list({ tags: ['Machine Learning'] })).toBe('/blogs?tags=Machine+Learning');
    expect(decodePathSegment('Jane%20Doe')).toBe('Jane Doe');
    expect(decodePathSegment('Tom %26 Jerry')).toBe('Tom & Jerry');
    expect(decodePathSegment('%E0%A4%A')).toBe('%E0%A4%A');
    expect(decodePathSegment('100%')).toBe('100%');
  });
});

describe('blog dates (en-US, Asia/Dhaka)', () => {
  it('formats the card badge and the article date', () => {
    expect(formatBlogDate('2024-01-05T04:00:00.000Z')).toBe('Jan 05, 2024');
    expect(formatBlogDateLong('2024-01-05T04:00:00.000Z')).toBe('January 05, 2024');
    // 20:00 UTC on the 4th is already the 5th in Dhaka.
    expect(formatBlogDate('2024-01-04T20:00:00.000Z')).toBe('Jan 05, 2024');
    expect(formatBlogDate(null)).toBe('No date');
    expect(formatBlogDate('not a date')).toBe('No date');
  });
});

describe('the feed’s pages by address (Load More Articles before the script runs)', () => {
  it('links the next page with its number and the cursor it starts after', () => {
    expect(feedPageHref(2, 'b2Zmc2V0Ojk')).toBe('/blogs?page=2&after=b2Zmc2V0Ojk');
    expect(feedStartFromSearchParams(new URLSearchParams('page=2&after=b2Zmc2V0Ojk'))).toEqual({
      page: 2,
      after: 'b2Zmc2V0Ojk',
      back: [],
    });
  });

  it('carries the way back: each page links the one before it and the first', () => {
    const first = feedStartFromSearchParams(new URLSearchParams(''));
    expect(previousFeedPageHref(first)).toBeUndefined();
    const toSecond = nextFeedPageHref(first, 'c2');
    expect(toSecond).toBe('/blogs?page=2&after=c2');
    const second = feedStartFromSearchParams(new URL(toSecond, 'http://x').searchParams);
    expect(previousFeedPageHref(second)).toBe('/blogs');
    const toThird = nextFeedPageHref(second, 'c3');
    expect(toThird).toBe('/blogs?page=3&after=c3&back=c2');
    const third = feedStartFromSearchParams(new URL(toThird, 'http://x').searchParams);
    expect(third).toEqual({ page: 3, after: 'c3', back: ['c2'] });
    expect(previousFeedPageHref(third)).toBe(toSecond);
    const toFourth = nextFeedPageHref(third, 'c4');
    expect(toFourth).toBe('/blogs?page=4&after=c4&back=c2&back=c3');
    const fourth = feedStartFromSearchParams(new URL(toFourth, 'http://x').searchParams);
    expect(previousFeedPageHref(fourth)).toBe(toThird);
  });

  it('a trail that does not fit the page number is dropped: the page then leads to the first page only', () => {
    for (const query of [
      'page=3&after=c3',
      'page=3&after=c3&back=c1&back=c2',
      `page=3&after=c3&back=${'x'.repeat(501)}`,
    ]) {
      const start = feedStartFromSearchParams(new URLSearchParams(query));
      expect(start.back, query).toEqual([]);
      expect(previousFeedPageHref(start), query).toBeUndefined();
      // And the pages after it carry none either.
      expect(nextFeedPageHref(start, 'c4'), query).toBe('/blogs?page=4&after=c4');
    }
    // Twenty pages back at most: past that, the address stops growing.
    const back = Array.from({ length: 20 }, (_, i) => `c${i + 2}`);
    const deep = feedStartFromSearchParams(new URL(feedPageHref(22, 'c22', back), 'http://x').searchParams);
    expect(previousFeedPageHref(deep)).toBe(feedPageHref(21, 'c21', back.slice(0, -1)));
    expect(nextFeedPageHref(deep, 'c23')).toBe('/blogs?page=23&after=c23');
  });

  it('reads anything else as the first page', () => {
    for (const query of [
      '',
      'page=2',
      'after=x',
      'page=1&after=x',
      'page=2.5&after=x',
      'page=-3&after=x',
      `page=2&after=${'x'.repeat(501)}`,
    ])
      expect(feedStartFromSearchParams(new URLSearchParams(query)), query).toEqual({ page: 1, after: null, back: [] });
  });
});
