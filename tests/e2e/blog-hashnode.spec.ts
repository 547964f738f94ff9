import { expect } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { allowFailedApiCalls, holdBlogApi, testWithFakeHashnode } from './blog-helpers.ts';
import { FAKE_HOST, fakePost } from '../support/fake-hashnode.ts';
import { waitForIslands } from './dashboard-helpers.ts';

// The server of each worker talks to its own fake Hashnode (graphql-js on Hashnode's schema subset).
const POSTS = Array.from({ length: 12 }, (_, i) =>
  fakePost(i + 1, i === 0 ? { coverImage: { url: '/blog/covers/introduction-to-rust.webp' } } : {}),
);

const test = testWithFakeHashnode(POSTS);

test.describe('blog from Hashnode', () => {
  test('lists the publication posts and pages with its cursors', async ({ page }) => {
    await page.goto('/blogs');
    const cards = page.getByTestId('post-card');
    await expect(cards).toHaveCount(9);
    await expect(cards.first()).toContainText('Fake Post 1');
    await expect(cards.first()).toContainText('Jan 30, 2024');
    // The first page is in the served HTML: a click before the list hydrates would go unheard.
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Load More Articles' }).click();
    await expect(cards).toHaveCount(12);
    await expect(page.getByText("You've reached the end")).toBeVisible();
  });

  test('a publication without posts shows "No blogs found"', async ({ page, fakeState }) => {
    fakeState.posts = [];
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { name: 'No blogs found' })).toBeVisible();
    await expect(
      page.getByText("We're working on creating new content. Check back later for updates and articles."),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  });

  test('when the page could not read the feed, the list loads it: 6 skeletons, then the posts', async ({
    page,
    fakeState,
    consoleErrors,
  }) => {
    fakeState.failure = 'http500'; // while the page is rendered
    const held = await holdBlogApi(page);
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Latest Insights' })).toBeVisible();
    await expect(page.getByTestId('post-skeleton')).toHaveCount(6);
    await expect(page.getByText('Loading articles…')).toBeAttached();
    fakeState.failure = null;
    held.release();
    await expect(page.getByTestId('post-card')).toHaveCount(9);
    await expect(page.getByTestId('post-skeleton')).toHaveCount(0);
    allowFailedApiCalls(consoleErrors, 502);
  });

  test('Hashnode\'s FORBIDDEN shows "Error loading blogs" with the Pro-plan message', async ({
    page,
    fakeState,
    consoleErrors,
  }) => {
    fakeState.failure = 'forbidden';
    await page.goto('/blogs');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Error loading blogs' })).toBeVisible();
    await expect(alert).toContainText("the publication needs Hashnode's Pro plan for API access");
    allowFailedApiCalls(consoleErrors, 502);
  });

  test('an HTTP 500 from Hashnode shows the error message', async ({ page, fakeState, consoleErrors }) => {
    fakeState.failure = 'http500';
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { name: 'Error loading blogs' })).toBeVisible();
    await expect(page.getByText('The blog service answered with HTTP 500. Please try again later.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    allowFailedApiCalls(consoleErrors, 502);
  });

  test('shows a Hashnode article with sanitized HTML and its SEO fields', async ({ page, fakeState }) => {
    fakeState.posts = [
      fakePost(1, {
        content: {
          markdown: '',
          html: '<h2>Safe heading</h2><p onclick="window.hacked=1">Text</p><img src="/blog/covers/introduction-to-rust.webp" alt="x" onerror="window.hacked=1"><script>window.hacked=1</script>',
        },
        seo: { title: 'SEO Title', description: 'SEO description of the post' },
      }),
    ];
    const response = await page.goto('/blogs/fake-post-1');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fake Post 1');
    await expect(page.locator('.blog-content h2')).toHaveText('Safe heading');
    expect(await page.locator('.blog-content').innerHTML()).not.toMatch(/onclick|onerror|<script/);
    await page.locator('.blog-content p').click();
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    await expect(page).toHaveTitle('SEO Title | IEEE Computer Society Bangladesh Chapter');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'SEO description of the post');
    await expect(page.getByRole('link', { name: 'Share on LinkedIn' })).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(`https://${FAKE_HOST}/fake-post-1`)}`,
    );
  });

  test('an article Hashnode does not know answers 404 "Blog post not found"', async ({ page }) => {
    const response = await page.goto('/blogs/not-on-hashnode');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Blog post not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Blogs' })).toHaveAttribute('href', '/blogs');
  });

  test('while Hashnode fails, an article answers 503 with "Blog post not found"', async ({ page, fakeState }) => {
    fakeState.failure = 'http500';
    const response = await page.goto('/blogs/fake-post-1');
    expect(response?.status()).toBe(503);
    await expect(page.getByRole('heading', { name: 'Blog post not found' })).toBeVisible();
    await expect(page.getByText("The blog post you're looking for doesn't exist or has been removed.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Blogs' })).toBeVisible();
  });

  test("the author page lists the author's posts with views", async ({ page }) => {
    const response = await page.goto('/author/Nadia%20Islam');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nadia Islam');
    // Posts 2, 4, ... 12: views 102 + 104 + ... + 112 = 642, average 107.
    await expect(page.getByTestId('stat-tile')).toHaveText([
      'Total Posts6',
      'Total Views642',
      'Avg Views107',
      'Topics1',
    ]);
    await expect(page.getByRole('heading', { name: 'Articles by Nadia Islam (6 articles)' })).toBeVisible();
  });

  test('a non-ASCII author name is decoded from the address', async ({ page, fakeState }) => {
    const name = 'Sadia Ümit সাদিয়া';
    fakeState.posts = [fakePost(1, { author: { id: 'u-s', name, username: 'sadia', profilePicture: null } })];
    const response = await page.goto(`/author/${encodeURIComponent(name)}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('heading', { name: `Articles by ${name} (1 article)` })).toBeVisible();
    await expect(page).toHaveTitle(`${name} | IEEE Computer Society Bangladesh Chapter`);
  });

  test('the author page answers 503 "Error loading author" when Hashnode fails', async ({ page, fakeState }) => {
    fakeState.failure = 'forbidden';
    const response = await page.goto('/author/Nadia%20Islam');
    expect(response?.status()).toBe(503);
    await expect(page.getByRole('heading', { name: 'Error loading author' })).toBeVisible();
    await expect(
      page.getByText("There was an error loading the author's information. Please try again later."),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Blogs' })).toBeVisible();
  });

  test('the author page answers 503 "No data available" without a publication', async ({ page, fakeState }) => {
    fakeState.publicationMissing = true;
    const response = await page.goto('/author/Nadia%20Islam');
    expect(response?.status()).toBe(503);
    await expect(page.getByRole('heading', { name: 'No data available' })).toBeVisible();
    await expect(page.getByText('Unable to load blog posts at this time.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Blogs' })).toBeVisible();
  });

  test('the list shows "Error loading blogs" without a publication', async ({ page, fakeState, consoleErrors }) => {
    fakeState.publicationMissing = true;
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { name: 'Error loading blogs' })).toBeVisible();
    await expect(page.getByText('The blog publication was not found')).toBeVisible();
    allowFailedApiCalls(consoleErrors, 404);
  });
});
