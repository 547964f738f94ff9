import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { freshContactWindow, stubMap, toastWith } from './dashboard-helpers.ts';
import { adminToken, apiCall, createEvent } from './live-data.ts';
import { DEFAULT_REGISTRATION_SETTINGS } from '../../src/lib/schemas/registration.schema.ts';
import type { RegistrationList, SupportMessage } from '../../src/lib/types.ts';

/**
 * The contact form, the event page's registration form and the blog list are HTML first: their islands
 * hydrate on the visitor's first focus, pointer or key (client:interaction). A press before the island
 * runs is answered by HTML (the forms post to the server, the chips and search submit to /blogs); the
 * first press once it has run is the island's, on a CPU slowed down like a cheap phone's, and neither
 * is lost or made twice.
 */

// The server's clock is moved on to start a fresh window of the contact limit: this file's own.
test.use({ ownClock: import.meta.url });

/** Chromium's CPU slowed down this many times (DevTools' "low-end mobile" is 6). */
const CPU_SLOWDOWN = 6;

async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** Holds the island's script until release(): whatever the visitor does meanwhile meets the served HTML. */
async function holdScript(page: Page, pattern: string): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  await page.route(pattern, async (route) => {
    await released;
    // A request of a page left behind is gone by then: nothing to let through.
    await route.fallback().catch(() => undefined);
  });
  return { release };
}

/** The island whose component file matches `name`. */
const island = (page: Page, name: string) => page.locator(`astro-island[component-url*="/${name}"]`);

/** An event taking registrations on this site; its id. */
async function siteEvent(request: APIRequestContext, baseURL: string, title: string): Promise<string> {
  const token = await adminToken(request, baseURL);
  const event = await createEvent(request, token, {
    title,
    registration: { ...DEFAULT_REGISTRATION_SETTINGS, mode: 'site', capacity: 10 },
  });
  return event.id;
}

/** The names registered for an event, in arrival order, as its staff list has them. */
async function registeredNames(request: APIRequestContext, baseURL: string, eventId: string): Promise<string[]> {
  const token = await adminToken(request, baseURL);
  const list = await apiCall<RegistrationList>(request, token, 'get', `/events/${eventId}/registrations`);
  return list.registrations.map((r) => r.fullName);
}

const CONSENT = 'I agree that the chapter uses these details to run this event';

