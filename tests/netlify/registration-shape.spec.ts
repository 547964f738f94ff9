import { test, expect, type APIRequestContext } from '@playwright/test';
import { waitForIslands } from '../e2e/dashboard-helpers.ts';
import { HIT, adminToken, postFrom, tagsHeld, useStoppedCdn } from './walk.ts';

/**
 * Registration as Netlify runs it: the API function on Neon's driver against PostgreSQL 15,
 * every request through the CDN model with its clock stopped (so a stale answer is a purge that did
 * not happen). The event page and the public seat count are shared by the CDN; tickets, staff lists
 * and the CSV never are. Seats are taken under the event’s row lock through the function too: 20
 * registrants at once for 5 seats.
 */
test.describe.configure({ mode: 'serial' });

const cdn = useStoppedCdn();

const tagsHeldFor = (url: string) => tagsHeld(cdn(), url);

let token = '';
/** The admin's bearer token, signed in once for this file's walk. */
async function staffToken(baseURL: string | undefined): Promise<string> {
  token ||= await adminToken(baseURL);
  return token;
}

/** A published event taking registrations on the site; the date is far ahead so registration is open. */
async function siteEvent(
  request: APIRequestContext,
  baseURL: string | undefined,
  title: string,
  capacity: number,
): Promise<string> {
  const res = await request.post('/api/v1/events', {
    headers: { Authorization: `Bearer ${await staffToken(baseURL)}` },
    data: {
      title,
      eventDate: '2031-06-14',
      startTime: '10:00',
      endTime: '16:00',
      location: 'BUET, Dhaka',
      host: 'IEEE CS Bangladesh Chapter',
      registrationMethod: 'Offline',
      fees: 0,
      banner: '/og-default.png',
      eventLink: 'https://example.org/unused',
      description: 'Registration through the production shape.',
      registration: { mode: 'site', capacity },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { event: { id: string } }).event.id;
}

interface Summary {
  mode: string;
  capacity: number | null;
  confirmed: number;
  waitlisted: number;
  seatsLeft: number | null;
  open: boolean;
}
const summaryOf = async (request: APIRequestContext, id: string) =>
  (await (await request.get(`/api/v1/events/${id}/registration`)).json()) as Summary;

const registrant = (n: number) => ({
  fullName: `Registrant ${n}`,
  email: `registrant${n}@netlify.test`,
  institution: 'SUST',
  consent: true,
});

let eventId = '';

test('a visitor registers from the event page the CDN keeps; the seat count the CDN shares is purged by it', async ({
  page,
  request,
  baseURL,
}) => {
  eventId = await siteEvent(request, baseURL, 'Registration Walk', 2);
  const eventPath = `/events/${eventId}`;
  expect((await request.get(eventPath)).status()).toBe(200);
  expect((await request.get(eventPath)).headers()['cache-status']).toMatch(HIT);

  expect(await summaryOf(request, eventId)).toMatchObject({ mode: 'site', capacity: 2, confirmed: 0, open: true });
  expect(tagsHeldFor(`/api/v1/events/${eventId}/registration`)).toEqual([`registration-${eventId}`]);

  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(eventPath);
  // Register Now leads to the form on the page, which loads as it comes into view.
  await page.getByRole('link', { name: 'Register Now' }).click();
  await waitForIslands(page);
  await expect(page.getByText('2 of 2 seats left')).toBeVisible();
  await page.getByLabel('Full name').fill('তাসনিম রহমান');
  await page.getByLabel('E-mail', { exact: true }).fill('tasnim@netlify.test');
  await page.getByLabel('Institution').fill('SUST');
  await page.getByLabel('I agree that the chapter uses these details to run this event').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Status: Confirmed')).toBeVisible();
  // The ticket's address is absolute (it is also e-mailed), on the site's address (SITE_URL: the CDN).
  const ticketPath = await page.getByRole('link', { name: 'Open your ticket' }).getAttribute('href');
  expect(ticketPath).toMatch(new RegExp(`^${baseURL}/tickets/[\\w-]{32,}$`));

  // The registration purged the shared count: the next reader is told 1 of 2 seats is taken.
  expect(await summaryOf(request, eventId)).toMatchObject({ confirmed: 1, seatsLeft: 1 });

  const ticket = await page.goto(ticketPath!);
  expect(ticket?.status()).toBe(200);
  const headers = ticket!.headers();
  expect(headers['cache-control']).toBe('private, no-store');
  expect(headers['netlify-cdn-cache-control']).toBeUndefined();
  expect(headers['x-robots-tag']).toContain('noindex');
  await expect(page.getByText('তাসনিম রহমান')).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  // Never kept by the CDN, whoever asks again.
  expect(
    cdn()
      .held()
      .some((copy) => copy.url.startsWith('/tickets/')),
  ).toBe(false);
  expect((await request.get(ticketPath!)).headers()['cache-status']).not.toMatch(HIT);
  expect(errors).toEqual([]);
});

test('the form posted as HTML without script: its answers pass the CDN and are never kept; the event page stays shared', async ({
  browser,
  request,
  baseURL,
}) => {
  const id = await siteEvent(request, baseURL, 'Registration Without Script', 5);
  const eventPath = `/events/${id}`;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(eventPath);
  await expect(page.getByText('5 of 5 seats left')).toBeVisible();
  await page.getByLabel('Full name').fill('রাফি Without Script');
  await page.getByLabel('E-mail', { exact: true }).fill('not an address');
  const register = page.locator('#register').getByRole('button', { name: 'Register' });
  const [refused] = await Promise.all([
    page.waitForResponse((res) => new URL(res.url()).pathname === `${eventPath}/register`),
    register.click(),
  ]);
  expect(refused.status()).toBe(400);
  expect(refused.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveAccessibleDescription(
    'E-mail must be a valid e-mail address',
  );
  await page.getByLabel('E-mail', { exact: true }).fill('rafi.noscript@netlify.test');
  await page.getByLabel('I agree that the chapter uses these details to run this event').check();
  await register.click();
  // Kept: the function answers 303 to the ticket's page.
  await expect(page).toHaveURL(/\/tickets\/[\w-]{32,}$/);
  await expect(page.getByText('রাফি Without Script', { exact: true })).toBeVisible();
  await context.close();

  // Both posts went through to the function and neither answer was kept; the page itself is still shared,
  // and the seat taken purged it.
  const posted = cdn()
    .log()
    .filter((entry) => entry.method === 'POST' && entry.url === `${eventPath}/register`);
  expect(posted).toEqual([
    expect.objectContaining({ status: 400, cache: 'pass', stored: false }),
    expect.objectContaining({ status: 303, cache: 'pass', stored: false }),
  ]);
  expect(
    cdn()
      .held()
      .filter((copy) => copy.url.startsWith(`${eventPath}/`)),
  ).toEqual([]);
  // The client never sees the CDN's own lifetime header: that the page is kept shows in the model's copies.
  const again = await request.get(eventPath);
  expect(await again.text()).toContain('4 of 5 seats left');
  expect(
    cdn()
      .held()
      .some((copy) => copy.url === eventPath),
  ).toBe(true);
  expect((await request.get(eventPath)).headers()['cache-status']).toMatch(HIT);
});

test('a cancelled seat goes to the first on the waitlist, and the count the CDN shares follows', async ({
  request,
}) => {
  const post = (n: number) => request.post(`/api/v1/events/${eventId}/registrations`, { data: registrant(n) });
  const second = (await (await post(2)).json()) as { status: string; ticket: string };
  expect(second.status).toBe('confirmed');
  const third = (await (await post(3)).json()) as { status: string; position: number; ticket: string };
  expect(third).toMatchObject({ status: 'waitlisted', position: 1 });
  expect(await summaryOf(request, eventId)).toMatchObject({ confirmed: 2, waitlisted: 1, seatsLeft: 0 });

  const cancelled = await request.delete(`/api/v1/tickets/${second.ticket}`);
  expect(await cancelled.json()).toMatchObject({ status: 'cancelled' });
  const promoted = await request.get(`/api/v1/tickets/${third.ticket}`);
  expect(promoted.headers()['cache-control']).toBe('private, no-store');
  expect(await promoted.json()).toMatchObject({ status: 'confirmed', fullName: 'Registrant 3' });
  expect(await summaryOf(request, eventId)).toMatchObject({ confirmed: 2, waitlisted: 0 });

  // A repeat of an address already registered, in another case: 409, and nothing about the first.
  const repeat = await request.post(`/api/v1/events/${eventId}/registrations`, {
    data: { ...registrant(3), email: 'REGISTRANT3@netlify.test' },
  });
  expect(repeat.status()).toBe(409);
  expect(JSON.stringify(await repeat.json())).not.toContain('Registrant 3');
});

test('staff read the attendee list and the CSV, never from a shared copy', async ({ request, baseURL }) => {
  const auth = { Authorization: `Bearer ${await staffToken(baseURL)}` };
  const list = await request.get(`/api/v1/events/${eventId}/registrations`, { headers: auth });
  expect(list.status()).toBe(200);
  expect(list.headers()['cache-control']).toBe('private, no-store');
  expect(((await list.json()) as { counts: object }).counts).toMatchObject({
    confirmed: 2,
    waitlisted: 0,
    cancelled: 1,
  });
  const csv = await request.get(`/api/v1/events/${eventId}/registrations.csv`, { headers: auth });
  expect(csv.status()).toBe(200);
  expect(csv.headers()['cache-control']).toBe('private, no-store');
  const bytes = await csv.body();
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8')).toContain('তাসনিম রহমান');
  expect((await request.get(`/api/v1/events/${eventId}/registrations`)).status()).toBe(401);
  expect(
    cdn()
      .held()
      .some((copy) => copy.url.includes('/registrations')),
  ).toBe(false);
});

test('20 registrants at once for 5 seats through the function: 5 confirmed, 15 waitlisted in order', async ({
  request,
  baseURL,
}) => {
  // The 300-for-50 burst runs through Neon's driver directly before this walk (scripts/test-netlify.ts);
  // here the function takes a burst that the CLI's local runtime (one process, 30 s a request) serves in time.
  const id = await siteEvent(request, baseURL, 'Registration Rush', 5);
  const answers = await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      // Each from a local address of its own: the per-address limit is not what this tests.
      const res = await postFrom(`127.0.1.${i + 1}`, `/api/v1/events/${id}/registrations`, registrant(1000 + i));
      return { status: res.status, body: JSON.parse(res.text) as { status: string; position?: number } };
    }),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
  expect(answers.filter((a) => a.body.status === 'confirmed')).toHaveLength(5);
  const places = answers.filter((a) => a.body.status === 'waitlisted').map((a) => a.body.position!);
  expect(places.sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  expect(await summaryOf(request, id)).toMatchObject({ confirmed: 5, waitlisted: 15, seatsLeft: 0 });
});
