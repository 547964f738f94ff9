import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { ADMIN, expect, test } from './fixtures.ts';
import {
  allowHttpErrors,
  apiLogin,
  bearer,
  contactFormFrom,
  createChapter,
  stubMap,
  toastWith,
  waitForIslands,
} from './dashboard-helpers.ts';
import { BASE_EVENT, adminToken, createEvent } from './live-data.ts';

/**
 * The public site as visitors and staff meet it, at a desktop's and a phone's width: the contact form's
 * reasons, the event page's order and its Register Now on a phone, signing in before the page is
 * ready, the blog's tag filter on a phone, the theme button's first press and the chapter slider.
 */

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const;

/** The map is a Google frame; offline, answer it with an empty page so nothing fails to load. */
for (const viewport of VIEWPORTS) {
  const phone = viewport.width < 640;

  test.describe(`site at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('/contact shows the server’s reason under each field, and a success replaces the failure toast', async ({
      page,
      baseURL,
      consoleErrors,
    }) => {
      await stubMap(page);
      // From an address of its own: the form's rate limit is per address, and counts refused sends too.
      await contactFormFrom(page, baseURL!, phone ? '127.0.0.71' : '127.0.0.72');
      await page.goto('/contact');
      await waitForIslands(page);
      const name = page.getByLabel('Full Name', { exact: true });
      const email = page.getByLabel('Email', { exact: true });
      const message = page.getByLabel('Message', { exact: true });
      await email.fill('not-an-email');
      await page.getByRole('button', { name: 'Send Message' }).click();

      await expect(toastWith(page, 'Message sending failed')).toBeVisible();
      for (const [field, id, reason] of [
        [name, 'contact-name-error', 'Name is required'],
        [email, 'contact-email-error', 'Email must be a valid e-mail address'],
        [message, 'contact-message-error', 'Message is required'],
      ] as const) {
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await expect(field).toHaveAttribute('aria-describedby', id);
        await expect(page.locator(`#${id}`)).toHaveText(reason);
        await expect(field).toHaveAccessibleDescription(reason);
      }
      // The first field named takes focus, so its reason is read out; the values stay, so nothing typed is lost.
      await expect(name).toBeFocused();
      await expect(email).toHaveValue('not-an-email');
      await expectNoSeriousA11yViolations(page);

      // Fixing a field takes its message away; a success clears the fields and leaves one toast.
      await name.fill('Rafiq Islam');
      await expect(name).not.toHaveAttribute('aria-invalid');
      await expect(page.locator('#contact-name-error')).toHaveCount(0);
      await email.fill('rafiq@example.org');
      await message.fill('How do I join the chapter?');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(toastWith(page, 'Message sent successfully')).toBeVisible();
      await expect(toastWith(page, 'Message sending failed')).toHaveCount(0);
      await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
      await expect(name).toHaveValue('');
      allowHttpErrors(consoleErrors, 400);
    });

    test('an event page puts the facts first, then the description, then Register Now, which a phone keeps in reach', async ({
      page,
      request,
      baseURL,
    }) => {
      const description = Array.from(
        { length: 24 },
        (_, i) => `Session ${i + 1}: a long paragraph about what happens, who speaks and what to bring along.`,
      ).join('\n');
      const event = await createEvent(request, await adminToken(request, baseURL!), {
        title: `Long Programme ${viewport.width}`,
        description,
        host: 'CS Student Branch',
        location: 'NSU, Dhaka',
        fees: 250,
      });
      // The bar is in the served HTML, before any script: nothing is added, so nothing moves.
      const served = await (await request.get(`/events/${event._id}`)).text();
      expect(served).toMatch(/data-register-bar[^>]*>\s*<a [^>]*href="https:\/\/example\.org\/register"/);
      await page.goto(`/events/${event._id}`);

      const fact = (label: string) => page.locator('dt', { hasText: label });
      const about = page.getByRole('heading', { name: 'About this event' });
      const register = page.getByRole('link', { name: /Register Now/ });
      await expect(register).toHaveCount(1);
      const y = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!.y;
      // The spec's order in the page: host, date and time (GMT+6), location, fees, the description, Register Now.
      const order = [
        fact('Organized By'),
        fact('Date'),
        fact('Location'),
        fact('Fees'),
        about,
        page.getByText('Session 24:'),
      ];
      const positions = await page.evaluate(
        (texts) => texts.map((t) => document.body.innerText.indexOf(t)),
        ['Organized By', 'Date', 'GMT+6', 'Location', 'Fees', 'About this event', 'Session 24:', 'Register Now'],
      );
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      await expect(page.locator('dd', { hasText: 'GMT+6' })).toBeVisible();
      for (const locator of order) await expect(locator).toBeVisible();

      if (phone) {
        // On the first screen, and still there halfway down the description, without scrolling back:
        // position sticky, which takes its place in the layout and moves nothing.
        await expect(page.locator('[data-register-bar]')).toHaveCSS('position', 'sticky');
        await expect(register).toBeInViewport();
        expect(await y(about)).toBeGreaterThan(viewport.height);
        await page.getByText('Session 12:').scrollIntoViewIfNeeded();
        await expect(register).toBeInViewport();
        const box = (await register.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        // At the end it rests in its place after the description.
        await page.getByText('Session 24:').scrollIntoViewIfNeeded();
        await page.getByRole('link', { name: 'Add to calendar' }).scrollIntoViewIfNeeded();
        expect(await y(register)).toBeGreaterThan(await y(page.getByText('Session 24:')));
      } else {
        await expect(page.locator('[data-register-bar]')).toHaveCSS('position', 'static');
        expect(await y(register)).toBeGreaterThan(await y(page.getByText('Session 24:')));
      }
      await expectNoSeriousA11yViolations(page);
    });

    test('signing in before the page is ready waits for it instead of posting the form', async ({ page }) => {
      // The island's script is held back, as on a slow phone.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/_astro\/LoginForm\.[^/]*\.js$/, async (route) => {
        await released;
        await route.fallback();
      });
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      const button = page.getByRole('button', { name: 'Sign in' });
      await expect(button).toBeDisabled();
      await page.evaluate(() => {
        (window as unknown as { submits: number }).submits = 0;
        document.addEventListener('submit', () => (window as unknown as { submits: number }).submits++, true);
      });
      await page.getByLabel('Email address').fill(ADMIN.email);
      await page.getByLabel('Password').fill(ADMIN.password);
      // Enter in a field and a press on the button: neither submits the form natively (no "Method not allowed").
      await page.getByLabel('Password').press('Enter');
      await button.dispatchEvent('click');
      expect(await page.evaluate(() => (window as unknown as { submits: number }).submits)).toBe(0);
      await expect(page).toHaveURL(/\/login$/);

      release();
      await expect(button).toBeEnabled();
      // What was typed before is kept, and now signs in.
      await expect(page.getByLabel('Email address')).toHaveValue(ADMIN.email);
      await button.click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText('Method not allowed')).toHaveCount(0);
    });

    test('the blog’s tag chips wait behind one button on a phone, so the results come first', async ({ page }) => {
      await page.goto('/blogs?search=a');
      await expect(page.getByRole('article').first()).toBeVisible();
      const chips = page.getByRole('group', { name: 'Filter by tag' });
      const toggle = page.getByRole('button', { name: /^Filter by tag/ });
      // As served (before the list's island runs, or without script) the chips are there to press: each
      // submits its filter. The button that folds them away needs the island.
      await expect(toggle).toHaveCount(0);
      await expect(chips).toBeVisible();
      await waitForIslands(page);
      if (phone) {
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await expect(chips).toBeHidden();
        await expect(page.getByRole('article').first()).toBeInViewport();
        await expectNoSeriousA11yViolations(page);
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        await expect(chips).toBeVisible();
      } else {
        await expect(toggle).toBeHidden();
        await expect(chips).toBeVisible();
      }
      const first = chips.getByRole('button').first();
      const tag = (await first.textContent())!.trim();
      await first.click();
      await expect(first).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(new RegExp(`[?&]tags=${encodeURIComponent(tag)}`));
      await expectNoSeriousA11yViolations(page);
    });

    for (const system of ['light', 'dark'] as const) {
      test(`the theme button’s first press changes what is seen, on a ${system} system`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: system });
        await page.goto('/');
        const toggle = page.locator('header [data-theme-toggle]');
        const other = system === 'light' ? 'Dark' : 'Light';
        await expect(toggle).toHaveAttribute('aria-label', `Theme: System. Switch to ${other}`);
        const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
        expect(await dark()).toBe(system === 'dark');
        await toggle.click();
        expect(await dark()).toBe(system !== 'dark');
        await expect(toggle).toHaveAttribute('aria-label', new RegExp(`^Theme: ${other}\\. Switch to`));
        // Then the system's own look, then System again.
        await toggle.click();
        expect(await dark()).toBe(system === 'dark');
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-label', `Theme: System. Switch to ${other}`);
      });
    }

    test('the chapter page’s event slider shows its card across the whole slide', async ({ page, request }) => {
      const admin = await apiLogin(request);
      const chapter = await createChapter(request, admin);
      const token = await apiLogin(request, chapter);
      for (const title of ['Slider One', 'Slider Two']) {
        const res = await request.post('/api/v1/events', { headers: bearer(token), data: { ...BASE_EVENT, title } });
        expect(res.status()).toBe(201);
      }
      await page.goto(`/chapter/${chapter.slug}`);
      const section = page.getByRole('region', { name: 'What we have done' });
      await section.scrollIntoViewIfNeeded();
      await waitForIslands(page);
      const slider = section.locator('.swiper');
      const card = section.locator('.swiper-slide-active [data-event-card]');
      await expect(card).toBeVisible();
      const [slide, drawn] = [(await slider.boundingBox())!, (await card.boundingBox())!];
      expect(Math.abs(slide.width - drawn.width)).toBeLessThanOrEqual(1);
      await expectNoSeriousA11yViolations(page);
    });
  });
}
