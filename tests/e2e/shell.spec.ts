import { test, expect, makeScrollable } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { signInAs } from './dashboard-helpers.ts';
import siteJson from '../../content/site.json' with { type: 'json' };
import type { Site } from '../../src/lib/content/site.schema.ts';

const site = siteJson as unknown as Site;

/** The phone's menu button: the <summary> of the header's menu (Playwright gives a summary no role). */
const menuButton = (page: Page) => page.locator('summary[data-menu-button]');

test.describe('the not-found page', () => {
  test('answers 404 with its texts and a way home', async ({ page }) => {
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText("Sorry, we couldn't find the page you're looking for.")).toBeVisible();
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('theme', () => {
  test('defaults to the system preference', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });

  test('keeps the chosen theme and applies it before first paint', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    // Record the html element's theme at the moment <body> is created, before anything can paint.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.body) {
          (window as unknown as { darkAtBody: boolean }).darkAtBody =
            document.documentElement.classList.contains('dark');
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    const toggle = page.locator('header [data-theme-toggle]');
    await expect(toggle).toHaveAttribute('aria-label', /Theme: System/);
    await toggle.click(); // system -> dark: on a light system the first press shows a change
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { darkAtBody: boolean }).darkAtBody)).toBe(true);
    await expect(toggle).toHaveAttribute('aria-label', /Theme: Dark/);
  });

  test('animates the switch for 700 ms only', async ({ page }) => {
    // The page's clock stands still unless the test moves it, so a busy machine cannot miss the window.
    await page.clock.install();
    await page.goto('/');
    await page.clock.pauseAt(Date.now() + 1000);
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/theme-transition/);
    await page.locator('header [data-theme-toggle]').click();
    await expect(html).toHaveClass(/theme-transition/);
    // The colours fade for as long as the class stays on.
    const durations = await page.locator('body').evaluate((body) => getComputedStyle(body).transitionDuration);
    expect(new Set(durations.split(/,\s*/))).toEqual(new Set(['0.7s']));
    await page.clock.runFor(699);
    await expect(html).toHaveClass(/theme-transition/);
    await page.clock.runFor(1);
    await expect(html).not.toHaveClass(/theme-transition/);
  });
});

