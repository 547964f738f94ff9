import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { adminToken, createEvent, createHuman, deleteAllEvents } from './live-data.ts';

/** Lighthouse's mobile screen and the desktop one the other tests use: the hero stacks on the first. */
const VIEWPORTS = [
  { name: 'mobile', width: 412, height: 823 },
  { name: 'desktop', width: 1280, height: 720 },
] as const;

const HERO_TITLE = 'Empowering the Future of Computer Science';
const TYPING_STEP_MS = 60; // the spec's typing and reshuffle pace
const MOSAIC_INTERVAL_MS = 3000;

declare global {
  interface Window {
    layoutShifts: { value: number; startTime: number; sources: string }[];
    layoutShiftObserver: PerformanceObserver;
    realAnimationFrame: typeof requestAnimationFrame;
    /** When the second frame after the HTML was parsed began (the page's own clock may be fake). */
    parsedPagePainted?: number;
  }
}

/**
 * Records every layout shift of the page from its first frame (buffered), with what moved. Added
 * before the fake clock is installed, so it keeps the browser's real requestAnimationFrame to wait
 * for frames with: shifts are found when a frame is rendered, whatever the page's clock says.
 */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    window.layoutShifts = [];
    window.realAnimationFrame = window.requestAnimationFrame.bind(window);
    const record = (entries: PerformanceEntryList) => {
      for (const entry of entries as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        // As the CLS metric: shifts right after user input are expected, the test gives none anyway.
        if (entry.hadRecentInput) continue;
        const sources = entry.sources
          .map(({ node, previousRect: was, currentRect: now }) => {
            const name = node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : node?.nodeName;
            return `${name} (${was.x},${was.y} ${was.width}x${was.height} -> ${now.x},${now.y} ${now.width}x${now.height})`;
          })
          .join(', ');
        window.layoutShifts.push({ value: entry.value, startTime: entry.startTime, sources });
      }
    };
    window.layoutShiftObserver = new PerformanceObserver((list) => record(list.getEntries()));
    window.layoutShiftObserver.observe({ type: 'layout-shift', buffered: true });
    // The first frame painted from the whole parsed HTML: see layoutShifts.
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      window.realAnimationFrame(() => window.realAnimationFrame((frame) => (window.parsedPagePainted = frame)));
    });
  });
}

/**
 * The shifts so far, after two real frames (the second renders whatever the last step changed),
 * counted from the first frame painted from the whole parsed HTML. On a busy machine Chromium's
 * parser yields and paints a half-parsed page (seen: the mosaic with one of its two rows), and the
 * next frame "shifts" whatever the layout; what is judged here is the page as its HTML lays it out,
 * then its hydration and animations (islands hydrate only after that frame: client:visible waits
 * for an intersection observed in a rendered frame).
 */
async function layoutShifts(page: Page) {
  return page.evaluate(async () => {
    const painted = () => window.parsedPagePainted;
    for (let frame = 0; frame < 2 || painted() === undefined; frame++) {
      await new Promise((resolve) => window.realAnimationFrame(resolve));
    }
    window.layoutShifts.push(
      ...window.layoutShiftObserver.takeRecords().map((entry) => ({
        value: (entry as PerformanceEntry & { value: number }).value,
        startTime: entry.startTime,
        sources: '(late)',
      })),
    );
    const from = painted() ?? 0;
    return window.layoutShifts
      .filter((shift) => shift.startTime >= from)
      .map(({ value, sources }) => ({ value, sources }));
  });
}

