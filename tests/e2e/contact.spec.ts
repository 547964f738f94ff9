import type { Page } from '@playwright/test';
import { freshContactWindow, stubMap } from './dashboard-helpers.ts';
import { test, expect } from './fixtures.ts';
import { adminToken, apiCall } from './live-data.ts';
import type { SupportMessage } from '../../src/lib/types.ts';

/**
 * These tests are the hydrated island's sends (through the API, answered by a toast); filling a field
 * hydrates it. The form posted before that or without script: first-interaction.spec.ts.
 */

// The server's clock is moved on to start a fresh window of the contact limit: this file's own.
test.use({ ownClock: import.meta.url });
async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

test.describe('/contact', () => {
  // The map is a Google frame; offline, answer it with an empty page so nothing fails to load.
  test.beforeEach(async ({ page }) => {
    await stubMap(page);
  });

  test('shows the form and the ways to reach the chapter', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByLabel('Full Name', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'text');
    await expect(page.getByLabel('Message', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
    // The honeypot exists for bots but not for people or assistive tech.
    const honeypot = page.locator('input[name="website"]');
    await expect(honeypot).toHaveCount(1);
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(await honeypot.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
    await expect(page.getByRole('textbox')).toHaveCount(3);

    await expect(page.getByRole('link', { name: 'E-mail us directly' })).toHaveAttribute(
      'href',
      'mailto:contact@ieeecsbdc.org',
    );
    await expect(page.getByText('Dhaka, Bangladesh', { exact: true })).toBeVisible();
    await expect(page.getByText('Monday to Friday: 9am to 5pm')).toBeVisible();
    await expect(page.getByText('Saturday: 10am to 4pm')).toBeVisible();
    await expect(page.getByRole('link', { name: 'contact@ieeecsbdc.org' })).toHaveAttribute(
      'href',
      'mailto:contact@ieeecsbdc.org',
    );
    const map = page.getByTitle('Map of Dhaka, Bangladesh');
    await expect(map).toHaveAttribute('loading', 'lazy');
    await expect(map).toHaveAttribute('src', /google\.com\/maps\?q=Dhaka%2C%20Bangladesh&z=14&output=embed/);
  });

  test('sends a message that arrives in the database, then clears the fields', async ({
    page,
    request,
    baseURL,
    serverClock,
  }) => {
    freshContactWindow(serverClock);
    await page.goto('/contact');
    await page.getByLabel('Full Name', { exact: true }).fill('Rafiq Islam');
    await page.getByLabel('Email', { exact: true }).fill('rafiq@example.org');
    await page.getByLabel('Message', { exact: true }).fill('How do I join the chapter?');
    await hydrated(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Message sent successfully' })).toBeVisible();
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');

    const token = await adminToken(request, baseURL!);
    const { contacts } = await apiCall<{ contacts: SupportMessage[] }>(request, token, 'get', '/contact');
    expect(contacts).toContainEqual(
      expect.objectContaining({
        name: 'Rafiq Islam',
        email: 'rafiq@example.org',
        message: 'How do I join the chapter?',
      }),
    );
  });

  test('keeps the fields when the API refuses the message (no client-side validation)', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/contact');
    await page.getByLabel('Full Name', { exact: true }).fill('Nadia');
    await page.getByLabel('Email', { exact: true }).fill('not an address');
    await page.getByLabel('Message', { exact: true }).fill('Hello');
    await hydrated(page);
    const [response] = await Promise.all([
      page.waitForResponse('**/api/v1/contact'),
      page.getByRole('button', { name: 'Send Message' }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(page.getByRole('status').filter({ hasText: 'Message sending failed' })).toBeVisible();
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Nadia');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('not an address');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Hello');
    // The browser logs the refused request; that is the API answering as intended.
    const expected = 'Failed to load resource: the server responded with a status of 400 (Bad Request)';
    expect(consoleErrors).toContain(expected);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => e !== expected));
  });

  // The page as served (before the visitor's first interaction hydrates its form) is held to every axe
  // rule, and to the colour rules in dark, in page-types.spec.ts ("contact").
});
