import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { parseCalendar, parseRss } from '../support/parse-feeds.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { test, expect } from './fixtures.ts';
import { adminToken, apiCall, createEvent, deleteAllEvents } from './live-data.ts';

const upcomingSection = (page: Page) => page.getByRole('region', { name: 'Upcoming Events' });
const allSection = (page: Page) => page.getByRole('region', { name: 'All Events' });

test.describe('/events', () => {
  test.beforeEach(async ({ request, baseURL }) => {
    await deleteAllEvents(request, await adminToken(request, baseURL!));
  });

  // The lists come with the page (rendered on the server): there is no loading state to show, as on
  // the event page. What the spec's skeleton stood for, the wait for the list, is gone.
  test('shows both empty states on an empty database, with the page and without asking the API', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/')) asked.push(req.url());
    });
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(headings).toHaveText(['Upcoming Events', 'All Events']);
    await expect(upcomingSection(page).getByText('No Upcoming Events Found')).toBeVisible();
    await expect(allSection(page).getByText('No Events Found')).toBeVisible();
    await expect(page.getByTestId('event-skeleton')).toHaveCount(0);
    // No pages to turn with nothing in the list.
    await expect(page.getByRole('navigation', { name: 'All events pages' })).toHaveCount(0);
    expect(asked).toEqual([]);
  });

  // Which events are upcoming is the server's call, on its clock: the edge (an event later today against
  // one that ended this morning, in Dhaka time) is tested there with a fixed clock
  // (tests/api/event-list-and-feeds.test.ts). Here the events are years from any edge.
  test('shows upcoming events, then every event, each card with its date, time (GMT+6) and fee', async ({
    page,
    request,
    baseURL,
  }) => {
    const token = await adminToken(request, baseURL!);
    const soon = await createEvent(request, token, { title: 'Future Workshop', eventDate: '2099-03-10', fees: 500 });
    await createEvent(request, token, {
      title: 'Next Month Hackathon',
      eventDate: '2099-04-05',
      startTime: '10:00',
      endTime: '18:00',
      fees: 1500,
    });
    await createEvent(request, token, { title: 'Last Year Seminar', eventDate: '2025-01-05' });

    await page.goto('/events');
    const upcoming = upcomingSection(page);
    const all = allSection(page);
    // Soonest first; "All Events" holds every event, upcoming first, then the most recent.
    await expect(upcoming.getByRole('heading', { level: 3 })).toHaveText(['Future Workshop', 'Next Month Hackathon']);
    await expect(all.getByRole('heading', { level: 3 })).toHaveText([
      'Future Workshop',
      'Next Month Hackathon',
      'Last Year Seminar',
    ]);

    const card = upcoming.getByRole('article').filter({ hasText: 'Future Workshop' });
    await expect(card.getByText('Upcoming', { exact: true })).toBeVisible();
    await expect(card).toContainText('Mar 10, 2099');
    await expect(card).toContainText('3:00 PM GMT+6');
    await expect(card).toContainText('500 BDT');
    // The event's banner, through the image CDN (tests/e2e/responsive-images.spec.ts covers the sizes).
    await expect(card.locator('img')).toHaveAttribute('src', /^\/\.netlify\/images\?url=\/og-default\.png&/);
    await expect(card.getByRole('link', { name: 'Future Workshop' })).toHaveAttribute('href', `/events/${soon._id}`);
    await expect(upcoming.getByRole('article').filter({ hasText: 'Next Month Hackathon' })).toContainText('1,500 BDT');
    const old = all.getByRole('article').filter({ hasText: 'Last Year Seminar' });
    await expect(old).toContainText('Jan 5, 2025');
    await expect(old).toContainText('Free Entry');
    await expect(old.getByText('Upcoming', { exact: true })).toHaveCount(0);
    await expect(all.getByRole('article').filter({ hasText: 'Future Workshop' }).getByText('Upcoming')).toBeVisible();

    await card.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/events/${soon._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Future Workshop' })).toBeVisible();
  });

  test('shows only past events with the upcoming empty state', async ({ page, request, baseURL }) => {
    const token = await adminToken(request, baseURL!);
    await createEvent(request, token, { title: 'Old Meetup', eventDate: '2025-02-01' });
    await page.goto('/events');
    await expect(upcomingSection(page).getByText('No Upcoming Events Found')).toBeVisible();
    await expect(allSection(page).getByRole('article')).toHaveCount(1);
    await expect(page.getByText('No Events Found')).toHaveCount(0);
  });

  test('has no serious accessibility violations in light and dark', async ({ page, request, baseURL }) => {
    const token = await adminToken(request, baseURL!);
    await createEvent(request, token, { title: 'Accessible Event', eventDate: '2099-01-01' });
    for (let i = 1; i <= 10; i++)
      await createEvent(request, token, { title: `Archived ${i}`, eventDate: '2024-01-01' });
    await page.goto('/events');
    await expect(page.getByRole('article')).toHaveCount(10);
    // The filter and the pager are part of what is checked.
    await expect(page.getByRole('combobox', { name: 'Chapter' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'All events pages' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousA11yViolations(page, { coloursOnly: true });
  });

  test('ships no framework JavaScript: no island, no script file', async ({ page, request, baseURL }) => {
    await createEvent(request, await adminToken(request, baseURL!), { title: 'Light Event', eventDate: '2099-01-01' });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/events');
    await expect(page.getByRole('article')).toHaveCount(2);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.locator('astro-island')).toHaveCount(0);
    expect(scripts).toEqual([]);
  });
});

/** Presses Tab (and only Tab) until `target` has the focus; fails if it never does. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error('the element never took the focus from the keyboard');
}

const ALPHA = { name: 'Alpha Test Chapter', slug: 'alpha-test', password: 'alpha-test-password' };

/** A second chapter account (made once per server) and its token, to own events of its own. */
async function alphaToken(request: APIRequestContext, admin: string): Promise<string> {
  const existing = await request.get(`/api/v1/users/${ALPHA.slug}`, { headers: { Authorization: `Bearer ${admin}` } });
  if (existing.status() === 404) {
    await apiCall(request, admin, 'post', '/users', {
      name: ALPHA.name,
      email: `${ALPHA.slug}@example.org`,
      password: ALPHA.password,
      phone: '+8801711000000',
      slug: ALPHA.slug,
    });
  }
  const login = await request.post('/api/v1/auth/login', {
    data: { email: `${ALPHA.slug}@example.org`, password: ALPHA.password },
  });
  return ((await login.json()) as { token: string }).token;
}

test.describe('/events: the filter and the pages of "All Events", and the feeds', () => {
  test.beforeEach(async ({ request, baseURL }) => {
    await deleteAllEvents(request, await adminToken(request, baseURL!));
  });

  test('filters "All Events" by chapter from the keyboard; the address keeps the choice', async ({
    page,
    request,
    baseURL,
  }) => {
    const admin = await adminToken(request, baseURL!);
    const alpha = await alphaToken(request, admin);
    await createEvent(request, admin, { title: 'Home Upcoming', eventDate: '2099-01-10' });
    await createEvent(request, admin, { title: 'Home Past', eventDate: '2024-01-10' });
    await createEvent(request, alpha, { title: 'Alpha Upcoming', eventDate: '2099-02-10' });
    await createEvent(request, alpha, { title: 'Alpha Past', eventDate: '2024-02-10' });

    await page.goto('/events');
    const all = allSection(page);
    await expect(all.getByRole('article')).toHaveCount(4);
    // The filter belongs to "All Events".
    const filter = all.getByRole('combobox', { name: 'Chapter' });
    await expect(filter.getByRole('option')).toHaveText(['All chapters', ALPHA.name, HOME_NAME]);

    await tabTo(page, filter);
    await page.keyboard.press('ArrowDown');
    await expect(filter).toHaveValue(ALPHA.slug);
    // Choosing alone changes nothing (no page load under the keyboard): "Show" applies it.
    await expect(all.getByRole('article')).toHaveCount(4);
    await page.keyboard.press('Tab');
    await expect(all.getByRole('button', { name: 'Show' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/events\?chapter=alpha-test#all-events$/);
    await expect(allSection(page).getByRole('heading', { level: 3 })).toHaveText(['Alpha Upcoming', 'Alpha Past']);
    await expect(page.getByRole('combobox', { name: 'Chapter' })).toHaveValue(ALPHA.slug);
    // "Upcoming Events" still lists every chapter's.
    await expect(upcomingSection(page).getByRole('heading', { level: 3 })).toHaveText([
      'Home Upcoming',
      'Alpha Upcoming',
    ]);

    // Back to every chapter.
    await page.getByRole('combobox', { name: 'Chapter' }).selectOption({ label: 'All chapters' });
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/\/events\?chapter=#all-events$/);
    await expect(allSection(page).getByRole('article')).toHaveCount(4);

    // An unknown chapter matches nothing.
    await page.goto('/events?chapter=no-such-chapter');
    await expect(allSection(page).getByText('No Events Found')).toBeVisible();
    await expect(upcomingSection(page).getByRole('article')).toHaveCount(2);
  });

  test('pages "All Events" 9 at a time from the keyboard, the page in the address', async ({
    page,
    request,
    baseURL,
  }) => {
    const admin = await adminToken(request, baseURL!);
    // Eleven past events, newest first: Archived 1 (Jan 11) ... Archived 11 (Jan 1).
    for (let i = 1; i <= 11; i++) {
      await createEvent(request, admin, {
        title: `Archived ${i}`,
        eventDate: `2024-01-${String(12 - i).padStart(2, '0')}`,
      });
    }
    await page.goto('/events');
    const all = allSection(page);
    const pager = page.getByRole('navigation', { name: 'All events pages' });
    await expect(all.getByRole('article')).toHaveCount(9);
    await expect(pager).toContainText('Page 1 of 2');
    await expect(all.getByRole('article').first()).toContainText('Archived 1');
    // The spent direction is no link.
    await expect(pager.getByRole('link')).toHaveCount(1);
    await expect(pager.getByRole('link', { name: 'Next' })).toBeVisible();

    await tabTo(page, pager.getByRole('link', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/events\?page=2#all-events$/);
    await expect(all.getByRole('heading', { level: 3 })).toHaveText(['Archived 10', 'Archived 11']);
    await expect(pager).toContainText('Page 2 of 2');
    await expect(pager.getByRole('link')).toHaveCount(1);
    await expect(pager.getByRole('link', { name: 'Previous' })).toBeVisible();
    // The page opens at "All Events", and the keyboard goes on from there.
    await expect(page.getByRole('heading', { name: 'All Events' })).toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Chapter' })).toBeFocused();

    await tabTo(page, pager.getByRole('link', { name: 'Previous' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/events#all-events$/);
    await expect(all.getByRole('article')).toHaveCount(9);

    // A page past the end shows the last one.
    await page.goto('/events?page=7');
    await expect(pager).toContainText('Page 2 of 2');
    await expect(all.getByRole('article')).toHaveCount(2);
  });

  test('links the calendar (webcal:// and download) and the RSS feed, and announces the feeds', async ({
    page,
    request,
    baseURL,
  }) => {
    const admin = await adminToken(request, baseURL!);
    const event = await createEvent(request, admin, { title: 'Feed Workshop', eventDate: '2099-05-01' });
    await page.goto('/events');
    // The links name the site the page was asked from, as its canonical link does.
    const site = new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!).origin;
    const host = new URL(site).host;

    const subscribe = page.getByRole('link', { name: /^Subscribe in your calendar to / });
    await expect(subscribe).toHaveAttribute('href', `webcal://${host}/api/v1/events.ics`);
    const download = page.getByRole('link', { name: /^Download \.ics of / });
    await expect(download).toHaveAttribute('href', `${site}/api/v1/events.ics`);
    await expect(download).toHaveAttribute('download', '');
    await expect(page.getByRole('link', { name: /^RSS feed of/ })).toHaveAttribute('href', `${site}/api/v1/events.rss`);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      'href',
      `${site}/api/v1/events.rss`,
    );
    await expect(page.locator('link[rel="alternate"][type="text/calendar"]')).toHaveAttribute(
      'href',
      `${site}/api/v1/events.ics`,
    );

    // What the links name is served here, and holds the event.
    const calendar = parseCalendar(await (await request.get('/api/v1/events.ics')).text());
    expect(calendar.events.map((e) => e.uid)).toEqual([`${event._id}@ieeecsbdc.org`]);
    const rss = parseRss(await (await request.get('/api/v1/events.rss')).text());
    expect(rss.items.map((i) => i.title)).toEqual(['Feed Workshop']);
  });

  test('the blog list announces its RSS feed', async ({ page, request }) => {
    await page.goto('/blogs');
    const alternate = page.locator('link[rel="alternate"][type="application/rss+xml"]');
    await expect(alternate).toHaveAttribute('title', 'IEEE Computer Society Bangladesh Chapter blog');
    const href = (await alternate.getAttribute('href'))!;
    expect(new URL(href).pathname).toBe('/api/v1/blog.rss');
    const rss = parseRss(await (await request.get(new URL(href).pathname)).text());
    expect(rss.items.length).toBeGreaterThan(0);
  });
});

const HOME_NAME = 'IEEE Computer Society Bangladesh Chapter';

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
    await expect(facts).toContainText('3:00 PM - 5:00 PM GMT+6');
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

  test('links the event to Google Calendar with its UTC times, beside the .ics download', async ({
    page,
    request,
    baseURL,
  }) => {
    const token = await adminToken(request, baseURL!);
    const event = await createEvent(request, token, { title: 'Google & Calendar', location: 'DU, Dhaka' });
    await page.goto(`/events/${event._id}`);
    const google = page.getByRole('link', { name: /^Add to Google Calendar/ });
    await expect(google).toHaveAttribute('target', '_blank');
    const url = new URL((await google.getAttribute('href'))!);
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Google & Calendar');
    // 3:00-5:00 PM in Dhaka (GMT+6) is 09:00-11:00 UTC.
    expect(url.searchParams.get('dates')).toBe('20270310T090000Z/20270310T110000Z');
    expect(url.searchParams.get('location')).toBe('DU, Dhaka');
    expect(url.searchParams.get('details')).toContain(`${baseURL}/events/${event._id}`);
    // The two calendar links sit together, after Register Now.
    await expect(page.getByRole('group', { name: 'Calendar' }).getByRole('link')).toHaveText([
      'Add to calendar',
      /^Add to Google Calendar/,
    ]);
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
    await expectNoSeriousA11yViolations(page, { coloursOnly: true });
  });
});

const BASE_TITLE = 'Intro to Machine Learning';
