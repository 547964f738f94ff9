/** The <style> element Astro writes before a page's first island (astro/runtime/server/scripts.js). */
const ISLAND_STYLE = /<style>astro-island,astro-slot,astro-static-slot\{display:contents\}<\/style>/g;

/**
 * The page with Astro's island style rule moved from the body to the end of the head (once), where a
 * <style> is always valid. Pages without it are returned as they are.
 */
export function moveIslandStyles(html: string): string {
  const found = html.match(ISLAND_STYLE);
  const head = html.indexOf('</head>');
  if (!found || head === -1) return html;
  const body = html.slice(head).replace(ISLAND_STYLE, '');
  return `${html.slice(0, head)}${found[0]}${body}`;
}
