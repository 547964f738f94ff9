import { test, expect, type APIResponse, type Browser, type Page } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { startCluster, stopCluster, type PostgresCluster } from '../../scripts/postgres-test-server.ts';
import { contentEditorPolicy, securityHeaders } from '../../src/server/http/security-headers.ts';
import { imageSlots } from '../../src/lib/images/image-slots.ts';
import { responsiveImage } from '../../src/lib/images/responsive-image.ts';
import { BANNER_FILE, fillEvent, toastWith, unique, waitForIslands } from '../e2e/dashboard-helpers.ts';
import { readServedHtml } from '../support/served-html.ts';
import { samplePhoto } from '../support/sample-photo.ts';
import { ADMIN, HIT, ORIGIN, postFrom, setting, signIn, tagsHeld, useStoppedCdn } from './walk.ts';

/**
 * The site as Netlify serves it (scripts/test-netlify.ts starts it): static pages from the CDN, the API
 * function on Neon's driver against PostgreSQL 15, uploads in Netlify Blobs. One ordered walk: each
 * step builds on the one before, as a deployer's first day would. Every request goes through a model
 * of Netlify's CDN cache (./cdn-model), started here in front of the CLI; its clock stands still, so a
 * copy never expires during the walk and any stale answer is a purge that did not happen.
 */
const POSTGRES = setting<PostgresCluster>('NETLIFY_TEST_POSTGRES');
const SITE_NAME = 'IEEE Computer Society Bangladesh Chapter';

test.describe.configure({ mode: 'serial' });

const cdn = useStoppedCdn();

const tagsHeldFor = (url: string) => tagsHeld(cdn(), url);

