interface AstroPageContext {
  isPrerendered: boolean;
  site: URL | undefined;
  url: URL;
}

/**
 * A page's own absolute address, for canonical links, og:url and structured data. Prerendered pages
 * know only the configured site; an on-demand page is answering the request, so its address is the one
 * the visitor (or link previewer) asked for.
 */
export function pageUrl(astro: AstroPageContext, path = astro.url.pathname): string {
  const origin = astro.isPrerendered ? (astro.site ?? astro.url) : astro.url;
  // Astro hands over "/author/100%25" as "/author/100%": a lone % must be escaped again to stay a valid URL.
  return new URL(path.replace(/%(?![0-9a-f]{2})/gi, '%25'), origin).href;
}
