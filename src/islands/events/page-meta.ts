/**
 * Detail pages are one static shell per route (rewritten by public/_redirects), so their title,
 * description and structured data are set once the island knows what it shows.
 */
export function setPageMeta(title: string, description: string, siteName: string): void {
  const fullTitle = `${title} | ${siteName}`;
  document.title = fullTitle;
  for (const selector of ['meta[property="og:title"]', 'meta[name="twitter:title"]']) {
    document.querySelector(selector)?.setAttribute('content', fullTitle);
  }
  for (const selector of [
    'meta[name="description"]',
    'meta[property="og:description"]',
    'meta[name="twitter:description"]',
  ]) {
    document.querySelector(selector)?.setAttribute('content', description);
  }
  // The shell was built at /events/view/; the page's own address is the one to share and index.
  const url = `${window.location.origin}${window.location.pathname}`;
  document.querySelector('link[rel="canonical"]')?.setAttribute('href', url);
  document.querySelector('meta[property="og:url"]')?.setAttribute('content', url);
}

/** A one-line summary of free text for a meta description: at most `max` characters, cut at a word. */
export function summarize(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** Adds (or replaces) the page's JSON-LD block. `<` is escaped so no text can close the script element. */
export function setJsonLd(data: object): void {
  const id = 'page-jsonld';
  document.getElementById(id)?.remove();
  const script = document.createElement('script');
  script.type = 'application/ld+json';
  script.id = id;
  script.textContent = JSON.stringify(data).replace(/</g, '\\u003c');
  document.head.append(script);
}
