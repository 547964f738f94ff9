/**
 * The site's public origin for absolute links the API writes (feeds): SITE_URL when configured, as the
 * pages' canonical links use it; otherwise the origin the request came to, which is right locally and
 * behind Netlify's CDN alike.
 */
export function siteOrigin(siteUrl: string | undefined, requestUrl: string): string {
  return new URL(siteUrl ?? requestUrl).origin;
}

/**
 * Where the links this site writes point (e-mailed tickets, the ticket and certificate addresses in
 * answers and pages): its configured address, decided once per runtime and never taken from a request,
 * whose Host header anyone can forge. In order: SITE_URL; else the site URL Netlify gives its functions
 * (the URL variable, or the first request's context.site.url); else the local server's own address once
 * it listens.
 */
export interface SiteAddress {
  /** The origin, or undefined while the runtime has not named one (a server that is not listening yet). */
  origin(): string | undefined;
  /**
   * The runtime's own address, used only when nothing is configured: the local server's URL, or the
   * site URL of Netlify's context. The first one given stays.
   */
  useOwnAddress(address: string): void;
}

/** An http(s) origin, or undefined for anything else. */
export function httpOrigin(value: string | undefined): string | undefined {
  if (!value || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
}

export function siteAddress(configured: string | undefined): SiteAddress {
  let own: string | undefined;
  return {
    origin: () => configured ?? own,
    useOwnAddress: (address) => {
      own ??= httpOrigin(address);
    },
  };
}

/**
 * The origin for links in an answer: the site's address; only an API mounted with no runtime around
 * it (no configured address, no server listening: some tests call it directly) falls back to the
 * address the request came to, which then goes back to that same caller alone.
 */
export function answerOrigin(site: SiteAddress, requestUrl: string): string {
  return site.origin() ?? new URL(requestUrl).origin;
}
