/**
 * Makes the check-in page open without a network once it was opened with one on this phone: its
 * service worker (public/dashboard/events/check-in-sw.js, scope /dashboard/events/) keeps the page and
 * its hashed assets. Only this page registers it; other dashboard pages never load this module.
 */

export const CHECK_IN_WORKER = '/dashboard/events/check-in-sw.js';

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
    await navigator.serviceWorker.register(CHECK_IN_WORKER, { scope: '/dashboard/events/' });
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker) return false;
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