test.describe('a press before hydration and the first after it both count', () => {
  test.beforeEach(async ({ page }) => {
    await stubMap(page);
  });

  test('contact form: sent by HTML before its island runs, by the island right after it hydrates', async ({
    page,
    request,
    baseURL,
    serverClock,
  }) => {
    freshContactWindow(serverClock);
    await slowCpu(page);
    const script = await holdScript(page, '**/_astro/ContactForm*.js');
    await page.goto('/contact');
    const form = island(page, 'ContactForm');
    await page.getByLabel('Full Name', { exact: true }).fill('Before Hydration');
    await page.getByLabel('Email', { exact: true }).fill('before@example.org');
    await page.getByLabel('Message', { exact: true }).fill('Sent before the script ran.');
    await expect(form).toHaveAttribute('ssr', '');
    const send = page.getByRole('button', { name: 'Send Message' });
    await expect(send).toBeEnabled();
    await send.click();
    // The server's answer: the contact page with the outcome in the toast's words, the fields cleared.
    await expect(page).toHaveURL(/\/contact\/send$/);
    await expect(page.getByRole('status').filter({ hasText: 'Message sent successfully' })).toBeVisible();
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('');
    script.release();

    // Reaching for the form hydrates it; the first press after that is the island's (a toast, no reload).
    await page.getByLabel('Full Name', { exact: true }).fill('After Hydration');
    await page.getByLabel('Email', { exact: true }).fill('after@example.org');
    await page.getByLabel('Message', { exact: true }).fill('Sent by the island.');
    await expect(form).not.toHaveAttribute('ssr');
    await page.evaluate(() => document.documentElement.setAttribute('data-same-document', ''));
    const [answer] = await Promise.all([page.waitForResponse('**/api/v1/contact'), send.click()]);
    expect(answer.status()).toBe(201);
    await expect(toastWith(page, 'Message sent successfully')).toBeVisible();
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('');
    await expect(page.locator('html')).toHaveAttribute('data-same-document', '');

    const token = await adminToken(request, baseURL!);
    const { contacts } = await apiCall<{ contacts: SupportMessage[] }>(request, token, 'get', '/contact');
    expect(contacts.map((c) => c.name).filter((name) => name.endsWith('Hydration'))).toEqual(
      expect.arrayContaining(['Before Hydration', 'After Hydration']),
    );
  });

  test('registration: registered once by HTML before its island runs, landing on the ticket; by the island right after', async ({
    page,
    request,
    baseURL,
  }) => {
    const eventId = await siteEvent(request, baseURL!, 'Press Before Hydration');
    await slowCpu(page);
    const script = await holdScript(page, '**/_astro/RegisterForm*.js');
    await page.goto(`/events/${eventId}`);
    const form = island(page, 'RegisterForm');
    // The seats are in the served HTML; the button is enabled before any script.
    await expect(page.getByText('10 of 10 seats left')).toBeVisible();
    await page.getByLabel('Full name').fill('Before Hydration');
    await page.getByLabel('E-mail', { exact: true }).fill('before.hydration@e2e.example');
    await page.getByLabel(CONSENT).check();
    await expect(form).toHaveAttribute('ssr', '');
    const send = page.locator('#register').getByRole('button', { name: 'Register' });
    await expect(send).toBeEnabled();
    await send.click();
    // The server's answer: the ticket's own page.
    await expect(page).toHaveURL(/\/tickets\/[A-Za-z0-9_-]{32,}$/);
    await expect(page.getByText('Before Hydration', { exact: true })).toBeVisible();
    await expect(page.locator('[data-ticket-status]')).toHaveText('Confirmed');
    script.release();

    // Reaching for the form hydrates it; the first press after that is the island's (no page load).
    await page.goto(`/events/${eventId}`);
    await page.getByLabel('Full name').fill('After Hydration');
    await page.getByLabel('E-mail', { exact: true }).fill('after.hydration@e2e.example');
    await page.getByLabel(CONSENT).check();
    await expect(form).not.toHaveAttribute('ssr');
    await page.evaluate(() => document.documentElement.setAttribute('data-same-document', ''));
    const [answer] = await Promise.all([
      page.waitForResponse(`**/api/v1/events/${eventId}/registrations`),
      send.click(),
    ]);
    expect(answer.status()).toBe(201);
    await expect(page.getByRole('status').filter({ hasText: 'You are registered.' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-same-document', '');
    // Its section's heading is clear of the sticky site header.
    const header = (await page.locator('[data-site-header]').boundingBox())!;
    const heading = (await page.getByRole('heading', { name: 'Register', exact: true }).boundingBox())!;
    expect(heading.y).toBeGreaterThanOrEqual(header.y + header.height);

    // One registration per press.
    expect(await registeredNames(request, baseURL!, eventId)).toEqual(['Before Hydration', 'After Hydration']);
  });

  test('blog list: searched and filtered by the address before its island runs, in place right after', async ({
    page,
  }) => {
    await slowCpu(page);
    const script = await holdScript(page, '**/_astro/BlogList*.js');
    await page.goto('/blogs');
    const list = island(page, 'BlogList');
    const cards = page.getByTestId('post-card');
    await expect(cards).toHaveCount(9);

    // Before: Enter in the search box asks the server for the matching list.
    const search = page.getByRole('searchbox', { name: 'Search articles' });
    await search.fill('learning');
    await expect(list).toHaveAttribute('ssr', '');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/blogs\?search=learning$/);
    await expect(cards).toHaveText([/Introduction to Machine Learning/]);
    await expect(search).toHaveValue('learning');
    // A tag chip is a submit button of the filter it makes.
    const chips = page.getByRole('group', { name: 'Filter by tag' });
    await chips.getByRole('button', { name: 'AI', exact: true }).click();
    await expect(page).toHaveURL(/\/blogs\?search=learning&tags=AI$/);
    await expect(chips.getByRole('button', { name: 'AI', exact: true })).toHaveAttribute('aria-pressed', 'true');
    script.release();

    // After: focus hydrates the list; the first press is applied in place, the address following it.
    await search.focus();
    await expect(list).not.toHaveAttribute('ssr');
    // A mark on this document: a reload (a form submitted) would lose it.
    await page.evaluate(() => document.documentElement.setAttribute('data-same-document', ''));
    await chips.getByRole('button', { name: 'AI', exact: true }).click();
    await expect(page).toHaveURL(/\/blogs\?search=learning$/);
    await expect(chips.getByRole('button', { name: 'AI', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expect(cards).toHaveText([/Introduction to Machine Learning/]);
    await expect(page.locator('html')).toHaveAttribute('data-same-document', '');
  });
});

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact form posts to the server, which keeps the fields and says why on failure', async ({
    page,
    request,
    baseURL,
    serverClock,
  }) => {
    freshContactWindow(serverClock);
    await stubMap(page);
    await page.goto('/contact');
    await page.getByLabel('Full Name', { exact: true }).fill('Nadia No Script');
    await page.getByLabel('Email', { exact: true }).fill('not an address');
    await page.getByLabel('Message', { exact: true }).fill('Hello without script');
    const [refused] = await Promise.all([
      page.waitForResponse('**/contact/send'),
      page.getByRole('button', { name: 'Send Message' }).click(),
    ]);
    expect(refused.status()).toBe(400);
    expect(refused.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('alert')).toContainText('Message sending failed');
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveValue('not an address');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Nadia No Script');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Hello without script');

    await email.fill('nadia@example.org');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status')).toHaveText('Message sent successfully');
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');

    const token = await adminToken(request, baseURL!);
    const { contacts } = await apiCall<{ contacts: SupportMessage[] }>(request, token, 'get', '/contact');
    expect(contacts.filter((c) => c.name === 'Nadia No Script')).toEqual([
      expect.objectContaining({ email: 'nadia@example.org', message: 'Hello without script' }),
    ]);
  });

  test('registration posts to the server: each field’s error in the page with the fields kept, then the ticket', async ({
    page,
    request,
    baseURL,
  }) => {
    const eventId = await siteEvent(request, baseURL!, 'Registration Without Script');
    // The event page stays the CDN's to share; the forms' answers are the visitor's own.
    const shared = await request.get(`/events/${eventId}`);
    expect(shared.headers()['netlify-cdn-cache-control']).toMatch(/s-maxage=\d+/);
    await page.goto(`/events/${eventId}`);
    await expect(page.getByText('10 of 10 seats left')).toBeVisible();
    await page.getByLabel('Full name').fill('রাফি No Script');
    await page.getByLabel('E-mail', { exact: true }).fill('not an address');
    await page.getByLabel('Institution (optional)').fill('BUET');
    const register = page.locator('#register').getByRole('button', { name: 'Register' });
    const [refused] = await Promise.all([page.waitForResponse(`**/events/${eventId}/register`), register.click()]);
    expect(refused.status()).toBe(400);
    expect(refused.headers()['cache-control']).toBe('private, no-store');
    expect(refused.headers()['netlify-cdn-cache-control']).toBeUndefined();
    const email = page.getByLabel('E-mail', { exact: true });
    await expect(email).toHaveValue('not an address');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('E-mail must be a valid e-mail address');
    await expect(email).toBeFocused();
    await expect(page.getByLabel(CONSENT)).toHaveAccessibleDescription(
      'Please agree to the use of your data for this event',
    );
    await expect(page.getByLabel('Full name')).toHaveValue('রাফি No Script');
    await expect(page.getByLabel('Institution (optional)')).toHaveValue('BUET');

    await email.fill('rafi.noscript@e2e.example');
    await page.getByLabel(CONSENT).check();
    await register.click();
    await expect(page).toHaveURL(/\/tickets\/[A-Za-z0-9_-]{32,}$/);
    await expect(page.getByText('রাফি No Script', { exact: true })).toBeVisible();
    await expect(page.locator('[data-ticket-status]')).toHaveText('Confirmed');
    expect(await registeredNames(request, baseURL!, eventId)).toEqual(['রাফি No Script']);

    // "Lost your ticket?" beside the form: this server sends no e-mail, so it says whom to ask instead.
    await page.goto(`/events/${eventId}`);
    const lost = page.getByRole('complementary', { name: 'Lost your ticket?' });
    await expect(lost).toContainText('Ask the organiser for your ticket link.');
    await expect(lost.getByRole('textbox')).toHaveCount(0);
  });

  test('the blog list is searched, filtered by tag and cleared through the address', async ({ page }) => {
    await page.goto('/blogs');
    const cards = page.getByTestId('post-card');
    await expect(cards).toHaveCount(9);
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('rust');
    await page.getByRole('searchbox', { name: 'Search articles' }).press('Enter');
    await expect(page).toHaveURL(/\/blogs\?search=rust$/);
    await expect(cards).toHaveText([/Why Students Should Try Rust/]);
    await expect(page.getByTestId('active-filters')).toContainText('rust');
    await page.getByRole('group', { name: 'Filter by tag' }).getByRole('button', { name: 'Rust', exact: true }).click();
    await expect(page).toHaveURL(/\/blogs\?search=rust&tags=Rust$/);
    await expect(cards).toHaveCount(1);
    await page.getByTestId('active-filters').getByRole('link', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(/\/blogs$/);
    await expect(cards).toHaveCount(9);
  });
});
