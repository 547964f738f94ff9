import type { APIRequestContext, APIResponse } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { testWithFakeHashnode } from './blog-helpers.ts';
import { FAKE_HOST, fakePost } from '../support/fake-hashnode.ts';
import { readServedHtml } from '../support/served-html.ts';
import { PAGE_CDN_CACHE_CONTROL } from '../../src/server/caching/page-cache.ts';

/*
 * The blog's detail pages as a link previewer sees them: the raw HTML of one request, no browser, no
 * scripts. Once from the local Markdown posts (content/blog), once from a fake Hashnode.
 */
const SITE = 'IEEE Computer Society Bangladesh Chapter';

async function fetchPage(request: APIRequestContext, baseURL: string | undefined, path: string) {
  const url = new URL(path, baseURL).href;
  const response = await request.get(url);
  return { url, response, page: readServedHtml(await response.text()) };
}

function expectCachedUnder(response: APIResponse, tag: string) {
  expect(response.headers()['netlify-cdn-cache-control']).toBe(PAGE_CDN_CACHE_CONTROL);
  expect(response.headers()['netlify-cache-tag']).toBe(tag);
}

function expectNotCached(response: APIResponse) {
  expect(response.headers()['netlify-cdn-cache-control']).toBeUndefined();
  expect(response.headers()['cache-control']).toBe('no-store');
}

const isAbsolute = (url: string | undefined) => /^https?:\/\/[^/]+\//.test(url ?? '');

test.describe('blog pages served from the local Markdown posts', () => {
  test('the list carries its first page of posts, cached under the feed tag', async ({ request, baseURL }) => {
    const { response, page } = await fetchPage(request, baseURL, '/blogs');
    expect(response.status()).toBe(200);
    expectCachedUnder(response, 'blog-feed');
    expect(page.title).toBe(`Blog | ${SITE}`);
    const feed = (await (await request.get('/api/v1/blog/posts')).json()) as { posts: { title: string }[] };
    expect(feed.posts).toHaveLength(9);
    for (const post of feed.posts) expect(page.text).toContain(post.title);
    expect(page.text).toContain('Page 1 of 1');
    expect(page.text).not.toContain('Loading articles');
  });

  test('an article carries its title, link-preview tags, BlogPosting and body', async ({ request, baseURL }) => {
    const { url, response, page } = await fetchPage(request, baseURL, '/blogs/introduction-to-rust');
    expect(response.status()).toBe(200);
    expectCachedUnder(response, 'post-introduction-to-rust');

    expect(page.title).toBe(`Why Students Should Try Rust | ${SITE}`);
    expect(page.meta('description')).toMatch(/^Memory safety without a garbage collector/);
    expect(page.canonical).toBe(url);
    expect(page.meta('og:url')).toBe(url);
    expect(page.meta('og:type')).toBe('article');
    expect(page.meta('og:image')).toBe(new URL('/blog/covers/introduction-to-rust.webp', url).href);
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.meta('article:published_time')).toBe('2024-11-18T04:45:00.000Z');
    expect(page.meta('article:modified_time')).toBe('2024-11-18T04:45:00.000Z');
    expect(page.meta('article:author')).toBe('Tanvir Hasan');
    expect(page.metaAll('article:tag')).toEqual(['Rust', 'Programming Languages', 'Systems']);

    expect(page.jsonLd).toHaveLength(1);
    expect(page.jsonLd[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Why Students Should Try Rust',
      description: page.meta('description'),
      image: [page.meta('og:image')],
      datePublished: '2024-11-18T04:45:00.000Z',
      dateModified: '2024-11-18T04:45:00.000Z',
      author: { '@type': 'Person', name: 'Tanvir Hasan', url: new URL('/author/Tanvir%20Hasan', url).href },
      publisher: { '@type': 'Organization', name: SITE, logo: { url: new URL('/logo.svg', url).href } },
      mainEntityOfPage: { '@id': url },
      keywords: 'Rust, Programming Languages, Systems',
    });

    // The article itself, before any script: body, long date, reading time, share links.
    expect(page.text).toContain('Why Students Should Try Rust is one of the topics our members ask about most.');
    expect(page.text).toContain('November 18, 2024');
    expect(page.text).toContain('5 min read');
    expect(page.text).toContain('More from this author');
    expect(page.text).toContain('Share on LinkedIn');
    expect(page.text).toContain('Back to Blogs');
  });

  test("an author page carries the profile, ProfilePage and the author's posts", async ({ request, baseURL }) => {
    const { url, response, page } = await fetchPage(request, baseURL, '/author/Ayesha%20Rahman');
    expect(response.status()).toBe(200);
    expectCachedUnder(response, 'author-ayesha%20rahman');

    expect(page.title).toBe(`Ayesha Rahman | ${SITE}`);
    expect(page.meta('description')).toBe(`Articles by Ayesha Rahman on the ${SITE} blog.`);
    expect(page.canonical).toBe(url);
    expect(page.meta('og:url')).toBe(url);
    expect(page.meta('og:type')).toBe('profile');
    // The sample authors have no picture: the default preview image.
    expect(page.meta('og:image')).toBe(new URL('/og-default.png', url).href);
    expect(page.meta('twitter:card')).toBe('summary_large_image');

    const [ld] = page.jsonLd;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url,
      mainEntity: { '@type': 'Person', name: 'Ayesha Rahman', url: new URL('/author/Ayesha%20Rahman', url).href },
    });
    const works = (ld!['mainEntity'] as { subjectOf: { '@type': string; headline: string; url: string }[] }).subjectOf;
    expect(works).toHaveLength(4);
    for (const work of works) {
      expect(work['@type']).toBe('BlogPosting');
      expect(isAbsolute(work.url)).toBe(true);
      expect(page.text).toContain(work.headline);
    }
    expect(page.text).toContain('Articles by Ayesha Rahman (4 articles)');
    expect(page.text).toContain('Total Views');
  });

  test('an unknown slug and an unknown author answer 404 with their screens', async ({ request, baseURL }) => {
    const post = await fetchPage(request, baseURL, '/blogs/no-such-post');
    expect(post.response.status()).toBe(404);
    expect(post.page.title).toBe(`Blog post not found | ${SITE}`);
    expect(post.page.meta('robots')).toBe('noindex, nofollow');
    expect(post.page.jsonLd).toEqual([]);
    expect(post.page.text).toContain("The blog post you're looking for doesn't exist or has been removed.");
    expect(post.page.text).toContain('Back to Blogs');

    const author = await fetchPage(request, baseURL, '/author/Nobody%20Here');
    expect(author.response.status()).toBe(404);
    expect(author.page.title).toBe(`Author not found | ${SITE}`);
    expect(author.page.text).toContain('The author "Nobody Here" doesn\'t exist or has no published posts.');
    expect(author.page.text).toContain('Back to Blogs');
  });
});

