import { readServedHtml } from '../support/served-html.ts';
import { test, expect } from './fixtures.ts';
import { adminToken, createEvent, deleteAllEvents } from './live-data.ts';

const SITE = 'IEEE Computer Society Bangladesh Chapter';

/**
 * /events/{id} as a link previewer or crawler sees it: the HTML the server sends, read without a
 * browser and without running any script.
 */
test.describe('/events/{id} served HTML', () => {
  test('carries the event, its link-preview tags and schema.org Event', async ({ request, baseURL }) => {
    const token = await adminToken(request, baseURL!);
    const event = await createEvent(request, token, {
      title: 'Served <HTML> & Previews',
      host: 'CS Student Branch',
      fees: 300,
      location: 'KUET, Khulna',
      registrationMethod: 'Offline',
      banner: '/sample/events/ai-workshop.webp',
      description: 'A day of talks on static rendering.\nBring a laptop.',
    });
    const url = `${baseURL}/events/${event._id}`;

    const response = await request.get(url);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    expect(response.headers()['netlify-cdn-cache-control']).toBe(
      'public, durable, s-maxage=60, stale-while-revalidate=604800',
    );
    expect(response.headers()['netlify-cache-tag']).toBe(`event-${event._id}`);
    const page = readServedHtml(await response.text());

    expect(page.title).toBe(`Served <HTML> & Previews | ${SITE}`);
    expect(page.meta('description')).toBe('A day of talks on static rendering. Bring a laptop.');
    expect(page.canonical).toBe(url);
    expect(page.meta('og:url')).toBe(url);
    expect(page.meta('og:title')).toBe(`Served <HTML> & Previews | ${SITE}`);
    expect(page.meta('og:image')).toBe(`${baseURL}/sample/events/ai-workshop.webp`);
    expect(page.meta('twitter:card')).toBe('summary_large_image');

    expect(page.jsonLd).toHaveLength(1);
    expect(page.jsonLd[0]).toMatchObject({
      '@type': 'Event',
      name: 'Served <HTML> & Previews',
      startDate: '2027-03-10T15:00:00+06:00',
      endDate: '2027-03-10T17:00:00+06:00',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'KUET, Khulna' },
      image: [`${baseURL}/sample/events/ai-workshop.webp`],
      url,
      organizer: { '@type': 'Organization', name: 'CS Student Branch' },
      offers: { '@type': 'Offer', price: 300, priceCurrency: 'BDT' },
    });

    // The content itself, before any script: facts, description, and no loading placeholder.
    for (const text of [
      'Served <HTML> & Previews',
      'Organized By CS Student Branch',
      'Wednesday, March 10, 2027',
      '3:00 PM - 5:00 PM GMT+6',
      'KUET, Khulna',
      '300 BDT',
      'A day of talks on static rendering.',
      'Bring a laptop.',
      'Register Now',
    ]) {
      expect(page.text).toContain(text);
    }
    expect(page.text).not.toContain('Loading');
  });

  test('answers 404 to the event’s id in upper case, cached until a deploy, never under a tag of that spelling', async ({
    request,
    baseURL,
  }) => {
    const event = await createEvent(request, await adminToken(request, baseURL!), { title: 'One Spelling' });
    const response = await request.get(`/events/${event.id.toUpperCase()}`);
    expect(response.status()).toBe(404);
    expect(readServedHtml(await response.text()).text).toContain('Event not found');
    expect(response.headers()['netlify-cache-tag']).toBe('until-deploy');
    // A malformed id likewise; an unknown id in the one spelling is kept under its own tag.
    expect((await request.get('/events/not-an-id')).headers()['netlify-cache-tag']).toBe('until-deploy');
    const unknown = '7d0c4a56-1b2e-4c3d-9e8f-001122334455';
    expect((await request.get(`/events/${unknown}`)).headers()['netlify-cache-tag']).toBe(`event-${unknown}`);
  });

  for (const [name, path] of [
    ['an unknown id', '/events/7d0c4a56-1b2e-4c3d-9e8f-001122334455'],
    ['a malformed id', '/events/not-an-id'],
    ['a malformed escape', '/events/%E0%A4%A'],
    ['a very long id', `/events/${'x'.repeat(3000)}`],
  ] as const) {
    test(`answers 404 with the "Event not found" screen for ${name}`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      const page = readServedHtml(await response.text());
      expect(page.title).toBe(`Event not found | ${SITE}`);
      expect(page.meta('robots')).toBe('noindex, nofollow');
      expect(page.text).toContain("Event not found Sorry, we couldn't find the event you're looking for.");
      expect(page.jsonLd).toEqual([]);
    });
  }
});

