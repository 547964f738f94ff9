import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import site from '../../content/site.json' with { type: 'json' };
import { htmlText, innerHtmlOf, readServedHtml } from '../support/served-html.ts';

/** Every information page of this issue with the title it must carry (the site name is appended). */
const PAGES = [
  { path: '/about', title: 'About Us', heading: 'About Us' },
  { path: '/membership', title: 'Membership Benefits', heading: 'Membership Benefits' },
  { path: '/chapters', title: 'Chapters', heading: 'Chapters' },
  { path: '/awards', title: 'Awards', heading: 'Awards' },
  { path: '/achievements', title: 'Achievements', heading: 'Achievements' },
  { path: '/gallery', title: 'Gallery', heading: 'Gallery' },
  { path: '/ieee-day', title: 'IEEE Day', heading: 'IEEE Day' },
  { path: '/symposium', title: 'Previous Symposium', heading: 'Previous Symposium' },
  {
    path: '/symposium-2022',
    title: 'Symposium 2022',
    heading: 'IEEE CS Bangladesh Chapter Symposium 2022',
  },
  {
    path: '/symposium-2023',
    title: 'Symposium 2023',
    heading: 'IEEE CS Bangladesh Chapter Symposium 2023',
  },
  { path: '/xtreme-17-0', title: 'IEEEXtreme 17.0', heading: 'IEEEXtreme 17.0' },
  { path: '/xtreme-18-0', title: 'IEEEXtreme 18.0', heading: 'IEEEXtreme 18.0' },
  {
    path: '/application-for-technical-cosponsorship',
    title: 'Application for Technical Co-sponsorship',
    heading: 'Application for Technical Co-sponsorship',
  },
  { path: '/countdown', title: 'Countdown', heading: 'Countdown' },
];

/**
 * The pages page-types.spec.ts holds to axe with every rule, of any impact, light and dark: a scan
 * here (serious and critical only) would find nothing more.
 */
const SCANNED_BY_PAGE_TYPES = new Set([
  '/about',
  '/membership',
  '/chapters',
  '/awards',
  '/achievements',
  '/gallery',
  '/symposium-2023',
  '/xtreme-17-0',
  '/application-for-technical-cosponsorship',
  '/countdown',
]);

