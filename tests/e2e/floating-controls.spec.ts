import type { Page } from '@playwright/test';
import { DEFAULT_REGISTRATION_SETTINGS } from '../../src/lib/schemas/registration.schema.ts';
import { apiLogin, signInAs, unique, waitForIslands } from './dashboard-helpers.ts';
import { expect, test } from './fixtures.ts';
import { createEvent } from './live-data.ts';

/**
 * At 375 px nothing that floats over the page (the scroll-to-top button, the event page's Register Now
 * bar, the header) may cover a form field or its label. Each form page is scrolled through from top to
 * bottom, a third of the screen at a time; at every stop each field and label wholly on screen is probed
 * with document.elementFromPoint at its corners and along its edges: the element found must be the field
 * itself, something inside it, or its label (and for a label, its own field).
 */

/** Waits until the scroll has been handled (two frames) and the header's slide has finished. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
}

/** Brings the last form into view (an island hydrated when visible starts then), waits for every island. */
async function hydrate(page: Page) {
  await page.locator('form').last().scrollIntoViewIfNeeded();
  await waitForIslands(page);
  await page.evaluate(() => scrollTo({ top: 0, behavior: 'instant' }));
}

/** The probe: every field and label on screen that something else covers, and by what. */
function coveredNow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const name = (el: Element | null) => {
      if (!el) return 'nothing';
      const id = el.id ? `#${el.id}` : '';
      const data = [...el.attributes].find((a) => a.name.startsWith('data-'))?.name;
      const text = (el.textContent ?? '').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}${data ? ` ${data}` : ''}> "${text}"`;
    };
    const fields = [
      ...document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
        'input:not([type="hidden"]), select, textarea',
      ),
    ];
    const targets = new Map<Element, Element[]>();
    for (const field of fields) {
      const labels = [...(field.labels ?? [])];
      targets.set(field, labels);
      for (const label of labels) targets.set(label, [field]);
    }
    const problems: string[] = [];
    for (const [el, partners] of targets) {
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const style = getComputedStyle(el);
      for (const r of el.getClientRects()) {
        // Visually hidden (sr-only, the honeypot off screen) or not wholly on screen: nothing to see.
        if (r.width < 4 || r.height < 4) continue;
        if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) continue;
        // Points inside the rounded corners: a round corner's tip is not the element's.
        const radius = Math.min(Number.parseFloat(style.borderTopLeftRadius) || 0, r.width / 2, r.height / 2);
        const inset = Math.ceil(radius * 0.3) + 2;
        const xs = [r.left + inset, r.right - inset];
        for (let x = r.left + 16; x < r.right - inset; x += 16) xs.push(x);
        const ys = [r.top + inset, r.top + r.height / 2, r.bottom - inset];
        for (const x of xs) {
          for (const y of ys) {
            const hit = document.elementFromPoint(x, y);
            const own = hit !== null && (el.contains(hit) || partners.some((p) => p.contains(hit)));
            if (!own) problems.push(`${name(el)} at (${Math.round(x)}, ${Math.round(y)}) is under ${name(hit)}`);
          }
        }
      }
    }
    return [...new Set(problems)];
  });
}

/** Scrolls the page from top to bottom, probing at each stop; what was covered, with the scroll position. */
async function scrollThrough(page: Page): Promise<{ stops: number; covered: string[] }> {
  const covered: string[] = [];
  let stops = 0;
  const { height, step } = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight - innerHeight,
    step: Math.floor(innerHeight / 3),
  }));
  for (let y = 0; ; y += step) {
    const top = Math.min(y, height);
    await page.evaluate((to) => scrollTo({ top: to, behavior: 'instant' }), top);
    await settle(page);
    stops += 1;
    for (const problem of await coveredNow(page)) covered.push(`scrolled to ${top}: ${problem}`);
    if (top >= height) break;
  }
  return { stops, covered };
}

/** The page at 375 px, its islands hydrated, scrolled through: no field or label covered, the button used. */
async function expectNothingCovers(page: Page, path: string, formName: string | RegExp) {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto(path);
  await hydrate(page);
  await expect(page.getByRole('textbox').first()).toBeVisible();
  expect(await page.locator('form').count(), `${path}: a form`).toBeGreaterThan(0);
  const { stops, covered } = await scrollThrough(page);
  expect(stops, `${path}: scrolled through`).toBeGreaterThan(1);
  expect(covered, `${path} (${String(formName)})`).toEqual([]);
}

/** What the scroll-to-top button covers while it shows: words and pictures under its square. */
function coveredByButton(page: Page): Promise<{ shown: boolean; covered: string[] }> {
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('[data-scroll-top]')!;
    if (!button.checkVisibility({ visibilityProperty: true })) return { shown: false, covered: [] };
    const b = button.getBoundingClientRect();
    const meets = (r: DOMRect) =>
      r.width > 0 && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
    const covered: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || button.contains(node)) continue;
      const parent = node.parentElement!;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      // Screen-reader-only text is clipped to nothing: not seen.
      if (getComputedStyle(parent).clipPath !== 'none' || getComputedStyle(parent).clip.startsWith('rect')) continue;
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some(meets)) covered.push(`text "${node.textContent.trim().slice(0, 40)}"`);
    }
    for (const img of document.querySelectorAll('img, svg:not([aria-hidden="true"])')) {
      if (button.contains(img) || !img.checkVisibility({ visibilityProperty: true })) continue;
      if (meets(img.getBoundingClientRect()))
        covered.push(`<${img.tagName.toLowerCase()}> ${img.getAttribute('alt') ?? ''}`);
    }
    return { shown: true, covered };
  });
}

test.describe('floating controls at 375 px', () => {
  test('the scroll-to-top button covers no words or pictures: the events list, a text page, the footer', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request);
    for (const n of [1, 2, 3])
      await createEvent(request, token, {
        title: unique(`Card Covering Workshop ${n}`),
        eventDate: '2030-05-2' + n,
        location: 'Auditorium of the Department of Computer Science and Engineering, BUET, Dhaka',
      });
    await page.setViewportSize({ width: 375, height: 667 });
    for (const path of ['/events', '/about']) {
      await page.goto(path);
      await waitForIslands(page);
      const { height, step } = await page.evaluate(() => ({
        height: document.documentElement.scrollHeight - innerHeight,
        step: Math.floor(innerHeight / 5),
      }));
      let shownAt = 0;
      const problems: string[] = [];
      for (let y = 0; ; y += step) {
        const at = Math.min(y, height);
        await page.evaluate((to) => scrollTo({ top: to, behavior: 'instant' }), at);
        await settle(page);
        const { shown, covered } = await coveredByButton(page);
        if (shown) shownAt += 1;
        for (const what of covered) problems.push(`${path} scrolled to ${at}: ${what}`);
        if (at >= height) break;
      }
      expect(problems).toEqual([]);
      // At the foot of the page it rests below the last line, in sight.
      expect((await coveredByButton(page)).shown, `${path}: the button at the foot of the page`).toBe(true);
      expect(shownAt).toBeGreaterThan(0);
    }
  });

  test('the event page’s registration form: every field, label and the consent line stay clear', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request);
    const event = await createEvent(request, token, {
      title: unique('Clear Form Workshop'),
      eventDate: '2030-05-20',
      registration: { ...DEFAULT_REGISTRATION_SETTINGS, mode: 'site', capacity: 20 },
    });
    await expectNothingCovers(page, `/events/${event.id}`, 'registration form');
    // The scroll-to-top button is still there for the rest of the page: at the bottom, below the form.
    await page.evaluate(() => scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await settle(page);
    const toTop = page.getByRole('button', { name: 'Scroll to top' });
    const formBottom = await page
      .locator('#register form[action$="/register"]')
      .evaluate((f) => f.getBoundingClientRect().bottom);
    const buttonTop = await page.locator('[data-scroll-top]').evaluate((b) => b.getBoundingClientRect().top);
    // Either the form has scrolled above the button and it is back, or it still steps aside.
    if (formBottom < buttonTop - 8) await expect(toTop).toBeVisible();
    else await expect(toTop).toBeHidden();
  });

  test('the scroll-to-top button steps aside over a form and comes back past it', async ({ page, request }) => {
    const token = await apiLogin(request);
    const event = await createEvent(request, token, {
      title: unique('Aside Workshop'),
      eventDate: '2030-05-20',
      // A long description: the form starts well below the first screens.
      description: Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} of what the day holds.`).join('\n'),
      registration: { ...DEFAULT_REGISTRATION_SETTINGS, mode: 'site', capacity: 20 },
    });
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(`/events/${event.id}`);
    await hydrate(page);
    const toTop = page.getByRole('button', { name: 'Scroll to top' });
    // Past 300 px, above the form: the button shows.
    await page.evaluate(() => scrollTo({ top: 400, behavior: 'instant' }));
    await settle(page);
    expect(
      await page.locator('#register form[action$="/register"]').evaluate((f) => f.getBoundingClientRect().top),
    ).toBeGreaterThan(667);
    await expect(toTop).toBeVisible();
    // The form's consent line brought to the bottom of the screen, where the button sits: it steps aside.
    await page.getByLabel(/I agree that the chapter uses these details/).evaluate((el) => {
      el.scrollIntoView({ block: 'end', behavior: 'instant' });
    });
    await settle(page);
    await expect(toTop).toBeHidden();
  });

  test('the contact form', async ({ page }) => {
    await expectNothingCovers(page, '/contact', 'contact form');
  });

  test('the sign-in form', async ({ page }) => {
    await expectNothingCovers(page, '/login', 'sign-in form');
  });

  test('the dashboard’s forms: add an event, settings', async ({ page }) => {
    await signInAs(page);
    await expectNothingCovers(page, '/dashboard/add-new-event', 'event form');
    await expectNothingCovers(page, '/dashboard/settings', 'settings');
  });
});
