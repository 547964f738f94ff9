import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, expect } from './fixtures.ts';
import type { TestClock } from '../support/clock.ts';
import { CONTACT_LIMIT } from '../../src/server/services/rate-limits.service.ts';

/** A small real PNG for upload fields. */
export const BANNER_FILE = {
  name: 'banner.png',
  mimeType: 'image/png',
  buffer: readFileSync(new URL('../../public/og-default.png', import.meta.url)),
};

let counter = 0;
/** A value unique within the worker's database (tests of one worker share it). */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

export interface Credentials {
  email: string;
  password: string;
}

/** Signs in through the API and returns the bearer token; with page.request the page shares the cookies. */
export async function apiLogin(request: APIRequestContext, creds: Credentials = ADMIN): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { data: creds });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Creates a chapter account through the API (as the admin); returns its credentials and slug. */
export async function createChapter(request: APIRequestContext, adminToken: string, name = unique('Chapter')) {
  const creds = { email: `${name.toLowerCase()}@e2e.example`, password: 'chapter-password-1' };
  const res = await request.post('/api/v1/users', {
    headers: bearer(adminToken),
    data: { name, phone: '+880 1711 000000', ...creds },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { chapter } = (await res.json()) as { chapter: { slug: string } };
  return { ...creds, name, slug: chapter.slug };
}

/** Signs the page's browser context in (cookies), without going through the form. */
export async function signInAs(page: Page, creds: Credentials = ADMIN) {
  await apiLogin(page.request, creds);
}

/**
 * Chromium logs every 4xx answer to fetch() as a console error. A test that provokes one on purpose
 * (a wrong password) removes exactly those entries, so any other console error still fails it.
 */
export function allowHttpErrors(consoleErrors: string[], status: number) {
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (consoleErrors[i]?.includes(`status of ${status}`)) consoleErrors.splice(i, 1);
  }
}

/** The toast with exactly this text. */
export const toastWith = (page: Page, text: string) =>
  page.locator('[data-rht-toaster] [role="status"]').filter({ hasText: text });

/**
 * Waits until every island on the page is hydrated (Astro drops the ssr attribute then). An island that
 * waits for the visitor (client:interaction) is reached for first, as a pointer passing over it would.
 */
export async function waitForIslands(page: Page) {
  await reachForIslands(page);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** Starts the islands that hydrate on the visitor's first interaction (a pointer over them). */
export async function reachForIslands(page: Page) {
  await page
    .locator('astro-island[client="interaction"][ssr]')
    .evaluateAll((islands) =>
      islands.forEach((island) => island.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }))),
    );
}

/** Fills the add/edit event form with a valid event on 20 May 2030, 10:00 to 12:30, online. */
export async function fillEvent(
  page: Page,
  event: { title: string; location: string; fees: string; description: string },
) {
  await page.getByLabel('Title', { exact: true }).fill(event.title);
  await page.getByLabel('Event date').fill('2030-05-20');
  await page.getByLabel('Start time').fill('10:00');
  await page.getByLabel('End time').fill('12:30');
  await page.getByLabel('Location').fill(event.location);
  await page.getByLabel('Host', { exact: true }).fill('IEEE CS BDC');
  await page.getByLabel('Registration method').selectOption('Online');
  await page.getByLabel('Fees').fill(event.fees);
  await page.getByLabel('Event link').fill('https://example.org/register');
  await page.getByLabel('Banner').setInputFiles(BANNER_FILE);
  await page.getByLabel('Description').fill(event.description);
}

/**
 * Posts to the API from another loopback address (127.0.0.x): the contact form allows five messages per
 * address in ten minutes, and the tests of a worker share one server. Answers the status and body.
 */
export function postFrom(
  baseURL: string,
  localAddress: string,
  path: string,
  body: string,
): Promise<{ status: number; body: string }> {
  const url = new URL(`/api/v1${path}`, baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends a support message as a visitor at `localAddress` would; answers the status. */
export async function sendContactFrom(baseURL: string, localAddress: string, message: Record<string, string>) {
  return (await postFrom(baseURL, localAddress, '/contact', JSON.stringify(message))).status;
}

/** The page's own contact-form posts leave from `localAddress` (see postFrom), answered as the API answers. */
/**
 * Starts a fresh window of the contact form's per-address limit on this file's server (it moves the
 * server's clock, so the file declares an ownClock: fixtures.ts): the file's tests all send from one
 * loopback address, so without it the limit's sixth message would be refused in whichever test happened
 * to come sixth.
 */
export function freshContactWindow(serverClock: TestClock) {
  serverClock.advance(CONTACT_LIMIT.windowMs);
}

/** The contact page's map is a Google frame; offline, it gets an empty page so nothing fails to load. */
export async function stubMap(page: Page) {
  await page.route('https://www.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>map</title>' }),
  );
}

export async function contactFormFrom(page: Page, baseURL: string, localAddress: string) {
  await page.route('**/api/v1/contact', async (route) => {
    const answer = await postFrom(baseURL, localAddress, '/contact', route.request().postData() ?? '');
    await route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body });
  });
}
