import type { APIRequestContext, Page } from '@playwright/test';
import type { ChapterInfo } from '../../src/lib/types.ts';
import { parseCalendar } from '../support/parse-feeds.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { test, expect } from './fixtures.ts';
import { adminToken, apiCall, createEvent, createExcom, deleteAllEvents, deleteAllExcom } from './live-data.ts';

const HOME = { slug: 'ieee-cs-bdc', name: 'IEEE Computer Society Bangladesh Chapter' };
const INFO = {
  logo: '/logo.svg',
  shortDescription: 'Connecting computing students and professionals across Bangladesh.',
  websiteUrl: 'https://ieeecsbdc.example.org',
  facebookUrl: 'https://facebook.com/ieeecsbdc',
  linkedinUrl: 'https://linkedin.com/company/ieeecsbdc',
  aboutUs: 'We run seminars and workshops.\nWe mentor student branches.',
  videoUrl: 'https://www.youtube.com/watch?v=abcDEF12345&t=10',
};

/** The admin's own chapter gets the landing info above (created, or updated when it exists). */
async function writeHomeLanding(request: APIRequestContext, token: string) {
  const { chapter } = await apiCall<{ chapter: ChapterInfo | null }>(request, token, 'get', '/chapters');
  if (chapter) await apiCall(request, token, 'put', `/chapters/${chapter._id}`, INFO);
  else await apiCall(request, token, 'post', '/chapters', INFO);
}

/** The player is a third-party frame; offline, answer it with an empty page. */
async function stubYouTube(page: Page) {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
}

/** The server renders the player's button; it works once its island has hydrated (Astro drops `ssr`). */
async function videoHydrated(page: Page) {
  const island = page.locator('astro-island', { has: page.getByRole('button', { name: /^Play video/ }) });
  await expect(island).not.toHaveAttribute('ssr');
}

