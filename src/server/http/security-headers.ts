/**
 * The security headers of every response, pages and API alike. netlify.toml repeats them for the CDN;
 * a test keeps the two identical.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  // Astro inlines the theme script and small island bootstraps, hence 'unsafe-inline'. The site
  // search's Pagefind compiles its WebAssembly search engine in the page: 'wasm-unsafe-eval' allows
  // that and only that (no eval() of JavaScript).
  "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'",
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
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
});
