import { test, expect, type APIRequestContext } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { dhakaDay } from '../../src/lib/dhaka-time.ts';
import { ADMIN, HIT, adminToken, signIn, tagsHeld, useStoppedCdn } from './walk.ts';

/**
 * The door and after as Netlify runs it: check-ins, the attendance report and certificates
 * through the API function on Neon's driver, every request through the CDN model with its clock stopped
 * (a stale answer is a purge that did not happen). Check-ins, reports and tickets are never shared; a
 * certificate's verify page is, under its own tag and its event's and chapter's, so withdrawing it or
 * editing its event shows at once.
 */
test.describe.configure({ mode: 'serial' });

const cdn = useStoppedCdn();

let auth: Record<string, string> = {};
let eventId = '';
let ticket = '';
let otherTicket = '';
let certificateId = '';

const EVENT = {
  title: 'Door Walk Workshop',
  eventDate: '2031-07-05',
  startTime: '10:00',
  endTime: '16:00',
  location: 'BUET, Dhaka',
  host: 'IEEE CS Bangladesh Chapter',
  registrationMethod: 'Offline',
  fees: 0,
  banner: '/og-default.png',
  eventLink: 'https://example.org/unused',
  description: 'Check-in and certificates through the production shape.',
  registration: { mode: 'site', capacity: 10 },
  certificates: { auto: false, signatoryName: 'Dr. Farhana Karim', signatoryTitle: 'Chair' },
};

/**
 * The day before today in Dhaka: the walk registers people while the event is ahead, then moves it there
 * (the function runs on the real clock), so the door is open and the event has ended: no-shows are
 * counted and certificates can be issued.
 */
const YESTERDAY = dhakaDay(new Date(Date.now() - 86_400_000));