/**
 * /events as a crawler, a link previewer or a browser without JavaScript sees it: both lists, the
 * filter and the pages are in the served HTML; the CDN keeps one copy per view under the `events` tag.
 */
test.describe('/events served HTML', () => {
  test.beforeEach(async ({ request, baseURL }) => {
    await deleteAllEvents(request, await adminToken(request, baseURL!));
  });

  test('carries both lists, and is cached by the CDN per chapter and page under the events tag', async ({
    request,
    baseURL,
  }) => {
    const token = await adminToken(request, baseURL!);
    await createEvent(request, token, { title: 'Served Upcoming Talk', eventDate: '2099-05-01' });
    await createEvent(request, token, { title: 'Served Past Talk', eventDate: '2024-05-01' });
    const response = await request.get('/events?utm_source=mail');
    expect(response.status()).toBe(200);
    expect(response.headers()['netlify-cdn-cache-control']).toBe(
      'public, durable, s-maxage=60, stale-while-revalidate=604800',
    );
    expect(response.headers()['netlify-cache-tag']).toBe('events');
    // The view's parameters make the key; a tracking parameter does not.
    expect(response.headers()['netlify-vary']).toBe('query=chapter|page');
    const html = await response.text();
    const page = readServedHtml(html);
    expect(page.title).toBe(`Events | ${SITE}`);
    expect(page.canonical).toBe(`${baseURL}/events`);
    expect(page.text).toMatch(
      /Upcoming Events .*Served Upcoming Talk.* All Events Chapter All chapters .* Show .*Served Upcoming Talk.*Served Past Talk/,
    );
    expect(page.text).not.toContain('Loading');
    // Nothing for a framework to hydrate.
    expect(html).not.toContain('<astro-island');
  });

  test('says "No Events Found" for a chapter with none, and both empty messages on an empty list', async ({
    request,
  }) => {
    const empty = readServedHtml(await (await request.get('/events')).text());
    expect(empty.text).toContain('Upcoming Events No Upcoming Events Found');
    expect(empty.text).toMatch(/All Events .* No Events Found/);
    const unknown = readServedHtml(await (await request.get('/events?chapter=no-such-chapter')).text());
    expect(unknown.text).toMatch(/All Events .* No Events Found/);
  });

  test('filters and pages without JavaScript', async ({ browser, request, baseURL }) => {
    const token = await adminToken(request, baseURL!);
    for (let i = 1; i <= 10; i++)
      await createEvent(request, token, { title: `No-script Talk ${i}`, eventDate: `2024-02-${String(20 - i)}` });
    const context = await browser.newContext({ baseURL: baseURL!, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/events');
      const all = page.getByRole('region', { name: 'All Events' });
      await page.getByRole('link', { name: 'Next' }).click();
      await expect(page).toHaveURL(/\/events\?page=2#all-events$/);
      await expect(all.getByRole('heading', { level: 3 })).toHaveText(['No-script Talk 10']);
      await page.getByRole('combobox', { name: 'Chapter' }).selectOption({ label: SITE });
      await page.getByRole('button', { name: 'Show' }).click();
      await expect(page).toHaveURL(/\/events\?chapter=ieee-cs-bdc#all-events$/);
      await expect(all.getByRole('article')).toHaveCount(9);
    } finally {
      await context.close();
    }
  });
});