const PICTURE = '/blog/covers/introduction-to-rust.webp';
const NON_ASCII_AUTHOR = 'Sadia Ümit সাদিয়া';
const hashnodeTest = testWithFakeHashnode([
  fakePost(1, {
    coverImage: { url: 'https://cdn.fake-hashnode.test/cover-1.png' },
    tags: [
      { id: 't1', name: 'Hashnode', slug: 'hashnode' },
      { id: 't2', name: 'Security', slug: 'security' },
    ],
    content: { markdown: '', html: '<h2>Safe heading</h2><p>The first fake body.</p><script>window.x=1</script>' },
    seo: { title: 'SEO Title', description: 'SEO description of the post' },
  }),
  fakePost(2, { author: { id: 'u-s', name: NON_ASCII_AUTHOR, username: 'sadia', profilePicture: PICTURE } }),
  fakePost(3),
]);

hashnodeTest.describe('blog pages served from Hashnode', () => {
  hashnodeTest('an article carries its SEO fields, BlogPosting and sanitized body', async ({ request, baseURL }) => {
    const { url, response, page } = await fetchPage(request, baseURL, '/blogs/fake-post-1');
    expect(response.status()).toBe(200);
    expectCachedUnder(response, 'post-fake-post-1');

    expect(page.title).toBe(`SEO Title | ${SITE}`);
    expect(page.meta('description')).toBe('SEO description of the post');
    expect(page.canonical).toBe(url);
    expect(page.meta('og:url')).toBe(url);
    expect(page.meta('og:type')).toBe('article');
    expect(page.meta('og:image')).toBe('https://cdn.fake-hashnode.test/cover-1.png');
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.meta('article:published_time')).toBe('2024-01-30T06:00:00.000Z');
    expect(page.meta('article:modified_time')).toBe('2024-02-01T06:00:00.000Z');
    expect(page.meta('article:author')).toBe('Rafiq Ahmed');
    expect(page.metaAll('article:tag')).toEqual(['Hashnode', 'Security']);
    expect(page.jsonLd[0]).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Fake Post 1',
      description: 'SEO description of the post',
      image: ['https://cdn.fake-hashnode.test/cover-1.png'],
      datePublished: '2024-01-30T06:00:00.000Z',
      dateModified: '2024-02-01T06:00:00.000Z',
      author: { '@type': 'Person', name: 'Rafiq Ahmed', url: new URL('/author/Rafiq%20Ahmed', url).href },
      publisher: { '@type': 'Organization', name: SITE },
      mainEntityOfPage: { '@id': url },
      keywords: 'Hashnode, Security',
    });
    expect(page.text).toContain('Safe heading The first fake body.');
    expect(await response.text()).not.toContain('window.x=1');
    // Shared under Hashnode's own address of the post.
    expect(await response.text()).toContain(
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(`https://${FAKE_HOST}/fake-post-1`)}`,
    );
  });

  hashnodeTest(
    'the list is served without posts, uncached, while Hashnode fails',
    async ({ request, baseURL, fakeState }) => {
      const served = await fetchPage(request, baseURL, '/blogs');
      expect(served.response.status()).toBe(200);
      expectCachedUnder(served.response, 'blog-feed');
      expect(served.page.text).toContain('Fake Post 1');

      fakeState.failure = 'http500';
      const failing = await fetchPage(request, baseURL, '/blogs');
      expect(failing.response.status()).toBe(200);
      expectNotCached(failing.response);
      expect(failing.page.text).not.toContain('Fake Post 1');
      // The island loads the feed itself: its loading state is what the HTML holds.
      expect(failing.page.text).toContain('Loading articles');
    },
  );

  hashnodeTest('a non-ASCII author: decoded name, picture and ProfilePage', async ({ request, baseURL }) => {
    const path = `/author/${encodeURIComponent(NON_ASCII_AUTHOR)}`;
    const { url, response, page } = await fetchPage(request, baseURL, path);
    expect(response.status()).toBe(200);
    expectCachedUnder(response, `author-${encodeURIComponent(NON_ASCII_AUTHOR.toLowerCase())}`);

    expect(page.title).toBe(`${NON_ASCII_AUTHOR} | ${SITE}`);
    expect(page.canonical).toBe(url);
    expect(page.meta('og:url')).toBe(url);
    expect(page.meta('og:type')).toBe('profile');
    expect(page.meta('og:image')).toBe(new URL(PICTURE, url).href);
    expect(page.jsonLd[0]).toMatchObject({
      '@type': 'ProfilePage',
      mainEntity: {
        '@type': 'Person',
        name: NON_ASCII_AUTHOR,
        image: new URL(PICTURE, url).href,
        url: new URL(path, url).href,
        subjectOf: [{ '@type': 'BlogPosting', headline: 'Fake Post 2', url: new URL('/blogs/fake-post-2', url).href }],
      },
    });
    expect(page.text).toContain(`Articles by ${NON_ASCII_AUTHOR} (1 article)`);
    expect(page.text).toContain('Fake Post 2');
    expect(page.text).not.toContain('Fake Post 3');
  });

  hashnodeTest('unknown slug and author answer 404', async ({ request, baseURL }) => {
    const post = await fetchPage(request, baseURL, '/blogs/not-on-hashnode');
    expect(post.response.status()).toBe(404);
    expect(post.page.text).toContain('Blog post not found');
    const author = await fetchPage(request, baseURL, '/author/Nobody');
    expect(author.response.status()).toBe(404);
    expect(author.page.text).toContain('Author not found');
  });

  hashnodeTest(
    'while Hashnode fails, both pages answer 503 with their error screens, uncached',
    async ({ request, baseURL, fakeState }) => {
      fakeState.failure = 'http500';
      const post = await fetchPage(request, baseURL, '/blogs/fake-post-1');
      expect(post.response.status()).toBe(503);
      expectNotCached(post.response);
      expect(post.page.title).toBe(`Blog post not found | ${SITE}`);
      expect(post.page.text).toContain("The blog post you're looking for doesn't exist or has been removed.");
      expect(post.page.text).toContain('Back to Blogs');

      fakeState.failure = 'forbidden';
      const author = await fetchPage(request, baseURL, '/author/Rafiq%20Ahmed');
      expect(author.response.status()).toBe(503);
      expectNotCached(author.response);
      expect(author.page.text).toContain('Error loading author');
      expect(author.page.text).toContain(
        "There was an error loading the author's information. Please try again later.",
      );
      expect(author.page.text).toContain('Back to Blogs');
    },
  );

  hashnodeTest(
    'without the publication the author page answers 503 "No data available"',
    async ({ request, baseURL, fakeState }) => {
      fakeState.publicationMissing = true;
      const { response, page } = await fetchPage(request, baseURL, '/author/Rafiq%20Ahmed');
      expect(response.status()).toBe(503);
      expectNotCached(response);
      expect(page.text).toContain('No data available');
      expect(page.text).toContain('Unable to load blog posts at this time.');
    },
  );
});