/** The embedded form is external; answer it locally so no request leaves the test server. */
async function stubExternalForm(page: Page) {
  await page.route(`${site.externalLinks.cosponsorshipForm.split('?')[0]}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Form</title><p>Sample form</p>' }),
  );
}

/** Dark theme from the system setting, after the 700 ms colour transition (axe must see final colours). */
async function switchToDarkTheme(page: Page) {
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.locator('html')).not.toHaveClass(/theme-transition/);
}

async function expectNewTabLink(page: Page, name: string | RegExp, href: string) {
  const link = page.getByRole('main').getByRole('link', { name });
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
}

test.describe('every information page', () => {
  for (const { path, title, heading } of PAGES) {
    const scan = !SCANNED_BY_PAGE_TYPES.has(path);
    const name = `${path}: 200, own title and description${scan ? ', no serious a11y violations in light and dark' : ''}`;
    test(name, async ({ page, request }) => {
      // Status, title, description and heading are in the HTML as served (the pages carry no island).
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      const served = readServedHtml(html);
      expect(served.title).toBe(`${title} | ${site.chapterName}`);
      expect(served.meta('description')?.length).toBeGreaterThan(30);
      expect(htmlText(innerHtmlOf(html, 'h1'))).toContain(heading);
      expect(html).not.toContain('<astro-island');
      if (!scan) return;
      await stubExternalForm(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await switchToDarkTheme(page);
      await expectNoSeriousA11yViolations(page, { coloursOnly: true });
    });
  }

  test('titles and descriptions differ from page to page', async ({ request }) => {
    const seen = new Set<string>();
    for (const { path } of PAGES) {
      const html = await (await request.get(path)).text();
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
      expect(description, path).toBeTruthy();
      expect(seen.has(description!), `${path} repeats a description`).toBe(false);
      seen.add(description!);
    }
  });
});

test.describe('page contents', () => {
  test('/about: mission, vision, impact, the four core values and a closing quote', async ({ page }) => {
    await page.goto('/about');
    for (const heading of ['Our Mission', 'Our Vision', 'Our Impact', 'Core Values']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    const values = page.locator('[data-values] h3');
    await expect(values).toHaveText(['Innovation', 'Community', 'Growth', 'Excellence']);
    await expect(page.locator('blockquote')).toContainText('The best way to predict the future is to invent it.');
  });

  test('/membership: all nine benefits', async ({ page }) => {
    await page.goto('/membership');
    await expect(page.locator('[data-benefits] h2')).toHaveText([
      'Latest Research Access',
      'Global Networking',
      'Save $350 on Publishing',
      'Digital Library',
      'Computing Magazine',
      'Professional Development',
      'Technical Publications',
      'Conference Discounts',
      'Mentorship Programs',
    ]);
    await expect(page.getByText(/50k professionals/)).toBeVisible();
    await expectNewTabLink(page, 'Become a Member', site.membershipUrl);
  });

  test('/chapters: 25 universities as a table on wide screens', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/chapters');
    const table = page.getByRole('table', { name: 'Member universities' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveText([
      '#',
      'University',
      'Chair',
      'Email',
      'Advisor',
      'Advisor Email',
      'Link',
    ]);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(25);
    await expect(rows.first()).toContainText('1');
    await expect(rows.first()).toContainText('Bangladesh University of Engineering and Technology');
    await expect(rows.first().getByRole('link', { name: /@/ }).first()).toHaveAttribute('href', /^mailto:/);
    await expect(rows.last()).toContainText('25');
    await expect(page.locator('[data-chapter-cards]')).toBeHidden();
    await expectNewTabLink(
      page,
      /Visit\s+Bangladesh University of Engineering and Technology website/,
      'https://www.buet.ac.bd',
    );
  });

  test('/chapters: the same 25 as numbered cards on narrow screens', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/chapters');
    await expect(page.getByRole('table')).toBeHidden();
    const cards = page.locator('[data-chapter-cards] > li');
    await expect(cards).toHaveCount(25);
    await expect(cards.first()).toBeVisible();
    for (const label of ['Chair', 'Email', 'Advisor', 'Advisor Email']) {
      await expect(cards.first().locator('dt', { hasText: new RegExp(`^${label}$`) })).toBeVisible();
    }
    await expect(cards.nth(24)).toContainText('25.');
  });

  test('/awards: Award 2022 with six winners, each with name, award and picture', async ({ page }) => {
    await page.goto('/awards');
    const year = page.getByRole('region', { name: 'Award 2022' });
    const winners = year.locator('[data-award-winners] > li');
    await expect(winners).toHaveCount(6);
    for (const winner of await winners.all()) {
      await expect(winner.getByRole('heading', { level: 3 })).not.toBeEmpty();
      const img = winner.getByRole('img');
      await expect(img).toHaveAttribute('alt', /\S/);
      await expect(img).toHaveAttribute('width', /\d+/);
      await expect(img).toHaveAttribute('height', /\d+/);
      await expect(img).toHaveAttribute('src', /\.webp$/);
    }
    await expect(winners.first()).toContainText('Outstanding Volunteer of the Year');
    await expect(winners.nth(5).getByRole('img')).toHaveAttribute('loading', 'lazy');
  });

  test('/achievements: the three news items', async ({ page }) => {
    await page.goto('/achievements');
    const items = page.getByRole('article');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText('Championship Award');
    await expect(items.nth(1)).toContainText('scholarship');
    await expect(items.nth(1)).toContainText('coordinator');
    await expect(items.nth(2)).toContainText('regional co-lead');
    await expect(items.nth(0).locator('time')).toHaveText('November 18, 2023');
  });

  test('/gallery and /ieee-day show the same gallery', async ({ page }) => {
    await page.goto('/gallery');
    const captions = await page.locator('[data-gallery] figcaption').allTextContents();
    expect(captions.length).toBe(12);
    const lazy = page.locator('[data-gallery] img[loading="lazy"]');
    await expect(lazy).toHaveCount(9);
    await expect(page.locator('[data-gallery] img').first()).toHaveAttribute('srcset', /\.webp 800w/);
    await page.goto('/ieee-day');
    expect(await page.locator('[data-gallery] figcaption').allTextContents()).toEqual(captions);
  });

  test('/symposium links to both editions and opens the 2024 symposium and conference in new tabs', async ({
    page,
  }) => {
    await page.goto('/symposium');
    await page.getByRole('link', { name: 'View Symposium 2022' }).click();
    await expect(page).toHaveURL(/\/symposium-2022$/);
    await page.goBack();
    await expect(page.getByRole('link', { name: 'View Symposium 2023' })).toHaveAttribute('href', '/symposium-2023');
    await expectNewTabLink(page, 'Symposium 2024', site.externalLinks.symposium2024);
    await expectNewTabLink(page, 'Conference', site.externalLinks.conference);
    // The navigation's copies of these links open in a new tab too.
    for (const href of [site.externalLinks.symposium2024, site.externalLinks.conference]) {
      const navLink = page.locator(`header a[href="${href}"]`).first();
      await expect(navLink).toHaveAttribute('target', '_blank');
      await expect(navLink).toHaveAttribute('rel', /noopener/);
    }
  });

  for (const year of [2022, 2023]) {
    test(`/symposium-${year}: call for abstracts, program committee roles and the TPC list`, async ({ page }) => {
      await page.goto(`/symposium-${year}`);
      await expect(page.getByRole('heading', { level: 2, name: 'Call for Abstracts' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Call for Abstracts' })).toContainText('invites');
      const committee = page.locator('[data-program-committee]');
      await expect(committee.locator('dt').first()).toHaveText(/Chair/);
      expect(await committee.locator('dt').count()).toBeGreaterThanOrEqual(4);
      expect(await committee.locator('dd').count()).toBeGreaterThan(await committee.locator('dt').count());
      await expect(page.getByRole('heading', { level: 2, name: 'Technical Program Committee' })).toBeVisible();
      expect(await page.locator('[data-tpc] li').count()).toBeGreaterThanOrEqual(8);
    });
  }

  test('/xtreme-17-0: the section ambassadors table has 27 rows', async ({ page }) => {
    await page.goto('/xtreme-17-0');
    const table = page.getByRole('table', { name: 'IEEEXtreme 17.0 section ambassadors' });
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'University', 'Email']);
    await expect(table.locator('tbody tr')).toHaveCount(27);
    await expect(table.locator('tbody tr').first().getByRole('link')).toHaveAttribute('href', /^mailto:.+@/);
  });

  test('/xtreme-18-0: what it is and how to take part', async ({ page }) => {
    await page.goto('/xtreme-18-0');
    await expect(page.getByRole('heading', { name: 'How to take part' })).toBeVisible();
    await expect(page.getByText('24 hours, online')).toBeVisible();
    await expectNewTabLink(page, 'Register your team', 'https://ieeextreme.org');
  });

  test('/application-for-technical-cosponsorship embeds the form lazily at height 1000', async ({ page }) => {
    await stubExternalForm(page);
    await page.goto('/application-for-technical-cosponsorship');
    const frame = page.locator('iframe');
    await expect(frame).toHaveAttribute('src', site.externalLinks.cosponsorshipForm);
    await expect(frame).toHaveAttribute('height', '1000');
    await expect(frame).toHaveAttribute('loading', 'lazy');
    await expect(frame).toHaveAttribute('title', /co-sponsorship/i);
    expect(await frame.evaluate((el) => el.getBoundingClientRect().height)).toBe(1000);
    await expectNewTabLink(page, 'Open it in a new tab', site.externalLinks.cosponsorshipForm);
  });

  test('/countdown shows zeros for days, hours, mins and secs once 27 Jan 2025 has passed', async ({ page }) => {
    await page.goto('/countdown');
    await expect(page.getByText('Counting down to 27 January 2025')).toBeVisible();
    const units = page.locator('[data-countdown] > li');
    await expect(units).toHaveText(['00Days', '00Hours', '00Mins', '00Secs']);
  });
});