test.describe('header', () => {
  test('hides on scroll down and returns on scroll up', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/');
    await makeScrollable(page);
    const header = page.locator('[data-site-header]');
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 800);
    await expect(header).toHaveAttribute('data-hidden', '');
    await page.mouse.wheel(0, -200);
    await expect(header).not.toHaveAttribute('data-hidden', '');
  });

  test('the mobile menu opens, is usable and closes by keyboard or a press outside', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    const button = menuButton(page);
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeHidden();
    await expect(button).toHaveAccessibleName('Menu');

    // Reach the button with the keyboard alone.
    for (let i = 0; i < 10 && !(await button.evaluate((b) => b === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(187, 600); // the page under the menu
    await expect(menu).toBeHidden();
  });

  test('without JavaScript, the phone menu opens and reaches every page', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ ...(baseURL ? { baseURL } : {}), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/events');
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeHidden();
    // The buttons only a script makes work (search, theme) are not offered.
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Search' })).toBeHidden();
    await expect(header.locator('[data-theme-toggle]')).toBeHidden();
    await menuButton(page).click();
    await expect(menu).toBeVisible();

    // Every page of the navigation, each group opened in turn.
    const navigation = site.navigation.flatMap((item) =>
      'children' in item ? item.children.map((link) => ({ group: item.label, link })) : [{ group: '', link: item }],
    );
    for (const { group, link } of navigation) {
      if (group) {
        const summary = menu
          .locator('summary')
          .filter({ hasText: new RegExp(`^\\s*${group.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) });
        if (!(await summary.evaluate((s) => (s.parentElement as HTMLDetailsElement).open))) await summary.click();
      }
      const anchor = menu.locator(`a[href="${link.href}"]`);
      await expect(anchor, link.label).toBeVisible();
    }

    // And one is followed: it leads to its page.
    await menu.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.close();
  });

  test('lists every route group, with Sacretariat and the new Xtreme', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    for (const href of [
      '/excom-25',
      '/excom-18',
      '/sac-23',
      '/sacretariat-25',
      '/team-spark-21',
      '/gsm-24',
      '/web-and-it-2025',
      '/wic-2025',
      '/events',
      '/blogs',
      '/contact',
      '/xtreme-18-0',
      '/symposium',
      '/gallery',
    ]) {
      await expect(nav.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(nav.locator('a[href="/sacretariat-25"]')).toHaveText(/Sacretariat 2025/);
  });

  test('the new mark of Xtreme 18.0 reads as a word of its own, on wide and narrow screens', async ({ page }) => {
    for (const [width, nav] of [
      [1280, page.locator('nav[aria-label="Main"]:not(#mobile-menu)')],
      [375, page.locator('#mobile-menu')],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      if (width < 1024) await menuButton(page).click();
      await nav.locator('summary', { hasText: 'Programs' }).click();
      const link = nav.getByRole('link', { name: 'Xtreme 18.0 new', exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', '/xtreme-18-0');
      expect(await link.textContent()).toMatch(/^\s*Xtreme 18\.0\s+new\s*$/);
    }
  });

  test('shows the Dashboard button only when signed in', async ({ page, context, baseURL }) => {
    await page.goto('/');
    const dashboard = page.getByRole('link', { name: 'Dashboard' });
    await expect(dashboard).toBeHidden();
    await context.addCookies([{ name: 'userInfo', value: encodeURIComponent('{"email":"a@b.c"}'), url: baseURL! }]);
    await page.reload();
    await expect(dashboard).toBeVisible();
    await expect(dashboard).toHaveAttribute('href', '/dashboard');
  });
});

test.describe('page furniture', () => {
  test('scroll-to-top appears after 300 px and scrolls up', async ({ page }) => {
    await page.goto('/');
    await makeScrollable(page);
    const button = page.getByRole('button', { name: 'Scroll to top' });
    await page.evaluate(() => window.scrollTo(0, 250));
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('external footer links open in a new tab safely', async ({ page }) => {
    await page.goto('/');
    const external = page.locator('footer a[href^="http"]');
    expect(await external.count()).toBeGreaterThan(3);
    for (const link of await external.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(page.locator('footer')).toContainText('Digital Library');
    await expect(page.locator('footer')).toContainText('Computing Resources');
    await expect(page.locator('footer')).toContainText('Community Resources');
    // Astro drops the white space between two expressions on separate lines: the year ran into the name.
    await expect(page.locator('footer')).toContainText(
      /© \d{4} IEEE Computer Society Bangladesh Chapter\. All rights reserved\./,
    );
  });

  test('each page has its own title, description, canonical and social tags', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/IEEE Computer Society Bangladesh Chapter/);
    for (const selector of [
      'meta[name="description"]',
      'link[rel="canonical"]',
      'meta[property="og:title"]',
      'meta[property="og:image"]',
      'meta[name="twitter:card"]',
    ]) {
      await expect(page.locator(selector)).toHaveCount(1);
    }
  });
});

test.describe('served as the CDN would', () => {
  test('pages carry the security headers and are compressed', async ({ request }) => {
    const res = await request.get('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status()).toBe(200);
    const h = res.headers();
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['x-powered-by']).toBeUndefined();
    expect(h['content-encoding']).toBe('gzip');
  });

  test('sitemap.xml and robots.txt exist', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain('Sitemap:');
    const sitemap = await request.get('/sitemap-index.xml');
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain('<sitemapindex');
  });

  test('the API answers beside the site', async ({ request }) => {
    const res = await request.get('/api/v1/health');
    expect(await res.json()).toEqual({ ok: true, db: 'pglite' });
  });
});

test.describe('the header on a phone, signed in', () => {
  test('fits the screen: the Dashboard button takes the name’s room, the menu button stays on screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page);
    await page.goto('/events');
    const bar = page.locator('[data-header-bar]');
    await expect(bar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    const menu = bar.locator('[data-menu-button]');
    await expect(menu).toBeInViewport({ ratio: 1 });
    // The logo still says where it leads, and the name is still read.
    await expect(bar.getByRole('link', { name: 'IEEE CS BDC home' })).toBeVisible();
    await menu.click();
    await expect(page.locator('#mobile-menu')).toBeVisible();

    const nameWidth = async () => (await bar.locator('[data-site-name]').boundingBox())?.width ?? 0;
    expect(await nameWidth()).toBeLessThanOrEqual(1);

    // A visitor keeps the site's name beside the logo.
    await page.context().clearCookies();
    await page.goto('/events');
    expect(await nameWidth()).toBeGreaterThan(50);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
  });
});