test.describe('/chapter/{slug}', () => {
  test.beforeEach(async ({ request, baseURL }) => {
    const token = await adminToken(request, baseURL!);
    await deleteAllEvents(request, token);
    await deleteAllExcom(request, token);
  });

  test('shows the landing page with events and the executive committee', async ({ page, request, baseURL }) => {
    const token = await adminToken(request, baseURL!);
    await writeHomeLanding(request, token);
    await createEvent(request, token, { title: 'Spring Workshop', eventDate: '2026-03-01' });
    await createEvent(request, token, { title: 'Autumn Seminar', eventDate: '2026-10-01' });
    await createExcom(request, token, {
      name: 'Ayesha Rahman',
      designation: 'Chair',
      affiliation: 'BUET',
      image: '/og-default.png',
      email: 'ayesha@example.org',
    });
    await stubYouTube(page);

    await page.goto(`/chapter/${HOME.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: HOME.name })).toBeVisible();
    // The home chapter is the site itself: its name is not repeated as "{name} | {site}".
    await expect(page).toHaveTitle(HOME.name);
    await expect(page.getByText(INFO.shortDescription)).toBeVisible();
    const links = page.getByRole('list', { name: 'Links' });
    await expect(links.getByRole('link', { name: /Facebook/ })).toHaveAttribute('href', INFO.facebookUrl);
    await expect(links.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute('href', INFO.linkedinUrl);
    await expect(links.getByRole('link', { name: /Website/ })).toHaveAttribute('href', INFO.websiteUrl);
    await expect(links.getByRole('link', { name: /E-mail/ })).toHaveAttribute('href', 'mailto:admin@e2e.example');
    for (const link of await links.locator('a[href^="http"]').all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(page.getByRole('img', { name: `Logo of ${HOME.name}` })).toHaveAttribute('src', '/logo.svg');

    // About Us: the player loads only when asked, with the id after v=.
    await expect(page.getByRole('heading', { name: 'About Us' })).toBeVisible();
    await expect(page.getByText('We mentor student branches.')).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    await videoHydrated(page);
    await page.getByRole('button', { name: `Play video: About ${HOME.name}` }).click();
    await expect(page.locator('iframe')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/abcDEF12345?autoplay=1&rel=0',
    );

    const stats = page.getByRole('region', { name: 'Chapter in numbers' });
    await expect(stats).toContainText('43+');
    await expect(stats).toContainText('Members');
    await expect(stats).toContainText('24+');
    await expect(stats).toContainText('Events');
    await expect(stats).toContainText('6+');
    await expect(stats).toContainText('Workshops');

    // "What we have done": a slider hydrated near the viewport, one slide per view, clickable pagination.
    const done = page.getByRole('region', { name: 'What we have done' });
    await done.scrollIntoViewIfNeeded();
    await expect(done.locator('.swiper-slide')).toHaveCount(2);
    const bullets = done.locator('.swiper-pagination-bullet');
    await expect(bullets).toHaveCount(2);
    await expect(done.locator('.swiper-slide-active')).toContainText('Autumn Seminar');
    await bullets.nth(1).click();
    await expect(done.locator('.swiper-slide-active')).toContainText('Spring Workshop');
    const gap = await done
      .locator('.swiper-slide')
      .first()
      .evaluate((el) => getComputedStyle(el).marginRight);
    expect(gap).toBe('30px');

    const excom = page.getByRole('region', { name: 'Our Executive Committee' });
    await expect(excom.getByRole('heading', { name: 'Ayesha Rahman' })).toBeVisible();
    await expect(excom).toContainText('Chair');
    await expect(excom).toContainText('BUET');
    await expect(excom.getByRole('link', { name: 'ayesha@example.org' })).toHaveAttribute(
      'href',
      'mailto:ayesha@example.org',
    );

    await expectNoSeriousA11yViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousA11yViolations(page, { coloursOnly: true });
  });

  test("links the chapter's own calendar (webcal:// and download) and feed", async ({ page, request, baseURL }) => {
    const token = await adminToken(request, baseURL!);
    const event = await createEvent(request, token, { title: 'Chapter Feed Talk', eventDate: '2099-06-01' });
    await page.goto(`/chapter/${HOME.slug}`);
    const done = page.getByRole('region', { name: 'What we have done' });
    const host = new URL(baseURL!).host;
    const calendar = `/api/v1/events.ics?chapter=${HOME.slug}`;
    await expect(done.getByRole('link', { name: `Subscribe in your calendar to ${HOME.name} events` })).toHaveAttribute(
      'href',
      `webcal://${host}${calendar}`,
    );
    const download = done.getByRole('link', { name: `Download .ics of ${HOME.name} events` });
    await expect(download).toHaveAttribute('href', `${baseURL}${calendar}`);
    await expect(download).toHaveAttribute('download', '');
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      'href',
      `${baseURL}/api/v1/events.rss?chapter=${HOME.slug}`,
    );

    // The download is a real calendar of the chapter's events.
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe(`${HOME.slug}-events.ics`);
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const parsed = parseCalendar(Buffer.concat(chunks).toString('utf8'));
    expect(parsed.name).toBe(`${HOME.name} events`);
    expect(parsed.events.map((e) => e.uid)).toEqual([`${event._id}@ieeecsbdc.org`]);
  });

  test('a chapter without landing info shows its name, the default video and both empty states', async ({
    page,
    request,
    baseURL,
  }) => {
    const token = await adminToken(request, baseURL!);
    const res = await request.post('/api/v1/users', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        name: 'Bare Chapter',
        email: 'bare@e2e.example',
        password: 'bare-chapter-pw',
        phone: '01700000000',
        slug: 'bare-chapter',
      },
    });
    expect([201, 409]).toContain(res.status());
    await stubYouTube(page);

    await page.goto('/chapter/bare-chapter');
    await expect(page.getByRole('heading', { level: 1, name: 'Bare Chapter' })).toBeVisible();
    const links = page.getByRole('list', { name: 'Links' });
    await expect(links.getByRole('link')).toHaveCount(1);
    await expect(links.getByRole('link', { name: /E-mail/ })).toHaveAttribute('href', 'mailto:bare@e2e.example');
    await expect(page.getByRole('img', { name: /Logo of/ })).toHaveCount(0);
    await videoHydrated(page);
    await page.getByRole('button', { name: /Play video/ }).click();
    const { DEFAULT_VIDEO_ID } = await import('../../src/islands/chapter/youtube.ts');
    await expect(page.locator('iframe')).toHaveAttribute('src', new RegExp(`/embed/${DEFAULT_VIDEO_ID}\\?`));
    await expect(page.getByText('No Event Found')).toBeVisible();
    await expect(page.getByText('No Executive Committee Found')).toBeVisible();
  });

  test('answers 404 with the not-found page for an unknown chapter', async ({ page }) => {
    const response = await page.goto('/chapter/no-such-chapter');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText("Sorry, we couldn't find the page you're looking for.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    await expect(page).toHaveTitle(/^Page not found \|/);
  });

  test('answers 404 when the address spells the slug differently', async ({ page }) => {
    // The repository finds chapters case-insensitively; the page only answers to its exact slug.
    const response = await page.goto(`/chapter/${HOME.slug.toUpperCase()}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: HOME.name })).toHaveCount(0);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the served page already shows every section and the first event of the slider', async ({
      page,
      request,
      baseURL,
    }) => {
      const token = await adminToken(request, baseURL!);
      await writeHomeLanding(request, token);
      await createEvent(request, token, { title: 'Spring Workshop', eventDate: '2026-03-01' });
      await createEvent(request, token, { title: 'Autumn Seminar', eventDate: '2026-10-01' });
      await createExcom(request, token, {
        name: 'Ayesha Rahman',
        designation: 'Chair',
        affiliation: 'BUET',
        image: '/og-default.png',
        email: 'ayesha@example.org',
      });

      await page.goto(`/chapter/${HOME.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: HOME.name })).toBeVisible();
      await expect(page.getByRole('button', { name: `Play video: About ${HOME.name}` })).toBeVisible();
      const done = page.getByRole('region', { name: 'What we have done' });
      await done.scrollIntoViewIfNeeded();
      // Before Swiper runs, the first slide fills the slider and the next one is clipped out of view.
      await expect(done.getByRole('link', { name: 'Autumn Seminar' })).toBeInViewport();
      await expect(done.getByRole('link', { name: 'Spring Workshop' })).not.toBeInViewport();
      const excom = page.getByRole('region', { name: 'Our Executive Committee' });
      await expect(excom.getByRole('heading', { name: 'Ayesha Rahman' })).toBeVisible();
    });
  });
});
