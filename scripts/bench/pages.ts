import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { loadConfig } from '../../src/server/config.ts';
import { startServer } from '../../src/server/runtime/node.ts';
import { buildIfNeeded } from '../build-if-needed.ts';

/**
 * The JavaScript each live-data page makes the browser load, gzipped: every script response (islands,
 * React, lazily imported chunks such as Swiper once the page is scrolled) plus inline scripts. Pages
 * are opened in headless Chromium against the real server, with one event, chapter page and human.
 */
const GOAL_KB = { '/events': 100, '/blogs/{slug}': 5 } as Record<string, number>;
/** A local Markdown post (content/blog), the blog source when HASHNODE_HOST is unset. */
const ARTICLE = '/blogs/building-accessible-websites';
export const ADMIN = { email: 'bench@example.org', password: 'bench-admin-password' };

function gzipKb(text: string | Buffer): number {
  return gzipSync(text, { level: 9 }).length / 1024;
}

export async function seed(origin: string): Promise<{ eventId: string; siteEventId: string; slug: string }> {
  const login = (await (
    await fetch(`${origin}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
  ).json()) as { token: string; userInfo: { slug: string } };
  const post = async (path: string, data: unknown) =>
    (await (
      await fetch(`${origin}/api/v1${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${login.token}` },
        body: JSON.stringify(data),
      })
    ).json()) as { event?: { _id: string } };
  const workshop = {
    title: 'Benchmark Workshop',
    eventDate: '2030-01-05',
    startTime: '10:00',
    endTime: '12:00',
    location: 'Dhaka',
    host: 'IEEE CS BDC',
    registrationMethod: 'Offline',
    fees: 0,
    banner: '/og-default.png',
    eventLink: 'https://example.org',
    description: 'A workshop.',
  };
  const { event } = await post('/events', workshop);
  // The same event taking registrations on the site: its page loads the registration form's island.
  const { event: siteEvent } = await post('/events', {
    ...workshop,
    title: 'Benchmark Workshop with registration',
    registration: { mode: 'site', capacity: 50, questions: ['Your T-shirt size'] },
  });
  await post('/chapters', {
    logo: '/logo.svg',
    shortDescription: 'Benchmark chapter',
    websiteUrl: 'https://example.org',
    facebookUrl: 'https://example.org',
    linkedinUrl: 'https://example.org',
    aboutUs: 'About us.',
    videoUrl: 'https://www.youtube.com/watch?v=abcDEF12345',
  });
  await post('/humans', { name: 'Bench Human', image: '/og-default.png', description: 'Story.' });
  return { eventId: event?._id ?? 'missing', siteEventId: siteEvent?._id ?? 'missing', slug: login.userInfo.slug };
}

/** The real server (built site + API) on an in-memory database, for the page benchmarks. */
export async function startBenchServer(dataDir: string) {
  buildIfNeeded();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: 'memory:',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SAMPLE_DATA: '0',
  });
  return startServer(config, { log: () => {} });
}

export async function benchPages(): Promise<void> {
  const server = await startBenchServer('.tmp/bench-pages');
  const { eventId, siteEventId, slug } = await seed(server.url);
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const pages = [
    '/events',
    `/events/${eventId}`,
    `/events/${siteEventId}#register`,
    `/chapter/${slug}`,
    '/contact',
    '/humans-of-ieee-cs-bdc',
    ARTICLE,
  ];

  console.log('\nJavaScript per page (gzip level 9; external frames blocked; page scrolled to the end)');
  console.log('page'.padEnd(34), 'files'.padStart(6), 'raw KB'.padStart(9), 'gzip KB'.padStart(9), '  goal');
  try {
    for (const path of pages) {
      const page = await browser.newPage();
      await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
      const bodies: Promise<Buffer>[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') bodies.push(res.body().catch(() => Buffer.alloc(0)));
      });
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const inline = await page.evaluate(() =>
        [...document.querySelectorAll('script:not([src]):not([type="application/ld+json"])')].map(
          (s) => s.textContent ?? '',
        ),
      );
      const files = await Promise.all(bodies);
      const raw = (files.reduce((n, b) => n + b.length, 0) + inline.reduce((n, s) => n + s.length, 0)) / 1024;
      const gz = files.reduce((n, b) => n + gzipKb(b), 0) + inline.reduce((n, s) => n + gzipKb(s), 0);
      const label = path.endsWith('#register')
        ? '/events/{id} (registration)'
        : path.startsWith('/events/')
          ? '/events/{id}'
          : path.startsWith('/chapter/')
            ? '/chapter/{slug}'
            : path.startsWith('/blogs/')
              ? '/blogs/{slug}'
              : path;
      const goal = GOAL_KB[label];
      console.log(
        label.padEnd(34),
        String(files.length).padStart(6),
        raw.toFixed(1).padStart(9),
        gz.toFixed(1).padStart(9),
        goal ? `  < ${goal} KB: ${gz < goal ? 'met' : 'NOT met'}` : '',
      );
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}
