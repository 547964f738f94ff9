/**
 * The site's public origin for absolute links the API writes (feeds): SITE_URL when configured, as the
 * pages' canonical links use it; otherwise the origin the request came to, which is right locally and
 * behind Netlify's CDN alike.
 */
export function siteOrigin(siteUrl: string | undefined, requestUrl: string): string {
  return new URL(siteUrl ?? requestUrl).origin;
}
