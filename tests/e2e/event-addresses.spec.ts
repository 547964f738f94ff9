import { mkdirSync, readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { attendancePath, checkInPath, registrationsPath } from '../../src/lib/registration/registration-links.ts';
import { DEFAULT_REGISTRATION_SETTINGS } from '../../src/lib/schemas/registration.schema.ts';
import { allowHttpErrors, apiLogin, createChapter, signInAs, unique, waitForIslands } from './dashboard-helpers.ts';
import { expect, test } from './fixtures.ts';
import { createEvent } from './live-data.ts';

/**
 * An event's dashboard pages share one address pattern, /dashboard/events/{id}/{registrations,
 * attendance,check-in}; the earlier /dashboard/events/{registrations,attendance}/{id} move there (301),
 * as public/_redirects says to the local server and to Netlify alike. The attendee list and the
 * attendance report now sit in the check-in page's service-worker folder: they still come from the
 * network, never from its cache.
 */

/** SCREENSHOTS=dir: the page is also saved there, to be looked at. */
async function shoot(page: Page, name: string) {
  const dir = process.env['SCREENSHOTS'];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function siteEventWithOne(request: APIRequestContext) {
  const token = await apiLogin(request);
  const event = await createEvent(request, token, {
    title: unique('Address Workshop'),
    eventDate: '2030-05-20',
    registration: { ...DEFAULT_REGISTRATION_SETTINGS, mode: 'site', capacity: 10 },
  });
  const registered = await request.post(`/api/v1/events/${event.id}/registrations`, {
    data: {
      fullName: 'Nadia Islam',
      email: `${unique('nadia').toLowerCase()}@e2e.example`,
      answers: [],
      consent: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { event, token };
}

// The worker's cache is named after its version: read from the worker itself, so a new version needs no edit here.
const CHECK_IN_CACHE = `check-in-v${/const VERSION = (\d+);/.exec(readFileSync('public/dashboard/events/check-in-sw.js', 'utf8'))![1]}`;

test.describe('an event’s dashboard addresses', () => {
  test('the earlier addresses answer 301 with the new one, which serves the page', async ({ request }) => {
    const id = '6650a1b2-0000-4000-8000-000000000001';
    for (const [old, now] of [
      [`/dashboard/events/registrations/${id}`, registrationsPath(id)],
      [`/dashboard/events/attendance/${id}`, attendancePath(id)],
    ] as const) {
      const moved = await request.get(old, { maxRedirects: 0 });
      expect(moved.status(), old).toBe(301);
      expect(new URL(moved.headers()['location']!, 'http://x').pathname, old).toBe(now);
    }
    // The address's query (a list's filter) goes along, as on Netlify.
    const filtered = await request.get(`/dashboard/events/registrations/${id}?status=confirmed`, { maxRedirects: 0 });
    expect(filtered.status()).toBe(301);
    expect(filtered.headers()['location']).toMatch(new RegExp(`${registrationsPath(id)}\\?status=confirmed$`));
    // The new ones are the pages themselves (one static page each), the check-in page as before.
    for (const path of [registrationsPath(id), attendancePath(id), checkInPath(id)]) {
      const served = await request.get(path, { maxRedirects: 0 });
      expect(served.status(), path).toBe(200);
      expect(served.headers()['content-type'], path).toContain('text/html');
    }
    expect(await (await request.get(registrationsPath(id))).text()).toContain('<title>Registrations');
    expect(await (await request.get(attendancePath(id))).text()).toContain('<title>Attendance');
  });

  test('staff reach the attendee list and the report at the new addresses, by link and by the old ones', async ({
    page,
    request,
  }) => {
    const { event } = await siteEventWithOne(request);
    await signInAs(page);

    await page.goto(`/dashboard/events/registrations/${event.id}`);
    await expect(page).toHaveURL(new RegExp(`${registrationsPath(event.id)}$`));
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 2, name: event.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Nadia Islam' })).toBeVisible();
    // One registration, one page: counted plainly.
    await expect(page.getByRole('status').filter({ hasText: /^Showing/ })).toHaveText('Showing 1 registration');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, `registrations-new-address-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Its links to the other two pages use the same pattern.
    await expect(page.getByRole('link', { name: 'Attendance and certificates' })).toHaveAttribute(
      'href',
      attendancePath(event.id),
    );
    await expect(page.getByRole('link', { name: 'Check-in at the door' })).toHaveAttribute(
      'href',
      checkInPath(event.id),
    );

    await page.goto(`/dashboard/events/attendance/${event.id}`);
    await expect(page).toHaveURL(new RegExp(`${attendancePath(event.id)}$`));
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 2, name: event.title })).toBeVisible();

    // The events list links there too.
    await page.goto('/dashboard/events');
    await waitForIslands(page);
    await expect(page.getByRole('link', { name: `Attendance of ${event.title}` })).toHaveAttribute(
      'href',
      attendancePath(event.id),
    );
  });

  test('another chapter reading the attendee list is told whose event it is', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const { event, token } = await siteEventWithOne(request);
    const chapter = await createChapter(request, token);
    await signInAs(page, chapter);
    await page.goto(registrationsPath(event.id));
    await waitForIslands(page);
    await expect(page.getByRole('alert')).toContainText(
      'This event belongs to another chapter: only its chapter and admins can see its registrations',
    );
    await expect(page.getByText('You can only change your own chapter’s records')).toHaveCount(0);
    allowHttpErrors(consoleErrors, 403);
  });

  test('in the check-in page’s worker folder, the attendee list still comes from the network, never its cache', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { event } = await siteEventWithOne(request);
    await signInAs(page);

    // The check-in page registers its worker for /dashboard/events/{id}/ and keeps itself.
    await page.goto(checkInPath(event.id));
    await waitForIslands(page);
    expect(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope))).toBe(
      new URL(`/dashboard/events/${event.id}/`, page.url()).href,
    );
    await expect
      .poll(() =>
        page.evaluate(
          async (name) => (await (await caches.open(name)).match('/dashboard/events/check-in/')) !== undefined,
          CHECK_IN_CACHE,
        ),
      )
      .toBe(true);
    const checkInScript = await page.locator('astro-island').first().getAttribute('component-url');
    await expect
      .poll(() =>
        page.evaluate(
          async ({ name, url }) =>
            (await (await caches.open(name)).match(new URL(url, location.href).href)) !== undefined,
          { name: CHECK_IN_CACHE, url: checkInScript! },
        ),
      )
      .toBe(true);

    // The attendee list, in the same folder: under the worker, and working.
    await page.goto(registrationsPath(event.id));
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 2, name: event.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Nadia Islam' })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toContain(
      '/dashboard/events/check-in-sw.js',
    );
    // Its own script went to the network: the worker kept nothing of it.
    const listScript = await page.locator('astro-island').first().getAttribute('component-url');
    expect(listScript).not.toBe(checkInScript);
    expect(
      await page.evaluate(
        async ({ name, url }) =>
          (await (await caches.open(name)).match(new URL(url, location.href).href)) !== undefined,
        { name: CHECK_IN_CACHE, url: listScript! },
      ),
    ).toBe(false);

    // Without a network it does not open (no kept copy answers for it), unlike the check-in page.
    await page.context().setOffline(true);
    await expect(page.goto(registrationsPath(event.id))).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await page.context().setOffline(false);
  });
});
