import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { waitForIslands } from './dashboard-helpers.ts';

/**
 * The served "Load More Articles" on /blogs is a link to the next page (/blogs?page=2&after=…) until the
 * list's script runs: without JavaScript, or pressed on a slow phone before hydration, it still shows the
 * next articles; once hydrated the island loads them into the list (blog.spec.ts). No HASHNODE_HOST: the
 * 12 sample Markdown posts, 9 a page.
 */

test.describe('Load More Articles before the script runs', () => {
  test('without JavaScript, following it shows the next articles, then the end and the way back', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ ...(baseURL ? { baseURL } : {}), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/blogs');
    const cards = page.getByTestId('post-card');
    await expect(cards).toHaveCount(9);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination).toContainText('Page 1 of 1');
    const more = pagination.getByRole('link', { name: 'Load More Articles' });
    await expect(more).toHaveAttribute('href', /^\/blogs\?page=2&after=/);
    const dir = process.env['SCREENSHOTS'];
    if (dir) {
      mkdirSync(dir, { recursive: true });
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${dir}/blogs-no-script-${width}.png`, fullPage: true });
      }
    }
    const firstTitles = await cards.getByRole('heading').allTextContents();

    await more.click();
    await expect(page).toHaveURL(/\/blogs\?page=2&after=/);
    await expect(cards).toHaveCount(3);
    await expect(pagination).toContainText('Page 2 of 2');
    await expect(pagination).toContainText("You've reached the end");
    await expect(pagination.getByRole('link', { name: 'Load More Articles' })).toHaveCount(0);
    const nextTitles = await cards.getByRole('heading').allTextContents();
    expect(nextTitles.filter((t) => firstTitles.includes(t))).toEqual([]);

    // Page 2 leads back to the page before it, here the first, at a phone's width too.
    await page.setViewportSize({ width: 375, height: 812 });
    const back = pagination.getByRole('link', { name: 'Previous page' });
    await expect(back).toHaveAttribute('href', '/blogs');
    await back.scrollIntoViewIfNeeded();
    await expect(back).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(/\/blogs$/);
    await expect(cards).toHaveCount(9);
    expect(await cards.getByRole('heading').allTextContents()).toEqual(firstTitles);
    await context.close();
  });

  test('pressed before the list hydrates, it still loads more; once hydrated it is the island’s button', async ({
    page,
  }) => {
    // The list's own script is held: the page is served and painted, the island not yet running.
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    await page.route('**/_astro/BlogList*.js', async (route) => {
      await released;
      // A request of the page left behind is gone by then: nothing to let through.
      await route.fallback().catch(() => undefined);
    });
    await page.goto('/blogs');
    await expect(page.locator('astro-island[ssr]')).not.toHaveCount(0);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('link', { name: 'Load More Articles' }).click();
    await expect(page).toHaveURL(/\/blogs\?page=2&after=/);
    await expect(page.getByTestId('post-card')).toHaveCount(3);
    await expect(pagination).toContainText('Page 2 of 2');
    release();

    // The script allowed: the island takes the control over (a button) and the page it was served keeps its place.
    await waitForIslands(page);
    await expect(page).toHaveURL(/\/blogs\?page=2&after=/);
    await expect(page.getByTestId('post-card')).toHaveCount(3);
    await page.goto('/blogs');
    await waitForIslands(page);
    await expect(pagination.getByRole('link', { name: 'Load More Articles' })).toHaveCount(0);
    await pagination.getByRole('button', { name: 'Load More Articles' }).click();
    await expect(page.getByTestId('post-card')).toHaveCount(12);
    await expect(pagination).toContainText('Page 2 of 2');
  });
});