/** A visitor's browser: no session, a fresh cookie jar. */
async function visitor(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

const chapter = { name: unique('Sylhet Section'), password: 'sylhet-chapter-password' };
const chapterEmail = `${chapter.name.toLowerCase().replaceAll(' ', '-')}@netlify.test`;
const eventTitle = unique('Serverless Workshop');
let event: { id: string; banner: string } | undefined;
let chapterSlug: string | undefined;
let editedTitle = eventTitle;
let postgresStopped = false;

function expectSecurityHeaders(res: APIResponse) {
  for (const [name, value] of Object.entries(securityHeaders)) {
    expect(res.headers()[name.toLowerCase()], `${name} on ${res.url()}`).toBe(value);
  }
}

/** Page errors (uncaught exceptions) fail the step; HTTP errors the step provokes are its own business. */
function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

test.afterAll(() => {
  // Never leave the database down for the runner, whatever failed.
  if (postgresStopped) startCluster(POSTGRES);
});

test('health reports PostgreSQL, reached by the function through Neon’s driver', async ({ request }) => {
  const res = await request.get('/api/v1/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ ok: true, db: 'postgres' });
});

test('pages, the 404 page and the API all carry the security headers', async ({ request }) => {
  for (const path of ['/', '/events', '/no-such-page', '/api/v1/health', '/api/v1/events']) {
    expectSecurityHeaders(await request.get(path));
  }
});

test('an unknown page answers 404 with the site’s 404 page', async ({ page }) => {
  const res = await page.goto('/no-such-page-on-netlify');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(/^Page not found/);
});

test('the header search finds a committee member from the index the build wrote, under the CDN’s headers', async ({
  page,
  request,
}) => {
  const loader = await request.get('/pagefind/pagefind.js');
  expect(loader.status()).toBe(200);
  expect(loader.headers()['content-type']).toMatch(/javascript/);
  const errors = trackPageErrors(page);
  await page.goto('/');
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Search the site' });
  await dialog.getByRole('searchbox').fill('SAC 2023 chair');
  // Pagefind's WebAssembly runs only if the Content-Security-Policy allows it ('wasm-unsafe-eval').
  await expect(dialog.getByRole('link').filter({ hasText: 'Chair · Student Activities Committee · 2023' })).toHaveCount(
    1,
  );
  expect(errors).toEqual([]);
});

test('the admin created by the build signs in and creates a chapter account', async ({ page }) => {
  const errors = trackPageErrors(page);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('identity')).toContainText(ADMIN.email);
  await page.goto('/dashboard/chapter/add-new-chapter');
  await waitForIslands(page);
  await page.getByLabel('Name').fill(chapter.name);
  await page.getByLabel('Email').fill(chapterEmail);
  await page.getByLabel('Phone').fill('+880 1711 000000');
  await page.getByLabel('Password').fill(chapter.password);
  await page.getByRole('button', { name: 'Add Chapter' }).click();
  await expect(toastWith(page, 'Chapter Added Successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(errors).toEqual([]);
});

test('the chapter signs in and adds an event whose banner is stored in Netlify Blobs', async ({ page, request }) => {
  const errors = trackPageErrors(page);
  await signIn(page, chapterEmail, chapter.password);
  await expect(page.getByTestId('identity')).toContainText(chapter.name);
  await page.goto('/dashboard/add-new-event');
  await waitForIslands(page);
  await fillEvent(page, {
    title: eventTitle,
    location: 'SUST, Sylhet',
    fees: '0',
    description: 'Functions, Blobs and Postgres, end to end.',
  });
  await page.getByRole('button', { name: 'Add Event' }).click();
  await expect(toastWith(page, 'Event Added Successfully')).toBeVisible();

  const { events } = (await (await request.get('/api/v1/events')).json()) as {
    events: { id: string; title: string; banner: string; chapterSlug: string }[];
  };
  const created = events.find((e) => e.title === eventTitle);
  expect(created?.banner).toMatch(/^\/api\/v1\/uploads\//);
  event = created!;
  chapterSlug = created!.chapterSlug;

  const banner = await request.get(event.banner);
  expect(banner.status()).toBe(200);
  // The 1200×630 PNG chosen is stored as the smaller WebP the browser made of it, at its own size.
  expect(banner.headers()['content-type']).toBe('image/webp');
  const stored = await banner.body();
  expect(stored.length).toBeLessThan(BANNER_FILE.buffer.length);
  expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 630 });
  // The CLI keeps its local Blobs sandbox in .netlify/blobs-serve: the upload is there, under its key.
  const key = event.banner.split('/').pop()!;
  const sandbox = join(process.cwd(), '.netlify', 'blobs-serve');
  expect(readdirSync(sandbox, { recursive: true }).map(String)).toContainEqual(expect.stringMatching(`${key}$`));
  expect(errors).toEqual([]);
});

test('a link previewer reads the event from the served HTML of /events/{id}, cached by the CDN', async ({
  request,
  baseURL,
}) => {
  const url = `${baseURL}/events/${event!.id}`;
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  const head = readServedHtml(await res.text());
  expect(head.title).toBe(`${eventTitle} | ${SITE_NAME}`);
  expect(head.meta('description')).toBe('Functions, Blobs and Postgres, end to end.');
  expect(head.canonical).toBe(url);
  expect(head.meta('og:url')).toBe(url);
  const image = head.meta('og:image')!;
  expect(image).toBe(new URL(event!.banner, url).href);
  const jsonLd = head.jsonLd.find((block) => block['@type'] === 'Event');
  expect(jsonLd?.['startDate']).toMatch(/\+06:00$/);
  expect(jsonLd?.['offers']).toMatchObject({ priceCurrency: 'BDT' });
  expect(head.text).toContain('Functions, Blobs and Postgres, end to end.');
  // The CDN keeps the page under the event's tag: the next visitor, even from a shared link with
  // tracking parameters, is answered from its copy.
  expect(tagsHeldFor(`/events/${event!.id}`)).toEqual([`event-${event!.id}`]);
  for (const again of [url, `${url}?fbclid=IwAR0walk&utm_source=facebook`]) {
    expect((await request.get(again)).headers()['cache-status'], again).toMatch(HIT);
  }
  expectSecurityHeaders(res);
});

test('unknown and malformed event ids answer 404, never indexed', async ({ request }) => {
  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
    const res = await request.get(`/events/${id}`);
    expect(res.status(), id).toBe(404);
    const head = readServedHtml(await res.text());
    expect(head.meta('robots'), id).toContain('noindex');
    // netlify serve retries a function's 404 at /events/{id}.html, …/index.htm (its static-file lookup)
    // and serves the last answer, the site's 404 page; Netlify serves the function's own "Event not
    // found" screen, which the PGlite tests assert.
    expect(head.text, id).toMatch(/Event not found|Page not found/);
  }
});

test('the chapter’s landing page is rendered on the server', async ({ request }) => {
  const res = await request.get(`/chapter/${chapterSlug}`);
  expect(res.status()).toBe(200);
  expect(readServedHtml(await res.text()).title).toBe(`${chapter.name} | ${SITE_NAME}`);
});

test('a blog post and its author are rendered on the server from the blog source', async ({ request, baseURL }) => {
  // No HASHNODE_HOST here: the SSR function reads the local Markdown posts shipped with it (content/blog).
  const post = await request.get('/blogs/building-accessible-websites');
  expect(post.status()).toBe(200);
  const article = readServedHtml(await post.text());
  expect(article.title).toBe(`Building Accessible Websites: A Checklist for Student Teams | ${SITE_NAME}`);
  expect(article.canonical).toBe(`${baseURL}/blogs/building-accessible-websites`);
  expect(article.meta('og:type')).toBe('article');
  expect(article.meta('og:image')).toBe(`${baseURL}/blog/covers/building-accessible-websites.webp`);
  expect(article.jsonLd[0]).toMatchObject({ '@type': 'BlogPosting', author: { name: 'Tanvir Hasan' } });
  expect(tagsHeldFor('/blogs/building-accessible-websites')).toEqual(['post-building-accessible-websites']);

  const author = await request.get('/author/Tanvir%20Hasan');
  expect(author.status()).toBe(200);
  const profile = readServedHtml(await author.text());
  expect(profile.title).toBe(`Tanvir Hasan | ${SITE_NAME}`);
  expect(profile.jsonLd[0]).toMatchObject({ '@type': 'ProfilePage' });
  expect(profile.text).toContain('Building Accessible Websites');

  expect((await request.get('/blogs/no-such-post')).status()).toBe(404);

  // The list too, with and without the trailing slash: its served HTML holds the feed's first page, as the
  // API has it (the newest posts; the one above is older than that page).
  const feed = (await (await request.get('/api/v1/blog/posts')).json()) as { posts: { title: string }[] };
  expect(feed.posts.length).toBeGreaterThan(0);
  for (const path of ['/blogs', '/blogs/']) {
    const list = await request.get(path);
    expect(list.status()).toBe(200);
    expect(tagsHeldFor(path)).toEqual(['blog-feed']);
    const text = readServedHtml(await list.text()).text;
    for (const { title } of feed.posts) expect(text).toContain(title);
  }
});

test('the content editor’s page carries its own policy, the only one, and its scripts load', async ({ request }) => {
  // The pages' function answers /admin/: netlify.toml's site-wide policy never reaches it, so the
  // browser enforces the editor's policy alone ('unsafe-eval' for Decap, GitHub's API).
  for (const path of ['/admin/', '/admin']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/html/);
    const policies = res.headersArray().filter(({ name }) => name.toLowerCase() === 'content-security-policy');
    expect(policies.map(({ value }) => value)).toEqual([contentEditorPolicy()]);
    expect(res.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(tagsHeldFor(path)).toEqual(['until-deploy']);
    const page = await res.text();
    expect(page).toContain('<meta name="robots" content="noindex, nofollow" />');
    const scripts = [...page.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toEqual(['/admin/decap-cms.js', '/admin/editor.js']);
    for (const src of [...scripts, '/admin/editor.css', '/admin/config.yml']) {
      expect((await request.get(src)).status(), src).toBe(200);
    }
  }
});

test('the content sitemap lists the event on the site’s own address', async ({ request, baseURL }) => {
  const res = await request.get('/sitemap-content.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/xml/);
  expect(await res.text()).toContain(`<loc>${baseURL}/events/${event!.id}</loc>`);
  expect(tagsHeldFor('/sitemap-content.xml')).toEqual(['sitemap']);
});

test('visitors see the event on /events and on /events/{id}', async ({ page }) => {
  const errors = trackPageErrors(page);
  await page.goto('/events');
  await expect(page.locator(`a[href="/events/${event!.id}"]`).first()).toBeVisible();
  await expect(page.getByText(eventTitle).first()).toBeVisible();
  await page.goto(`/events/${event!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: eventTitle })).toBeVisible();
  // The banner comes through Netlify's Image CDN, resized (the next step fetches such a variant).
  const banner = page.getByRole('img', { name: `Banner of ${eventTitle}` });
  await expect(banner).toHaveAttribute('src', `/.netlify/images?url=${event!.banner}&w=1280&h=720&fit=cover`);
  await expect(banner).toHaveAttribute('srcset', /&w=480&h=270&fit=cover 480w, /);
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(errors).toEqual([]);
});

test('an image uploaded to Netlify Blobs is served resized and re-encoded by the Image CDN', async ({ request }) => {
  const login = await request.post('/api/v1/auth/login', { data: { email: chapterEmail, password: chapter.password } });
  const { token } = (await login.json()) as { token: string };
  const photo = await samplePhoto();
  const uploaded = await request.post('/api/v1/uploads', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(uploaded.status()).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };

  // The 720w candidate of the event page's banner slot, as the pages write it.
  const candidate = responsiveImage(url, imageSlots.eventBanner)
    .srcSet!.split(', ')
    .find((entry) => entry.endsWith(' 720w'))!
    .split(' ')[0]!;
  expect(candidate).toBe(`/.netlify/images?url=${url}&w=720&h=405&fit=cover`);
  const AVIF_FIRST = { accept: 'image/avif,image/webp,image/*,*/*;q=0.8' };
  const resized = await request.get(candidate, { headers: AVIF_FIRST });
  expect(resized.status()).toBe(200);
  const body = await resized.body();
  expect(
    await sharp(body)
      .metadata()
      .then((m) => [m.width, m.height]),
  ).toEqual([720, 405]);
  expect(body.byteLength).toBeLessThan(photo.byteLength / 4);
  // Netlify's CDN picks AVIF or WebP from the Accept header when the URL names no format; the CLI's
  // emulation (IPX) keeps the source's format instead, so the re-encoding is asked for explicitly here.
  for (const [fm, format, type] of [
    ['avif', 'heif', 'image/avif'],
    ['webp', 'webp', 'image/webp'],
  ] as const) {
    const res = await request.get(`${candidate}&fm=${fm}`, { headers: AVIF_FIRST });
    expect(res.status(), fm).toBe(200);
    expect(res.headers()['content-type'], fm).toBe(type);
    const meta = await sharp(await res.body()).metadata();
    expect([meta.format, meta.width, meta.height], fm).toEqual([format, 720, 405]);
  }
  // Only this site's images: an external address that netlify.toml does not allow-list is refused.
  expect((await request.get('/.netlify/images?url=https://example.com/cat.png&w=100')).status()).toBe(403);
});

test('editing the event through the API purges its cached page, which shows the new title', async ({ request }) => {
  const login = await request.post('/api/v1/auth/login', { data: { email: chapterEmail, password: chapter.password } });
  const { token } = (await login.json()) as { token: string };
  editedTitle = unique('Serverless Workshop, Day Two');
  const edit = await request.patch(`/api/v1/events/${event!.id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: editedTitle },
  });
  expect(edit.status()).toBe(200);

  const head = readServedHtml(await (await request.get(`/events/${event!.id}`)).text());
  expect(head.title).toBe(`${editedTitle} | ${SITE_NAME}`);
  // The function called Netlify's purge API (purgeCache from @netlify/functions), here the model's.
  expect(cdn().purgeLog()).toContainEqual({
    tags: [`event-${event!.id}`, `registration-${event!.id}`, 'events', `chapter-${chapterSlug}`, 'sitemap'],
  });
});

test('staff reopening an edited event’s form see the new values; visitors see them on their next load', async ({
  page,
  browser,
}) => {
  const errors = trackPageErrors(page);
  const guest = await visitor(browser);
  // The visitor's pages and the API answers behind them are now the CDN's copies.
  await guest.goto(`/events/${event!.id}`);
  await expect(guest.getByRole('heading', { level: 1, name: editedTitle })).toBeVisible();
  await guest.goto('/events');
  await expect(guest.getByText(editedTitle).first()).toBeVisible();

  await signIn(page, chapterEmail, chapter.password);
  await page.goto(`/dashboard/events/edit-event/${event!.id}`);
  await waitForIslands(page);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(editedTitle);
  editedTitle = unique('Serverless Workshop, Day Three');
  await page.getByLabel('Title', { exact: true }).fill(editedTitle);
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(toastWith(page, 'Event Updated Successfully')).toBeVisible();
  // The edit returns to the list, which shows the new title; reopened, the form reads the event as it
  // is now, not a visitor's copy from before the edit.
  await expect(page).toHaveURL(/\/dashboard\/events$/);
  await expect(page.getByRole('heading', { name: editedTitle })).toBeVisible();
  await page.goto(`/dashboard/events/edit-event/${event!.id}`);
  await waitForIslands(page);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(editedTitle);

  await guest.goto(`/events/${event!.id}`);
  await expect(guest.getByRole('heading', { level: 1, name: editedTitle })).toBeVisible();
  await guest.goto('/events');
  await expect(guest.getByText(editedTitle).first()).toBeVisible();
  await guest.context().close();
  expect(errors).toEqual([]);
});

test('an event switched to draft is gone from /events, the events JSON, both feeds and its page on the next request', async ({
  page,
  browser,
  request,
}) => {
  const guest = await visitor(browser);
  // Each names the event by its id (the JSON's id, the calendar's UID, the feed item's link).
  const shows = async () => ({
    json: (await (await request.get('/api/v1/events')).text()).includes(event!.id),
    ics: (await (await request.get('/api/v1/events.ics')).text()).includes(event!.id),
    rss: (await (await request.get('/api/v1/events.rss')).text()).includes(event!.id),
    page: (await request.get(`/events/${event!.id}`)).status() === 200,
  });
  expect(await shows()).toEqual({ json: true, ics: true, rss: true, page: true });
  await guest.goto('/events');
  await expect(guest.getByText(editedTitle).first()).toBeVisible();

  await signIn(page, chapterEmail, chapter.password);
  await page.goto(`/dashboard/events/edit-event/${event!.id}`);
  await waitForIslands(page);
  await page.getByLabel('Status').selectOption('draft');
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(toastWith(page, 'Event Updated Successfully')).toBeVisible();

  expect(await shows()).toEqual({ json: false, ics: false, rss: false, page: false });
  await guest.goto('/events');
  await expect(guest.locator('[aria-busy="true"], [data-testid="event-skeleton"]')).toHaveCount(0);
  await expect(guest.getByText(editedTitle)).toHaveCount(0);
  const gone = await guest.goto(`/events/${event!.id}`);
  expect(gone?.status()).toBe(404);

  // Published again for the steps after this one (the edit returned to the list: reopen the form).
  await page.goto(`/dashboard/events/edit-event/${event!.id}`);
  await waitForIslands(page);
  await page.getByLabel('Status').selectOption('published');
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(toastWith(page, 'Event Updated Successfully')).toBeVisible();
  expect(await shows()).toEqual({ json: true, ics: true, rss: true, page: true });
  await guest.context().close();
});

test('a deleted human is gone from the gallery, and a new roster member appears at once', async ({
  browser,
  request,
}) => {
  const login = await request.post('/api/v1/auth/login', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  const asAdmin = { Authorization: `Bearer ${token}` };
  const name = unique('Rokeya');
  const added = await request.post('/api/v1/humans', {
    headers: asAdmin,
    data: { name, image: '/favicon.svg', description: 'Her story.' },
  });
  expect(added.status()).toBe(201);
  const { human } = (await added.json()) as { human: { id: string } };

  const guest = await visitor(browser);
  const gallery = '/humans-of-ieee-cs-bdc';
  await guest.goto(gallery);
  await expect(guest.getByRole('button', { name })).toBeVisible();
  expect((await request.delete(`/api/v1/humans/${human.id}`, { headers: asAdmin })).status()).toBe(200);
  await guest.goto(gallery);
  await expect(guest.locator('main')).toBeVisible();
  await expect(
    guest.getByText('No stories yet. Check back soon.').or(guest.getByRole('listitem')).first(),
  ).toBeVisible();
  await expect(guest.getByRole('button', { name })).toHaveCount(0);

  // The 2024 roster pages are rendered on demand with their members from the database and kept by the
  // CDN under their roster's tag: a member's write purges the copy at once.
  const member = unique('Tahmid');
  await guest.goto('/spark-24');
  await expect(guest.getByRole('heading', { level: 1, name: 'SPARK 2024' })).toBeVisible();
  expect(tagsHeldFor('/spark-24')).toEqual(['roster-spark-2024']);
  expect((await guest.request.get('/spark-24')).headers()['cache-status']).toMatch(HIT);
  const created = await request.post('/api/v1/members', {
    headers: asAdmin,
    data: {
      ...{ name: member, designation: 'Coordinator', affiliation: 'SUST', image: '/favicon.svg' },
      ...{ email: ['tahmid@netlify.test'], committee: 'SPARK', year: 2024 },
    },
  });
  expect(created.status()).toBe(201);
  // The served HTML holds the new member (no script runs for them), answered afresh, then kept again.
  const fresh = await guest.request.get('/spark-24');
  expect(fresh.headers()['cache-status']).not.toMatch(HIT);
  expect(await fresh.text()).toContain(member);
  await guest.goto('/spark-24');
  await expect(guest.locator('[data-person-card]').filter({ hasText: member })).toBeVisible();
  expect(tagsHeldFor('/spark-24')).toEqual(['roster-spark-2024']);
  await guest.context().close();
});

test('the function knows each caller’s address: 30 wrong sign-ins from one leave another free to sign in', async () => {
  const statuses: number[] = [];
  // Different accounts, so no account's own limit is reached: only the address's.
  for (let i = 0; i < 31; i++) {
    statuses.push(
      (await postFrom('127.0.0.2', '/api/v1/auth/login', { email: `nobody${i}@netlify.test`, password: 'x' })).status,
    );
  }
  expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
  expect(statuses[30]).toBe(429);
  expect((await postFrom('127.0.0.3', '/api/v1/auth/login', ADMIN)).status).toBe(200);
  expect((await postFrom('127.0.0.2', '/api/v1/auth/login', ADMIN)).status).toBe(429);
});

test('logout ends the chapter’s session', async ({ page }) => {
  await signIn(page, chapterEmail, chapter.password);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/v1/auth/session')).status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('with PostgreSQL stopped the API and the event pages answer 503 while the CDN’s copies and static pages load; it recovers with nothing lost', async ({
  page,
  request,
}) => {
  await request.get(`/events/${event!.id}`);
  await request.get('/events');
  stopCluster(POSTGRES);
  postgresStopped = true;

  // The functions themselves, as the CDN reaches them on a miss:
  const down = await request.get(`${ORIGIN}/api/v1/events`);
  expect(down.status()).toBe(503);
  expect(down.headers()['content-type']).toMatch(/^application\/json/);
  expect(await down.json()).toMatchObject({ success: false });
  expect((await request.get(`${ORIGIN}/api/v1/health`)).status()).toBe(503);
  // The event's page says "temporarily unavailable" (503, never a 500), and the CDN must not keep that.
  const eventPage = await request.get(`${ORIGIN}/events/${event!.id}`);
  expect(eventPage.status()).toBe(503);
  expect(eventPage.headers()['cache-control']).toBe('no-store');
  // So does the events list, rendered on demand too.
  const list = await request.get(`${ORIGIN}/events`);
  expect([list.status(), list.headers()['cache-control']]).toEqual([503, 'no-store']);
  // Visitors meanwhile get the CDN's copies of the pages.
  for (const path of [`/events/${event!.id}`, '/events']) {
    const cached = await request.get(path);
    expect([cached.status(), cached.headers()['cache-status']], path).toEqual([200, expect.stringMatching(HIT)]);
  }
  for (const path of ['/', '/about']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.locator('main')).toBeVisible();
  }

  startCluster(POSTGRES);
  postgresStopped = false;
  // The function's pool reconnects on its next queries.
  await expect.poll(async () => (await request.get('/api/v1/health')).status(), { timeout: 60_000 }).toBe(200);
  const again = (await (await request.get(`/api/v1/events/${event!.id}`)).json()) as { event: { title: string } };
  expect(again.event.title).toBe(editedTitle);
  expect((await request.get(event!.banner)).headers()['content-type']).toBe('image/webp');
  await signIn(page, chapterEmail, chapter.password);
  await expect(page.getByTestId('identity')).toContainText(chapter.name);
});

test('no signed-in request was ever answered from a shared copy', () => {
  const signedIn = cdn()
    .log()
    .filter((entry) => entry.cookie && entry.method === 'GET');
  expect(signedIn.length).toBeGreaterThan(10);
  expect(signedIn.filter((entry) => entry.url.startsWith('/api/') && entry.cache !== 'miss')).toEqual([]);
  // Nothing a signed-in request brought back was kept for others.
  expect(signedIn.filter((entry) => entry.url.startsWith('/api/') && entry.stored)).toEqual([]);
});
