/**
 * Makes the check-in page open without a network once it was opened with one on this phone: its
 * service worker (public/dashboard/events/check-in-sw.js, scope /dashboard/events/{id}/) keeps the page
 * and its hashed assets, and serves them to that page only. Only this page registers it; other dashboard pages never load this module.
 */

export const CHECK_IN_WORKER = '/dashboard/events/check-in-sw.js';

/**
 * The worker's scope: this event's folder, /dashboard/events/{id}/. The event's attendee list and
 * attendance report live there too (/dashboard/events/{id}/registrations, /attendance), but the worker
 * answers only the check-in page and that page's own asset requests: those two pages, and anything else
 * in the folder, always come from the network, never from its cache (see check-in-sw.js). One
 * registration per event opened on this phone, which is what can open offline anyway: only those
 * events' door lists are kept.
 */
export function checkInScope(pathname: string): string | undefined {
  // Never the folder of another page (those addresses are those pages, whatever follows).
  const match =
    /^(\/dashboard\/events\/(?!(?:edit-event|registrations|attendance|check-in)\/)[^/]+\/)check-in\/?$/.exec(pathname);
  return match?.[1];
}

/** The addresses of this site's hashed assets the page has loaded so far (scripts, styles, wasm). */
function loadedAssets(): string[] {
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) urls.add(entry.name);
  for (const el of document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[href]'))
    urls.add('src' in el ? el.src : el.href);
  for (const el of document.querySelectorAll('astro-island')) {
    for (const attribute of ['component-url', 'renderer-url']) {
      const value = el.getAttribute(attribute);
      if (value) urls.add(new URL(value, location.href).href);
    }
  }
  return [...urls].filter((url) => {
    const { origin, pathname } = new URL(url, location.href);
    return origin === location.origin && pathname.startsWith('/_astro/');
  });
}

/**
 * Registers the worker and has it keep the page, what it loaded and `alsoNeeded` (what it would load
 * later: the QR reader's polyfill). Resolves true once this phone
 * holds them, false when it cannot (no service workers here, or the keeping failed).
 */
export async function keepPageOffline(alsoNeeded: () => Promise<string[]> = async () => []): Promise<boolean> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return false;
  try {
    const scope = checkInScope(location.pathname);
    if (!scope) return false;
    await navigator.serviceWorker.register(CHECK_IN_WORKER, { scope });
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker) return false;
    // The other events' registrations check for a new worker too: a new version deletes the old cache
    // they would otherwise still read from.
    for (const other of await navigator.serviceWorker.getRegistrations()) {
      if (other !== registration && other.active?.scriptURL.endsWith(CHECK_IN_WORKER))
        void other.update().catch(() => {});
    }
    const more = await alsoNeeded().catch(() => []);
    return await new Promise<boolean>((done) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event: MessageEvent<{ kept?: boolean }>) => done(event.data?.kept === true);
      worker.postMessage({ keep: [...loadedAssets(), ...more] }, [channel.port2]);
    });
  } catch {
    return false;
  }
}