async function register(request: APIRequestContext, fullName: string, email: string): Promise<string> {
  const res = await request.post(`/api/v1/events/${eventId}/registrations`, {
    data: { fullName, email, institution: 'BUET', consent: true },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { ticket: string }).ticket;
}

test('staff check tickets in through the function: a retried scan and a second door count once, never shared', async ({
  request,
  baseURL,
}) => {
  auth = { Authorization: `Bearer ${await adminToken(baseURL)}` };

  const created = await request.post('/api/v1/events', { headers: auth, data: EVENT });
  expect(created.status()).toBe(201);
  eventId = ((await created.json()) as { event: { id: string } }).event.id;
  ticket = await register(request, 'মাহমুদ হাসান', 'mahmud@netlify.test');
  otherTicket = await register(request, 'Door Guest', 'guest@netlify.test');
  const held = await request.patch(`/api/v1/events/${eventId}`, { headers: auth, data: { eventDate: YESTERDAY } });
  expect(held.status()).toBe(200);

  const checkIn = (body: object) => request.post(`/api/v1/events/${eventId}/check-ins`, { headers: auth, data: body });
  // What the ticket's QR code holds: its address.
  const scan = { ticket: `${baseURL}/tickets/${ticket}`, id: crypto.randomUUID() };
  const first = await checkIn(scan);
  expect(first.status()).toBe(200);
  expect(first.headers()['cache-control']).toBe('private, no-store');
  const firstAnswer = (await first.json()) as { result: string; fullName: string; checkedInAt: string };
  expect(firstAnswer).toMatchObject({ result: 'checked-in', fullName: 'মাহমুদ হাসান' });
  // The phone lost the answer and sends the same scan again: the same answer, not a second count.
  expect(await (await checkIn(scan)).json()).toMatchObject(firstAnswer);
  // Another door scans the same ticket: already, at the first door's time.
  expect(await (await checkIn({ ticket, id: crypto.randomUUID() })).json()).toMatchObject({
    result: 'already',
    checkedInAt: firstAnswer.checkedInAt,
  });
  expect((await checkIn({ ticket: 'x'.repeat(32) })).status()).toBe(404);
  expect((await request.post(`/api/v1/events/${eventId}/check-ins`, { data: { ticket } })).status()).toBe(401);

  const report = await request.get(`/api/v1/events/${eventId}/attendance`, { headers: auth });
  expect(report.headers()['cache-control']).toBe('private, no-store');
  expect(await report.json()).toMatchObject({ registered: 2, attended: 1, noShows: 1, members: 0, guests: 1 });
  const csv = await request.get(`/api/v1/events/${eventId}/attendance.csv`, { headers: auth });
  expect(csv.status()).toBe(200);
  expect(csv.headers()['cache-control']).toBe('private, no-store');
  expect((await csv.body()).toString('utf8')).toContain('মাহমুদ হাসান');
  expect(
    cdn()
      .held()
      .some((copy) => /check-ins|attendance/.test(copy.url)),
  ).toBe(false);
});

test('a certificate issued by staff: the ticket links it, its verify page is shared under its tags and purged on withdrawal', async ({
  page,
  request,
  baseURL,
}) => {
  const issued = await request.post(`/api/v1/events/${eventId}/certificates`, { headers: auth });
  expect(issued.status()).toBe(200);
  expect(await issued.json()).toMatchObject({ issued: 1 });

  const held = await request.get(`/api/v1/tickets/${ticket}`);
  expect(held.headers()['cache-control']).toBe('private, no-store');
  const certificate = ((await held.json()) as { certificate: { id: string; verifyUrl: string } }).certificate;
  certificateId = certificate.id;
  expect(certificate.verifyUrl).toBe(`${baseURL}/verify/${certificateId}`);
  // The one not checked in has none.
  expect(await (await request.get(`/api/v1/tickets/${otherTicket}`)).json()).not.toHaveProperty('certificate');

  // The printable certificate is the ticket holder's: never kept.
  const sheet = await page.goto(`/tickets/${ticket}/certificate`);
  expect(sheet?.status()).toBe(200);
  expect(sheet!.headers()['cache-control']).toBe('private, no-store');
  await expect(page.locator('[data-certificate-name]')).toHaveText('মাহমুদ হাসান');
  await expect(page.getByText('Dr. Farhana Karim')).toBeVisible();
  expect(
    cdn()
      .held()
      .some((copy) => copy.url.startsWith('/tickets/')),
  ).toBe(false);

  const verifyPath = `/verify/${certificateId}`;
  const first = await page.goto(verifyPath);
  expect(first?.status()).toBe(200);
  // It names a person: out of search engines, though the CDN shares it.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByText('This certificate is valid')).toBeVisible();
  await expect(page.locator('[data-certificate-name]')).toHaveText('মাহমুদ হাসান');
  expect((await request.get(verifyPath)).headers()['cache-status']).toMatch(HIT);
  const tags = tagsHeld(cdn(), verifyPath) ?? [];
  expect(tags).toEqual(expect.arrayContaining([`certificate-${certificateId}`, `event-${eventId}`]));
  expect(tags.some((tag) => tag.startsWith('chapter-'))).toBe(true);

  // An unknown id is a 404, kept under its own tag.
  const unknown = await request.get('/verify/AAAAAAAAAAAAAAAAAAAAAA');
  expect(unknown.status()).toBe(404);

  // Editing the event purges the page: it shows the new title at once.
  const renamed = await request.put(`/api/v1/events/${eventId}`, {
    headers: auth,
    data: { ...EVENT, eventDate: YESTERDAY, title: 'Door Walk Workshop (Day 1)' },
  });
  expect(renamed.status()).toBe(200);
  await page.goto(verifyPath);
  await expect(page.getByText('Door Walk Workshop (Day 1)').first()).toBeVisible();

  // Withdrawn: the shared copy is purged, and the next visitor is told.
  const withdrawn = await request.patch(`/api/v1/certificates/${certificateId}`, {
    headers: auth,
    data: { withdrawn: true, reason: 'Issued by mistake' },
  });
  expect(withdrawn.status()).toBe(200);
  await page.goto(verifyPath);
  await expect(page.locator('[data-certificate-state]')).toHaveAttribute('data-certificate-state', 'withdrawn');
  await expect(page.getByText('Issued by mistake')).toBeVisible();
  await expect(page.getByText('This certificate is valid')).toHaveCount(0);
  expect(await (await request.get(`/api/v1/tickets/${ticket}`)).json()).not.toHaveProperty('certificate');
});

test('a volunteer checks a ticket in on the check-in page; its QR reader comes from this site, the camera is allowed', async ({
  page,
  request,
  baseURL,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  const opened = await page.goto(`/dashboard/events/${eventId}/check-in`);
  expect(opened?.status()).toBe(200);
  // The browser may ask for the camera on this site's own pages (and still asks the volunteer).
  expect(opened!.headers()['permissions-policy']).toContain('camera=(self)');
  const field = page.getByLabel('Ticket address or code');
  await field.fill(`${baseURL}/tickets/${otherTicket}`);
  await field.press('Enter');
  await expect(page.getByTestId('door-answer')).toHaveText('Checked in: Door Guest');
  const report = await request.get(`/api/v1/events/${eventId}/attendance`, { headers: auth });
  expect(await report.json()).toMatchObject({ registered: 2, attended: 2, noShows: 0 });

  // Phones without a QR reader of their own load the WebAssembly one: a hashed file of this build, served
  // as WebAssembly (streaming compilation needs the type). (Its year-long Cache-Control is netlify.toml's
  // /_astro/* rule, which `netlify serve` does not apply to static files: it answers max-age=0.)
  const wasm = readdirSync('dist/_astro').find((name) => name.startsWith('zxing_reader.') && name.endsWith('.wasm'));
  expect(wasm).toBeDefined();
  const reader = await request.get(`/_astro/${wasm}`);
  expect(reader.status()).toBe(200);
  expect(reader.headers()['content-type']).toBe('application/wasm');
});

test('an event’s staff pages answer at /dashboard/events/{id}/{page}; the earlier addresses move there (301)', async ({
  page,
  request,
}) => {
  for (const name of ['registrations', 'attendance']) {
    const moved = await request.get(`/dashboard/events/${name}/${eventId}`, { maxRedirects: 0 });
    expect(moved.status(), name).toBe(301);
    expect(new URL(moved.headers()['location']!, 'http://x').pathname, name).toBe(
      `/dashboard/events/${eventId}/${name}`,
    );
  }
  await signIn(page, ADMIN.email, ADMIN.password);
  const list = await page.goto(`/dashboard/events/registrations/${eventId}`);
  expect(list?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe(`/dashboard/events/${eventId}/registrations`);
  await expect(page.getByRole('heading', { level: 2, name: EVENT.title })).toBeVisible();
  const report = await page.goto(`/dashboard/events/${eventId}/attendance`);
  expect(report?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 2, name: EVENT.title })).toBeVisible();
});
