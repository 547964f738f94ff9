/**
 * The security headers of every response, pages and API alike. netlify.toml repeats them for the CDN's
 * static files; the on-demand pages set them themselves (src/middleware.ts), since Netlify applies
 * netlify.toml's headers only to the files it serves. A test keeps netlify.toml and this file identical.
 */

/**
 * The only inline scripts a page may run, by the SHA-256 of their text. Scripts run from files of this
 * site ('self'); an inline script whose hash is not here (an injected one) does not run.
 * - the site script (src/browser/site.js minified; the theme before first paint, the header's menus);
 * - Astro's island element and its hydration directives (astro/dist/runtime/{server,client}/*.prebuilt.js),
 *   which Astro inlines in pages with islands, and the site's own directive, client:interaction;
 * tests/unit/security-headers.test.ts computes these from their sources: after editing site.js or the
 * directive, or upgrading Astro, it names the hash to put here (and in netlify.toml).
 */
export const INLINE_SCRIPT_HASHES = [
  // src/browser/site.js
  'sha256-eTAChjrqrsDH75f3XcN6YXxwuIldlx71RXw71bOObtw=',
  // astro-island
  'sha256-Ya0pUYrC7nM5Cn/056TyVuEiz6dFGrzmkWzgON0pF0U=',
  // client:idle, client:load, client:media, client:only, client:visible
  'sha256-BF0290pkb3jxQsE7z00xR8Imp8X34FLC88L0lkMnrGw=',
  'sha256-QzWFZi+FLIx23tnm9SBU4aEgx4x8DsuASP07mfqol/c=',
  'sha256-0chmwFk0zaA528yFfGV7J9ppIpdfTPPULncDF3WG7Zs=',
  'sha256-eIXWvAmxkr251LJZkjniEK5LcPF3NkapbJepohwYRIc=',
  'sha256-Q2BPg90ZMplYY+FSdApNErhpWafg2hcRRbndmvxuL/Q=',
  // client:interaction (src/integrations/interaction-directive.ts, as Astro bundles it)
  'sha256-EgQOO8iofN4iLUV2G2STLeQiTgVA0Ew3l5zCxfqlb74=',
] as const;

export const contentSecurityPolicy = [
  "default-src 'self'",
  // No 'unsafe-inline': only this site's script files and the inline scripts hashed above run. The
  // site search's Pagefind compiles its WebAssembly search engine in the page: 'wasm-unsafe-eval'
  // allows that and only that (no eval() of JavaScript).
  `script-src 'self' 'wasm-unsafe-eval' ${INLINE_SCRIPT_HASHES.map((hash) => `'${hash}'`).join(' ')}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' https:",
  'frame-src https://www.youtube-nocookie.com https://www.youtube.com https://www.google.com https://maps.google.com https://docs.google.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const securityHeaders: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // The check-in page (/dashboard/events/{id}/check-in) reads tickets' QR codes with the camera: this
  // site's own pages may ask for it (the browser still asks the user), no frame of another site may.
  'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
});

/**
 * Browsers keep to https for a year once they have seen this over https (it is ignored over http, and
 * would break a local http server if sent there). Netlify serves only https: netlify.toml sends it always.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Whether a request reached us over https (directly, or through a proxy that says so). */
export const overHttps = (url: string, forwardedProto?: string | null) =>
  url.startsWith('https:') || forwardedProto?.split(',')[0]?.trim() === 'https';

/** The headers for one response: the security headers, and HSTS when the request came over https. */
export function securityHeadersFor(https: boolean): Readonly<Record<string, string>> {
  return https ? { ...securityHeaders, 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : securityHeaders;
}

/** Where the content editor lives (Decap CMS; src/integrations/content-editor.ts). */
export const CONTENT_EDITOR_PATH = '/admin/';

/** decap-server, which `npm run editor` starts beside the site: the editor's backend on this computer. */
export const LOCAL_EDITOR_SERVER = 'http://localhost:8081';

/**
 * The content editor's own policy, instead of the site's: only the editor's files run (no inline
 * script); it talks to GitHub's API (sign-in through Netlify opens a window, which needs no
 * directive), shows GitHub avatars and the pictures it loads as blobs; nothing may frame it. With
 * `localServer`, it may also reach decap-server on this computer (the local server's and dev's policy).
 */
export function contentEditorPolicy(localServer?: string): string {
  return [
    "default-src 'self'",
    // Decap checks its configuration with Ajv, which compiles each check with new Function(): the
    // editor does not start without 'unsafe-eval'. Still no inline script, and only on /admin/.
    "script-src 'self' 'unsafe-eval'",
    // Decap's components style themselves with inline <style> elements (emotion).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://avatars.githubusercontent.com",
    "font-src 'self' data:",
    // blob: the editor reads the pictures it holds (an upload, a photo loaded from GitHub) back by fetch().
    `connect-src 'self' blob: https://api.github.com${localServer ? ` ${localServer}` : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The editor's page's headers on Netlify, sent by the function that answers it (src/pages/admin/index.ts):
 * its policy, and kept out of search engines. netlify.toml sets no policy for /admin/, so the site's
 * never joins this one.
 */
export const contentEditorHeaders: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': contentEditorPolicy(),
  'X-Robots-Tag': 'noindex, nofollow',
});

/** Whether a request path is the content editor's. */
export const isContentEditorPath = (pathname: string) =>
  pathname === CONTENT_EDITOR_PATH.slice(0, -1) || pathname.startsWith(CONTENT_EDITOR_PATH);
