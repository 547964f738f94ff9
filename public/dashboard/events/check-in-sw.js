/**
 * The check-in page's service worker (registered by src/islands/dashboard/check-in/offline-shell.ts
 * only), once per event with the scope /dashboard/events/{id}/: the folder of that event's pages. The
 * file lives in /dashboard/events/, above every such scope, so no Service-Worker-Allowed header is
 * needed. It touches only:
 * - navigations to /dashboard/events/{id}/check-in: network first; when the network fails, the kept
 *   copy of the check-in page (the same static HTML for every id: _redirects rewrites them all to it);
 * - GET requests of the check-in page for this site's hashed assets, /_astro/* (its scripts, styles and
 *   the QR reader's .wasm): from the cache when kept, else from the network, then kept (their names
 *   change whenever their content does);
 * - GET requests of the check-in page for the few files it draws that have fixed names (DRAWN: the
 *   logo, and the Bengali face's subset in the two weights the page uses, which names and Bangla titles
 *   need on a device without a Bangla font): from the network, kept; from the kept copy when there is
 *   none, so a reload offline draws no empty boxes and no broken logo. They are kept with the page
 *   itself, whether or not it drew them yet (a Bangla name may first appear offline).
 * The event's other pages in the same folder, /dashboard/events/{id}/registrations and /attendance,
 * are never answered from the cache: their navigations are not matched, and the assets they ask for
 * go to the network untouched (the requesting page is not the check-in page), so they always show what
 * is deployed now and need the network, as every other dashboard page does.
 * Everything else (the API above all: its answers are personal) goes to the network untouched, and
 * nothing else is ever kept. A new version of this file: bump VERSION, and the old cache is deleted.
 */
const VERSION = 3;
const CACHE = `check-in-v${VERSION}`;
/** The page the rewrite serves for every /dashboard/events/{id}/check-in. */
const SHELL = '/dashboard/events/check-in/';
const CHECK_IN_PAGE = /^\/dashboard\/events\/[^/]+\/check-in\/?$/;

/** What the page draws from files whose names do not change (see global.css's @font-face). */
const DRAWN = [
  '/logo.svg',
  '/fonts/noto-sans-bengali-bengali-400-normal.woff2',
  '/fonts/noto-sans-bengali-bengali-700-normal.woff2',
];

const isAsset = (url) => url.origin === self.location.origin && url.pathname.startsWith('/_astro/');
const isDrawn = (url) => url.origin === self.location.origin && DRAWN.includes(url.pathname);

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith('check-in-') && n !== CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

async function checkInPage(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && !response.redirected) await cache.put(SHELL, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(SHELL);
    if (kept) return kept;
    throw error;
  }
}

async function asset(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/**
 * Whether an asset request comes from another page than the check-in page: a window of this folder
 * (the event's attendee list or attendance report). Anything else (the check-in page, or a worker it
 * started, such as the QR reader's) is the check-in page's own.
 */
async function askedByAnotherPage(clientId) {
  const client = clientId ? await self.clients.get(clientId) : undefined;
  return client?.type === 'window' && !CHECK_IN_PAGE.test(new URL(client.url).pathname);
}

async function assetFor(event) {
  if (await askedByAnotherPage(event.clientId)) return fetch(event.request);
  return asset(event.request);
}

/** A fixed-name file the page draws: the network's copy (kept), the kept one when there is no network. */
async function drawn(request) {
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  const key = url.origin + url.pathname;
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

async function drawnFor(event) {
  if (await askedByAnotherPage(event.clientId)) return fetch(event.request);
  return drawn(event.request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (request.mode === 'navigate' && url.origin === self.location.origin && CHECK_IN_PAGE.test(url.pathname)) {
    event.respondWith(checkInPage(request));
  } else if (isAsset(url)) {
    event.respondWith(assetFor(event));
  } else if (isDrawn(url)) {
    event.respondWith(drawnFor(event));
  }
});

/**
 * The page, once this worker is ready, sends the assets it loaded before the worker controlled it:
 * they are kept, with the page itself and the files it draws (DRAWN), and the page is told when all are.
 */
self.addEventListener('message', (event) => {
  const port = event.ports[0];
  const urls = Array.isArray(event.data?.keep) ? event.data.keep : [];
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const assets = urls
        .map((u) => new URL(u, self.location.origin))
        .filter(isAsset)
        .map((u) => u.href);
      // The drawn files are fetched afresh whenever the page draws them: here only those not kept yet.
      const drawnFiles = DRAWN.map((path) => new URL(path, self.location.origin).href);
      const missing = [];
      for (const href of [...assets, ...drawnFiles]) if (!(await cache.match(href))) missing.push(href);
      await Promise.all([cache.add(SHELL), cache.addAll(missing)]);
      port?.postMessage({ kept: true });
    })().catch(() => port?.postMessage({ kept: false })),
  );
});
