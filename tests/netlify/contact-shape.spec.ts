import { expect, test } from '@playwright/test';
import { unique } from '../e2e/dashboard-helpers.ts';
import type { SupportMessage } from '../../src/lib/types.ts';
import { adminToken, useStoppedCdn } from './walk.ts';

/**
 * The contact form as a visitor without script sends it, through the CDN model in front of the CLI:
 * the browser posts the form as HTML to /contact/send, the SSR function stores the message and answers
 * with the contact page in the toast's words. That answer is the visitor's own: the CDN passes it on
 * and keeps nothing, so a later GET of the same address is the function's redirect to /contact.
 */
test.describe.configure({ mode: 'serial' });

const cdn = useStoppedCdn();

test('the contact form posted as HTML without script is stored and answered, and the CDN keeps no copy', async ({
  browser,
  request,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // The contact page's map is a Google frame; offline, it gets an empty page.
  await page.route('https://www.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>map</title>' }),
  );
  const name = unique('Nusrat Without Script');
  const message = `Posted as HTML through the CDN by ${name}.`;
  await page.goto('/contact');
  await page.getByLabel('Full Name', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill('nusrat@netlify.test');
  await page.getByLabel('Message', { exact: true }).fill(message);
  const [answer] = await Promise.all([
    page.waitForResponse((res) => new URL(res.url()).pathname === '/contact/send'),
    page.getByRole('button', { name: 'Send Message' }).click(),
  ]);

  expect(answer.request().method()).toBe('POST');
  expect(answer.status()).toBe(200);
  const cacheControl = answer.headers()['cache-control'] ?? '';
  expect(cacheControl).toMatch(/\bprivate\b/);
  expect(cacheControl).toMatch(/\bno-store\b/);
  await expect(page).toHaveURL(/\/contact\/send$/);
  await expect(page.getByRole('status').filter({ hasText: 'Message sent successfully' })).toBeVisible();
  await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('');
  await context.close();

  // Through the CDN to the function, never from a copy; and no copy of the answer kept.
  const posted = cdn()
    .log()
    .filter((entry) => entry.method === 'POST' && entry.url === '/contact/send');
  expect(posted).toEqual([expect.objectContaining({ status: 200, cache: 'pass', stored: false })]);
  expect(
    cdn()
      .held()
      .filter((copy) => copy.url.startsWith('/contact/send')),
  ).toEqual([]);
  const again = await request.get('/contact/send', { maxRedirects: 0 });
  expect(again.status()).toBe(303);
  expect(again.headers()['location']).toBe('/contact');
  expect(await again.text()).not.toContain('Message sent successfully');

  // The message is stored as sent, for staff to read.
  const list = await request.get('/api/v1/contact', {
    headers: { Authorization: `Bearer ${await adminToken(baseURL)}` },
  });
  expect(list.status()).toBe(200);
  const { contacts } = (await list.json()) as { contacts: SupportMessage[] };
  expect(contacts.filter((contact) => contact.name === name)).toEqual([
    expect.objectContaining({ name, email: 'nusrat@netlify.test', message }),
  ]);
});
