import { test, expect } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { waitForIslands } from './dashboard-helpers.ts';

// No HASHNODE_HOST: the blog comes from the 12 sample Markdown posts in content/blog.
const LONG_AUTHOR = 'Dr. Mohammad Shahriar Kabir Chowdhury';

test.describe('blog list (local Markdown posts)', () => {
  test('the served page lists the first 9 posts, then loads the rest', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    // The first page comes with the HTML: the browser asks the API only for the next one.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/blog/')) asked.push(new URL(request.url()).search);
    });
    await page.goto('/blogs');
    await expect(page.locator('html')).toHaveClass(/dark/); // blog pages default to dark
    await expect(page.getByRole('heading', { level: 1, name: 'Latest Insights' })).toBeVisible();

    const cards = page.getByTestId('post-card');
    await expect(cards).toHaveCount(9);
    await expect(page.getByTestId('post-skeleton')).toHaveCount(0);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination).toContainText('Page 1 of 1');
    // The first page is in the served HTML: a click before the list hydrates would go unheard.
    await waitForIslands(page);
    await pagination.getByRole('button', { name: 'Load More Articles' }).click();
    await expect(cards).toHaveCount(12);
    await expect(pagination).toContainText('Page 2 of 2');
    await expect(pagination).toContainText("You've reached the end");
    await expect(pagination.getByRole('button', { name: 'Load More Articles' })).toHaveCount(0);
    expect(asked).toEqual([expect.stringMatching(/^\?after=/)]);
  });

  test('cards show date badge, reading time, two tags and +N, and the author', async ({ page }) => {
    await page.goto('/blogs');
    const card = page.getByTestId('post-card').filter({ hasText: 'An Introduction to Machine Learning with Python' });
    await expect(card).toContainText('Oct 08, 2024');
    await expect(card).toContainText('5 min read');
    await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
      'Machine Learning',
      'Python',
      '+2',
    ]);
    const author = card.getByRole('link', { name: 'Dr. Mohammad Shahriar Kabir Ch...' });
    await expect(author).toHaveAttribute('href', `/author/${encodeURIComponent(LONG_AUTHOR)}`);
    await expect(card.locator('img')).toHaveAttribute('src', '/blog/covers/intro-to-machine-learning-with-python.webp');

    const readArticle = card.getByRole('link', { name: /Read Article/ });
    const overlay = readArticle.locator('..');
    await page.mouse.move(0, 0);
    await expect(overlay).toHaveCSS('opacity', '0'); // shown on hover (or keyboard focus) only
    await card.hover();
    await expect(overlay).toHaveCSS('opacity', '1');
    await readArticle.click();
    await expect(page).toHaveURL(/\/blogs\/intro-to-machine-learning-with-python$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('An Introduction to Machine Learning with Python');
  });

  test('a post without a cover shows a placeholder', async ({ page }) => {
    await page.goto('/blogs');
    const card = page.getByTestId('post-card').filter({ hasText: 'Responsible AI in Bangladesh' });
    await expect(card.getByTestId('cover-placeholder')).toBeVisible();
    await expect(card.locator('img')).toHaveCount(0);
  });

  test('search is debounced by 300 ms, mirrored in ?search=, and shows chips and active filters', async ({ page }) => {
    await page.clock.install();
    await page.goto('/blogs');
    await expect(page.getByTestId('post-card')).toHaveCount(9);
    // The cards are in the served HTML: typing before the list hydrates would go unheard (it happened on
    // a loaded machine), and the debounce would then start late.
    await waitForIslands(page);
    // From here on, page time moves only when the test says so.
    await page.clock.pauseAt(Date.now() + 1000);
    const search = page.getByRole('searchbox', { name: 'Search articles' });
    await expect(search).toHaveAttribute('placeholder', 'Search articles, authors, or content...');
    await search.fill('rust');
    await page.clock.runFor(250);
    await expect(page.getByTestId('post-card')).toHaveCount(9);
    expect(new URL(page.url()).search).toBe('');
    await page.clock.runFor(60);
    await expect(page).toHaveURL(/\/blogs\?search=rust$/);
    await expect(page.getByTestId('post-card')).toHaveCount(1);
    await expect(page.getByTestId('post-card')).toContainText('Why Students Should Try Rust');
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
    const active = page.getByTestId('active-filters');
    await expect(active).toContainText('Active filters:');
    await expect(active).toContainText('rust');

    // Chips: every tag of the loaded posts, sorted.
    const chips = page.getByRole('group', { name: 'Filter by tag' }).getByRole('button');
    const names = await chips.allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(names).toContain('Rust');

    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(search).toHaveValue('');
    await expect(search).toBeFocused();
    await expect(page).toHaveURL(/\/blogs$/);
    await expect(page.getByTestId('post-card')).toHaveCount(9);
    await expect(page.getByRole('group', { name: 'Filter by tag' })).toHaveCount(0);
  });

  test('restores search and tags from the address and toggles tag chips', async ({ page }) => {
    await page.goto('/blogs?search=learning&tags=AI');
    // The served list is already filtered; the presses below are the hydrated island's, in place (without
    // script they go through the address: first-interaction.spec.ts).
    await waitForIslands(page);
    const search = page.getByRole('searchbox', { name: 'Search articles' });
    await expect(search).toHaveValue('learning');
    const chips = page.getByRole('group', { name: 'Filter by tag' });
    await expect(chips.getByRole('button', { name: 'AI', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('post-card')).toHaveText([/Introduction to Machine Learning/]);

    await chips.getByRole('button', { name: 'Research', exact: true }).click();
    await expect(page).toHaveURL(/tags=AI%2CResearch/);
    await expect(chips.getByRole('button', { name: 'Research', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await chips.getByRole('button', { name: 'AI', exact: true }).click();
    await expect(page).toHaveURL(/\?search=learning&tags=Research$/);
    await expect(chips.getByRole('button', { name: 'AI', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('heading', { name: 'No matching blogs found' })).toBeVisible();

    await page.getByTestId('active-filters').getByRole('button', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(/\/blogs$/);
    await expect(search).toHaveValue('');
    await expect(page.getByTestId('post-card')).toHaveCount(9);
  });

  test('no matching posts: a hint and "Clear all filters"', async ({ page }) => {
    await page.goto('/blogs?search=zzzz-nothing');
    await expect(page.getByRole('heading', { name: 'No matching blogs found' })).toBeVisible();
    await expect(page.getByText("Try adjusting your search or filters to find what you're looking for.")).toBeVisible();
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await expect(page.getByTestId('post-card')).toHaveCount(9);
    await expect(page).toHaveURL(/\/blogs$/);
  });

  test('a post without an author credits the chapter', async ({ page }) => {
    // Local posts all name an author; the next page's answer is changed to one without.
    await page.route('**/api/v1/blog/posts?after=*', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { posts: { author: unknown }[] };
      body.posts = body.posts.slice(0, 1).map((p) => ({ ...p, author: null }));
      await route.fulfill({ response: res, json: body });
    });
    await page.goto('/blogs');
    const cards = page.getByTestId('post-card');
    await expect(cards).toHaveCount(9);
    // A click before the list hydrates would go unheard (it happened on a loaded machine).
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Load More Articles' }).click();
    await expect(cards).toHaveCount(10);
    const card = cards.last();
    await expect(card).toContainText('IEEE Computer Society Bangladesh Chapter');
    await expect(card.locator('a[href^="/author/"]')).toHaveCount(0);
  });

  // The list as first served is held to every axe rule, light and dark, in page-types.spec.ts ("blog list").
  test('a searched list has no serious accessibility violations', async ({ page }) => {
    await page.goto('/blogs?search=a');
    await expect(page.getByTestId('post-card').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('blog article (local Markdown posts)', () => {
  test('shows the whole article with its metadata', async ({ page }) => {
    const response = await page.goto('/blogs/introduction-to-rust');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveClass(/dark/); // blog pages default to dark
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Why Students Should Try Rust');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Blogs' })).toHaveAttribute('href', '/blogs');
    await expect(crumbs).toContainText('Why Students Should Try Rust');
    await expect(page.locator('article time')).toHaveText('November 18, 2024');
    await expect(page.locator('article header')).toContainText('5 min read');
    const headerTags = page.getByTestId('header-tags').getByRole('link');
    await expect(headerTags).toHaveText(['#Rust', '#Programming Languages', '#Systems']);
    await expect(headerTags.first()).toHaveAttribute('href', '/blogs?tags=Rust');
    await expect(page.getByRole('img', { name: 'Why Students Should Try Rust' })).toHaveAttribute(
      'src',
      '/blog/covers/introduction-to-rust.webp',
    );
    await expect(page.getByRole('link', { name: 'Tanvir Hasan' })).toHaveAttribute('href', '/author/Tanvir%20Hasan');
    await expect(page.getByTestId('post-brief')).toHaveText(/Memory safety without a garbage collector/);
    await expect(page.locator('.blog-content h2').first()).toHaveText('Why this matters');
    await expect(page.getByTestId('all-tags').getByRole('link')).toHaveCount(3);
    await expect(page.getByRole('link', { name: /More from this author/ })).toHaveAttribute(
      'href',
      '/author/Tanvir%20Hasan',
    );

    const postUrl = encodeURIComponent(new URL('/blogs/introduction-to-rust', page.url()).href);
    for (const [name, prefix] of [
      ['Share on X', 'https://twitter.com/intent/tweet?url='],
      ['Share on LinkedIn', 'https://www.linkedin.com/sharing/share-offsite/?url='],
      ['Share on Facebook', 'https://www.facebook.com/sharer/sharer.php?u='],
    ] as const) {
      const link = page.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', new RegExp(`^${prefix.replace(/[.?]/g, '\\$&')}${postUrl}`));
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(page.getByRole('link', { name: 'Share on X' })).toHaveAttribute(
      'href',
      /&text=Why%20Students%20Should%20Try%20Rust$/,
    );

    await expect(page).toHaveTitle('Why Students Should Try Rust | IEEE Computer Society Bangladesh Chapter');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Memory safety/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /\/blog\/covers\/introduction-to-rust\.webp$/,
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute(
      'content',
      '2024-11-18T04:45:00.000Z',
    );
    await expect(page.locator('meta[property="article:modified_time"]')).toHaveAttribute(
      'content',
      '2024-11-18T04:45:00.000Z',
    );
    await expect(page.locator('meta[property="article:author"]')).toHaveAttribute('content', 'Tanvir Hasan');
    await expect(page.locator('meta[property="article:tag"]')).toHaveCount(3);

    await page.getByRole('link', { name: 'Back to Blogs' }).click();
    await expect(page).toHaveURL(/\/blogs$/);
  });

  test('the reading-progress bar follows the scroll, drawn by CSS, with no framework JavaScript', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto('/blogs/getting-started-with-competitive-programming');
    const bar = page.getByRole('progressbar', { name: 'Reading progress' });
    // How far the bar is drawn: the x scale of its inner bar's transform.
    const drawn = () =>
      bar.locator('div').evaluate((el) => Math.round(new DOMMatrixReadOnly(getComputedStyle(el).transform).a * 100));
    await expect(bar).toHaveAttribute('aria-valuenow', '0');
    await expect.poll(drawn).toBe(0);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(20);
    await expect.poll(drawn).toBeGreaterThan(20);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expect.poll(drawn).toBe(100);
    // Chromium draws it with a scroll-driven animation; the site script only keeps the value.
    expect(await bar.locator('div').evaluate((el) => getComputedStyle(el).animationName)).toBe('reading-progress');
    // The reduced-motion rule, which shortens animations that run in time, leaves it following the scroll.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(drawn).toBe(0);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await expect.poll(drawn).toBeGreaterThan(20);
    await expect.poll(drawn).toBeLessThan(80);
    // No island, no script file: only the site script inlined in every page.
    await expect(page.locator('astro-island')).toHaveCount(0);
    expect(scripts).toEqual([]);
  });

  test('an unknown slug answers 404 "Blog post not found"', async ({ page }) => {
    const response = await page.goto('/blogs/no-such-post');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Blog post not found' })).toBeVisible();
    await expect(page.getByText("The blog post you're looking for doesn't exist or has been removed.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Blogs' })).toHaveAttribute('href', '/blogs');
    await expect(page).toHaveTitle('Blog post not found | IEEE Computer Society Bangladesh Chapter');
  });

  // This article is held to every axe rule, in its dark theme, in page-types.spec.ts ("article").
});

test.describe('author page (local Markdown posts)', () => {
  test('shows the profile, counts, stat tiles and the articles', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const response = await page.goto('/author/Ayesha%20Rahman');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ayesha Rahman');
    await expect(page.getByText('Author at IEEE Computer Society Bangladesh Chapter')).toBeVisible();
    await expect(page.getByTestId('author-counts')).toHaveText('4 posts · 8 topics');
    await expect(page.getByTestId('stat-tile')).toHaveText([
      'Total Posts4',
      'Total Views4,045',
      'Avg Views1,011',
      'Topics8',
    ]);
    await expect(page.getByRole('heading', { name: 'Articles by Ayesha Rahman (4 articles)' })).toBeVisible();
    const cards = page.getByTestId('post-card');
    await expect(cards).toHaveCount(4);
    await expect(cards.first().getByRole('link', { name: 'Ayesha Rahman' })).toHaveAttribute(
      'href',
      '/author/Ayesha%20Rahman',
    );
    await expect(page).toHaveTitle('Ayesha Rahman | IEEE Computer Society Bangladesh Chapter');
    await expectNoSeriousA11yViolations(page);
  });

  test('decodes the name from the address', async ({ page }) => {
    await page.goto(`/author/${encodeURIComponent(LONG_AUTHOR)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LONG_AUTHOR);
    await expect(page.getByRole('heading', { name: `Articles by ${LONG_AUTHOR} (4 articles)` })).toBeVisible();
  });

  test('an unknown author answers 404 "Author not found"', async ({ page }) => {
    const response = await page.goto('/author/Nobody%20Here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Author not found' })).toBeVisible();
    await expect(page.getByText('The author "Nobody Here" doesn\'t exist or has no published posts.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Blogs' })).toBeVisible();
  });

  test('an address without a name answers 404 "No posts found"', async ({ page }) => {
    const response = await page.goto('/author/%20');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'No posts found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Blogs' })).toBeVisible();
  });
});
