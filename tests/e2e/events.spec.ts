import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { test, expect } from './fixtures.ts';
import { adminToken, createEvent, deleteAllEvents } from './live-data.ts';

/** The browser's "now" for these tests: noon in Dhaka on 10 March 2027 (06:00 UTC). */
const NOW = new Date('2027-03-10T12:00:00+06:00');

/** Holds API calls matching `pattern` until the returned release() is called, to observe loading states. */
async function holdApi(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('/events', () => {
  test.beforeEach(async ({ request, baseURL }) => {
    await deleteAllEvents(request, await adminToken(request, baseURL!));
  });

  test('shows a 3-card skeleton, then both empty states on an empty database', async ({ page }) => {
    const release = await holdApi(page, '**/api/v1/events');
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    await expect(page.getByTestId('event-skeleton')).toHaveCount(3);
    release();
    await expect(page.getByText('No Upcoming Events Found')).toBeVisible();
    await expect(page.getByText('No Events Found')).toBeVisible();
    await expect(page.getByTestId('event-skeleton')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All Events' })).toBeVisible();
  });

  test('splits upcoming from past around now, in Dhaka time', async ({ page, request, baseURL }) => {
    const token = await adminToken(request, baseURL!);
    const laterToday = await createEvent(request, token, { title: 'Later Today Workshop', fees: 500 });
    await createEvent(request, token, {
      title: 'Ended This Morning',
      startTime: '09:00',
      endTime: '11:30',
    });
    await createEvent(request, token, {
      title: 'Next Month Hackathon',
      eventDate: '2027-04-05',
      startTime: '10:00',
      endTime: '18:00',
      fees: 1500,
    });
    await createEvent(request, token, { title: 'Last Year Seminar', eventDate: '2026-01-05' });

    await page.clock.setFixedTime(NOW);
    await page.goto('/events');
    const upcoming = page.getByRole('region', { name: 'Upcoming Events' });
    const all = page.getByRole('region', { name: 'All Events' });
    await expect(all.getByRole('article')).toHaveCount(4);

    // An event later today has not ended: it is upcoming; one that ended this morning is not.
    await expect(upcoming.getByRole('article')).toHaveCount(2);
    await expect(upcoming).toContainText('Later Today Workshop');
    await expect(upcoming).toContainText('Next Month Hackathon');
    await expect(upcoming).not.toContainText('Ended This Morning');
    await expect(upcoming).not.toContainText('Last Year Seminar');

    // Every card in All Events; only the upcoming ones carry the mark.
    await expect(all.getByText('Upcoming', { exact: true })).toHaveCount(2);
    const card = all.getByRole('article').filter({ hasText: 'Later Today Workshop' });
    await expect(card.getByText('Upcoming', { exact: true })).toBeVisible();
    await expect(card).toContainText('Mar 10, 2027');
    await expect(card).toContainText('500 BDT');
    // The event's banner, through the image CDN (tests/e2e/responsive-images.spec.ts covers the sizes).
    await expect(card.locator('img')).toHaveAttribute('src', /^\/\.netlify\/images\?url=\/og-default\.png&/);
    await expect(card.getByRole('link', { name: 'Later Today Workshop' })).toHaveAttribute(
      'href',
      `/events/${laterToday._id}`,
    );
    await expect(all.getByRole('article').filter({ hasText: 'Next Month Hackathon' })).toContainText('1,500 BDT');
    const past = all.getByRole('article').filter({ hasText: 'Last Year Seminar' });
    await expect(past).toContainText('Jan 5, 2026');
    await expect(past).toContainText('Free Entry');
    await expect(past.getByText('Upcoming', { exact: true })).toHaveCount(0);

    await card.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/events/${laterToday._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Later Today Workshop' })).toBeVisible();
  });

  test('shows only past events with the upcoming empty state', async ({ page, request, baseURL }) => {
    const token = await adminToken(request, baseURL!);
    await createEvent(request, token, { title: 'Old Meetup', eventDate: '2025-02-01' });
    await page.clock.setFixedTime(NOW);
    await page.goto('/events');
    await expect(page.getByText('No Upcoming Events Found')).toBeVisible();
    await expect(page.getByRole('region', { name: 'All Events' }).getByRole('article')).toHaveCount(1);
  });

  test('has no serious accessibility violations in light and dark', async ({ page, request, baseURL }) => {
    const token = await adminToken(request, baseURL!);
    await createEvent(request, token, { title: 'Accessible Event' });
    await page.clock.setFixedTime(NOW);
    await page.goto('/events');
    await expect(page.getByRole('article')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousA11yViolations(page);
  });

  test('says so when the events cannot be loaded (no retry)', async ({ page, consoleErrors }) => {
    let calls = 0;
    await page.route('**/api/v1/events', (route) => {
      calls++;
      return route.abort('connectionrefused');
    });
    await page.goto('/events');
    await expect(page.getByRole('alert')).toContainText('Events could not be loaded');
    await expect(page.getByRole('alert')).toContainText('Network error');
    expect(calls).toBe(1);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes('net::ERR_')));
  });

  test('ships only the small list island', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/events');
    await expect(page.getByText('No Events Found')).toBeVisible();
    // No Swiper, no toasts: those belong to other pages.
    expect(scripts.some((url) => /swiper|toast/i.test(url))).toBe(false);
    await expect(page.locator('astro-island[client="idle"]')).toHaveCount(1);
  });
});

test.describe('/events/{id}', () => {
  test('shows the event and its metadata, with no loading skeleton', async ({ page, request, baseURL }) => {
    const token = await adminToken(request, baseURL!);
    const event = await createEvent(request, token, {
      title: 'Cloud Native Bootcamp',
      host: 'IEEE CS BDC Student Branch',
      fees: 250,
      location: 'NSU, Dhaka',
      registrationMethod: 'Online',
      description: 'Learn containers.\n\nDeploy to the cloud.\nShip it.',
    });
    const response = await page.goto(`/events/${event._id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('event-skeleton')).toHaveCount(0);

    await expect(page.getByRole('heading', { level: 1, name: 'Cloud Native Bootcamp' })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(breadcrumb.getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events');
    await expect(breadcrumb).toContainText('Cloud Native Bootcamp');
    await expect(page.getByRole('img', { name: 'Banner of Cloud Native Bootcamp' })).toHaveAttribute(
      'src',
      /^\/\.netlify\/images\?url=\/og-default\.png&/,
    );
    const facts = page.locator('dl');
    await expect(facts).toContainText('Organized By');
    await expect(facts).toContainText('IEEE CS BDC Student Branch');
    await expect(facts).toContainText('Wednesday, March 10, 2027');
    await expect(facts).toContainText('3:00 PM - 5:00 PM');
    await expect(facts).toContainText('NSU, Dhaka');
    await expect(facts).toContainText('250 BDT');
    // The description, one paragraph per line.
    const about = page.locator('article p');
    await expect(about.filter({ hasText: 'Learn containers.' })).toHaveCount(1);
    await expect(about.filter({ hasText: 'Deploy to the cloud.' })).toHaveCount(1);
    await expect(about.filter({ hasText: 'Ship it.' })).toHaveCount(1);

    const register = page.getByRole('link', { name: /Register Now/ });
    await expect(register).toHaveAttribute('href', 'https://example.org/register');
    await expect(register).toHaveAttribute('target', '_blank');
    await expect(register).toHaveAttribute('rel', 'noopener noreferrer');

    await expect(page).toHaveTitle('Cloud Native Bootcamp | IEEE Computer Society Bangladesh Chapter');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Learn containers. Deploy to the cloud. Ship it.',
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/events/${event._id}`);

    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Cloud Native Bootcamp',
      startDate: '2027-03-10T15:00:00+06:00',
      endDate: '2027-03-10T17:00:00+06:00',
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: 'https://example.org/register' },
      organizer: { name: 'IEEE CS BDC Student Branch' },
      offers: { price: 250, priceCurrency: 'BDT' },
    });
    expect(jsonLd.image[0]).toBe(`${baseURL}/og-default.png`);
  });

  test('downloads an .ics file for the event', async ({ page, request, baseURL }) => {
    const token = await adminToken(request, baseURL!);
    const event = await createEvent(request, token, { title: 'Calendar, Test; Event', location: 'DU, Dhaka' });
    await page.goto(`/events/${event._id}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Add to calendar' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('calendar-test-event.ics');
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const ics = Buffer.concat(chunks).toString('utf8');
    const lines = ics.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain('SUMMARY:Calendar\\, Test\\; Event');
    expect(lines).toContain('DTSTART:20270310T090000Z');
    expect(lines).toContain('DTEND:20270310T110000Z');
    expect(lines).toContain('LOCATION:DU\\, Dhaka');
    expect(lines).toContain(`UID:${event._id}@ieeecsbdc.org`);
    expect(ics.replace(/\r\n /g, '')).toContain(`URL:${baseURL}/events/${event._id}`);
  });

  for (const [name, path] of [
    ['an unknown id', '/events/7d0c4a56-1b2e-4c3d-9e8f-001122334455'],
    ['a malformed id', '/events/not-an-id'],
  ] as const) {
    test(`answers 404 with "Event not found" for ${name}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();
      await expect(page.getByText("Sorry, we couldn't find the event you're looking for.")).toBeVisible();
      await expect(page).toHaveTitle(/^Event not found \|/);
      await expect(page.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    });
  }

  test('has no serious accessibility violations in light and dark', async ({ page, request, baseURL }) => {
    const token = await adminToken(request, baseURL!);
    const event = await createEvent(request, token);
    await page.goto(`/events/${event._id}`);
    await expect(page.getByRole('heading', { level: 1, name: BASE_TITLE })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousA11yViolations(page);
  });
});

const BASE_TITLE = 'Intro to Machine Learning';