const cumulative = (shifts: { value: number }[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);

/**
 * Proves the recording sees shifts on this page: pushes the main content down by a tall block and
 * expects a shift (a test of "no shift" that could not see one would pass on anything).
 */
async function expectAShiftToBeSeen(page: Page) {
  const before = cumulative(await layoutShifts(page));
  await page.evaluate(() => {
    const block = document.createElement('div');
    block.style.height = '200px';
    document.querySelector('main')?.prepend(block);
  });
  expect(cumulative(await layoutShifts(page))).toBeGreaterThan(before);
}

/** Resolves once the hero's script has taken over `selector` (the typing title, the mosaic). */
async function started(page: Page, selector: string) {
  await page.waitForFunction((s) => document.querySelector(`${s}[data-started]`) !== null, selector);
}

for (const viewport of VIEWPORTS) {
  test.describe(`no layout shift on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('home: load, hydration, the typed title and a mosaic reshuffle move nothing', async ({ page }) => {
      await recordLayoutShifts(page);
      // The page's timers run only when the test moves its clock, so every step below is seen.
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      await page.goto('/');
      await started(page, 'h1');
      await started(page, '[data-mosaic]');
      const typed = page.locator('[data-typed]');
      let letters = 0;
      for (const next of [1, 2, 10, 25]) {
        await page.clock.runFor(TYPING_STEP_MS * (next - letters));
        letters = next;
        await expect(typed).toHaveText(HERO_TITLE.slice(0, letters));
        expect(await layoutShifts(page), `after ${letters} letters`).toEqual([]);
      }
      await page.clock.runFor(TYPING_STEP_MS * HERO_TITLE.length);
      await expect(typed).toHaveText(HERO_TITLE);
      const order = () =>
        page.locator('[data-mosaic] img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')).join());
      const first = await order();
      await page.clock.runFor(MOSAIC_INTERVAL_MS);
      await expect.poll(order).not.toBe(first);
      expect(await layoutShifts(page), 'after the title and a reshuffle').toEqual([]);
      await expectAShiftToBeSeen(page);
    });

    // The lists come in the served HTML: nothing replaces a placeholder, nothing arrives later.
    test('/events: the page and its lists move nothing as they load', async ({ page, request, baseURL }) => {
      const token = await adminToken(request, baseURL!);
      await deleteAllEvents(request, token);
      await createEvent(request, token, { title: 'Shift-free Workshop', eventDate: '2099-01-10' });
      await createEvent(request, token, { title: 'Past Seminar', eventDate: '2024-01-10' });
      await recordLayoutShifts(page);
      await page.goto('/events');
      // The upcoming event in both lists, the past one in "All Events".
      await expect(page.getByRole('article')).toHaveCount(3);
      await page.waitForLoadState('load');
      expect(await layoutShifts(page)).toEqual([]);
      await expectAShiftToBeSeen(page);
    });
  });
}

/**
 * A page painted while its HTML still arrives: cut off inside the desktop menu (some 18 KB of HTML, past
 * the first packets), the header shows its logo and holds back the part of the menu it has and the
 * buttons not yet parsed, which would otherwise move as the rest arrives (seen once on a busy machine).
 */
test('a header bar cut off in its menu shows the logo alone; the menu and buttons show once whole', async ({
  page,
  request,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const html = await (await request.get('/about')).text();
  const cut = html.slice(0, html.indexOf('</nav>'));
  await page.route(`${baseURL}/cut-in-the-menu`, (route) => route.fulfill({ contentType: 'text/html', body: cut }));
  await page.goto('/cut-in-the-menu');
  const bar = page.locator('[data-header-bar]');
  await expect(bar.getByRole('link', { name: 'IEEE CS BDC home' })).toBeVisible();
  await expect(bar.locator('nav')).toBeAttached();
  await expect(bar.locator('nav')).toBeHidden();

  await page.goto('/about');
  // The desktop menu (the phone's, also in the bar, stays closed).
  const menu = bar.locator('nav:not(#mobile-menu)');
  await expect(menu).toBeVisible();
  await expect(bar.locator('[data-menu-button]')).toBeHidden(); // a phone's button, on a desktop
  await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
});

/** An image the browser may show as the largest paint of its page must not wait to be scrolled near. */
test.describe('largest-paint candidates load at once', () => {
  test('the first hero mosaic picture', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-mosaic] img').first()).not.toHaveAttribute('loading', 'lazy');
  });

  test('the event page banner, fetched first', async ({ page, request, baseURL }) => {
    const event = await createEvent(request, await adminToken(request, baseURL!), { title: 'Banner Event' });
    await page.goto(`/events/${event._id}`);
    const banner = page.getByRole('img', { name: 'Banner of Banner Event' });
    await expect(banner).not.toHaveAttribute('loading', 'lazy');
    await expect(banner).toHaveAttribute('fetchpriority', 'high');
  });

  test('the first blog cover, named by the served HTML and fetched first', async ({ request }) => {
    const html = await (await request.get('/blogs')).text();
    const covers = [...html.matchAll(/<img\b[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => tag.includes('/blog/covers/'));
    expect(covers.length).toBeGreaterThan(1);
    expect(covers[0]).toMatch(/ fetchpriority="high"/i); // attribute names are case-insensitive
    expect(covers[0]).not.toContain('loading="lazy"');
    expect(covers[1]).toContain('loading="lazy"');
  });

  test('the first event card on /events, fetched first; the cards after it wait', async ({
    page,
    request,
    baseURL,
  }) => {
    const token = await adminToken(request, baseURL!);
    await deleteAllEvents(request, token);
    await createEvent(request, token, { title: 'Soonest Event', eventDate: '2099-01-10' });
    await createEvent(request, token, { title: 'Later Event', eventDate: '2099-02-10' });
    await page.goto('/events');
    // Both upcoming events, in "Upcoming Events" and again in "All Events".
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(4);
    const first = cards.first().locator('img');
    await expect(first).not.toHaveAttribute('loading', 'lazy');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(cards.last().locator('img')).toHaveAttribute('loading', 'lazy');
  });
});

/**
 * The lists that paint the first screen have their API answer requested by the HTML (a preload), and
 * the island takes that answer rather than asking again.
 */
test.describe('list answers preloaded by the page', () => {
  // (/events and /blogs render their lists on the server and ask the API for nothing.)
  const lists = [
    {
      path: '/humans-of-ieee-cs-bdc',
      apis: ['/api/v1/humans'],
      loaded: (page: Page) => page.getByRole('button', { name: 'Preload Human' }).first(),
      seed: async (request: APIRequestContext, token: string) =>
        createHuman(request, token, { name: 'Preload Human', image: '/og-default.png', description: 'Story.' }),
    },
  ];
  for (const { path, apis, loaded, seed } of lists) {
    test(`${path} asks for ${apis.join(' and ')} once`, async ({ page, request, baseURL }) => {
      await seed?.(request, await adminToken(request, baseURL!));
      const asked: string[] = [];
      page.on('request', (req) => {
        const url = new URL(req.url());
        if (apis.includes(url.pathname + url.search)) asked.push(url.pathname + url.search);
      });
      await page.goto(path);
      for (const api of apis)
        await expect(page.locator(`link[rel="preload"][href="${api}"]`)).toHaveAttribute('as', 'fetch');
      await expect(loaded(page)).toBeVisible();
      expect(asked.sort()).toEqual([...apis].sort());
    });
  }
});
