import type { Page } from '@playwright/test';
import { sampleData } from '../../src/server/db/sample-data/data.ts';
import { securityHeaders } from '../../src/server/http/security-headers.ts';
import { signInAs, waitForIslands } from './dashboard-helpers.ts';
import { expect, test } from './fixtures.ts';

/**
 * Scripts run under hashes, not 'unsafe-inline'. Every kind of page, static and
 * on demand, is loaded in Chromium with its real Content-Security-Policy and reports no violation
 * (the page's `securitypolicyviolation` events and the console's CSP messages); an inline script that
 * is not one of the site's own is blocked.
 */
test.use({ sampleData: true });
// Some twenty pages, each loaded with all it hydrates, on a shared 2-core machine.
test.describe.configure({ timeout: 300_000 });

declare global {
  interface Window {
    cspViolations: string[];
    injectedRan?: boolean;
  }
}

const CSP = securityHeaders['Content-Security-Policy']!;

/** Records every CSP violation of the page from its first script on. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.cspViolations.push(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      ),
    );
  });
  const console: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) console.push(msg.text());
  });
  return console;
}

/** Loads a page and everything it hydrates: each island is scrolled into view, so those waiting to be visible wake up. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response!.headers()['content-security-policy'], path).toBe(CSP);
  for (const island of await page.$$('astro-island[ssr]')) await island.scrollIntoViewIfNeeded().catch(() => {});
  await waitForIslands(page);
  await page.waitForLoadState('load');
  return page.evaluate(() => window.cspViolations);
}

const chapter = sampleData.chapters.find((c) => c.info && c.events.length > 0)!;

test.describe('Content-Security-Policy', () => {
  test('no page type breaks it: static, islands, on-demand, the dashboard and the site search', async ({
    page,
    request,
  }) => {
    const { events } = (await (await request.get('/api/v1/events')).json()) as { events: { _id: string }[] };
    // A blog post and its author, as the blog list links them.
    await page.goto('/blogs');
    await waitForIslands(page);
    const postPath = await page.locator('main a[href^="/blogs/"]').first().getAttribute('href');
    const authorPath = await page.locator('main a[href^="/author/"]').first().getAttribute('href');
    expect(postPath && authorPath).toBeTruthy();

    const pages = [
      '/', // islands (client:visible, client:idle), the hero's module scripts
      '/about', // a static information page
      '/excom-25', // a roster from files
      '/spark-24', // a roster from the member list, on demand
      '/events', // the events island
      `/events/${events[0]!._id}`, // on demand
      `/chapter/${chapter.slug}`, // on demand, with the slider and the video facade
      '/blogs',
      postPath!, // on demand
      authorPath!, // on demand
      '/humans-of-ieee-cs-bdc',
      '/contact',
      '/login',
      '/no-such-page', // the 404 page
    ];
    const violations: Record<string, string[]> = {};
    const consoleMessages = await recordViolations(page);
    for (const path of pages) violations[path] = await visit(page, path);

    // The site search: Pagefind's module and its WebAssembly.
    await page.goto('/');
    await page
      .getByRole('button', { name: /search/i })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Search the site' });
    await dialog.getByRole('searchbox').fill('chair');
    await expect(dialog.getByRole('status')).toContainText('for “chair”');
    violations['site search'] = await page.evaluate(() => window.cspViolations);

    // The dashboard, signed in.
    await signInAs(page);
    for (const path of ['/dashboard', '/dashboard/events', '/dashboard/settings', '/dashboard/add-new-event']) {
      violations[path] = await visit(page, path);
    }
    // The check-in page registers its service worker (worker-src falls back to script-src 'self'), which keeps the page.
    const checkIn = `/dashboard/events/${events[0]!._id}/check-in`;
    await visit(page, checkIn);
    await expect(page.getByText('This page also opens without a network on this device.')).toBeVisible();
    violations[checkIn] = await page.evaluate(() => window.cspViolations);

    expect(violations).toEqual(Object.fromEntries(Object.keys(violations).map((path) => [path, []])));
    expect(consoleMessages).toEqual([]);
  });

  test('blocks an inline script that is not the site’s own, in the served HTML and added later', async ({
    page,
    consoleErrors,
  }) => {
    // As if a stored script had reached the HTML: the page as served, with one more inline script.
    await page.route('**/about', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('</head>', '<script>window.injectedRan = true</script></head>');
      await route.fulfill({ response, body: html });
    });
    await recordViolations(page);
    await page.goto('/about');
    expect(await page.evaluate(() => window.injectedRan)).toBeUndefined();
    // The site's own inline script ran: the theme is set.
    await expect(page.locator('html')).toHaveAttribute('data-theme', /system|light|dark/);

    // And one a script adds to the page.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedRan = true';
      document.body.append(script);
    });
    expect(await page.evaluate(() => window.injectedRan)).toBeUndefined();
    const violations = await page.evaluate(() => window.cspViolations);
    expect(violations).toHaveLength(2);
    for (const violation of violations) expect(violation).toMatch(/^script-src(-elem)? blocked inline/);
    // Chromium reports each on the console; that is the policy working.
    const refused = consoleErrors.filter((e) => /Content Security Policy/.test(e));
    expect(refused).toHaveLength(2);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !refused.includes(e)));
  });
});
