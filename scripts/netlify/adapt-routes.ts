import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseRedirects, type RedirectRule } from '../../src/server/runtime/redirects.ts';

/**
 * Run after `astro build` with ASTRO_ADAPTER=netlify (netlify.toml's build command). Two corrections to
 * the routing @astrojs/netlify leaves:
 *
 * 1. Its SSR function claims every path (`path: '/*'`, `preferStatic`). Netlify runs a function whose
 *    path matches before it reads any redirect, so the dashboard's rewrites (public/_redirects) would
 *    never be reached, and the API function's paths would overlap it (`netlify serve` then picks either
 *    one; its local runtime ignores `excludedPath`). The SSR function is given the on-demand pages' own
 *    routes instead; every other missing page gets Netlify's static 404 page, as before.
 * 2. It writes Frameworks API config (.netlify/v1/config.json); Netlify's build then folds the publish
 *    directory's _redirects into its own config and deletes the file, and `netlify serve` never sees
 *    those rules again. The same rules go into that config, which both Netlify and `netlify serve` read.
 *
 * Fails the build when the adapter's output no longer has the shape this expects.
 */
export const SSR_FUNCTION = '.netlify/v1/functions/ssr/ssr.mjs';
export const FRAMEWORK_CONFIG = '.netlify/v1/config.json';
const PAGES = 'src/pages';
const CATCH_ALL = "path: '/*',";

/** A page file's route as a Netlify function path: events/[id].astro -> /events/:id. */
export function routeOf(pageFile: string): string {
  const route = pageFile
    .replace(/\\/g, '/')
    .replace(/\.(astro|ts|js)$/, '')
    .replace(/(^|\/)index$/, '')
    .replace(/\[\.\.\.[^\]]+\]/g, '*')
    .replace(/\[([^\]]+)\]/g, ':$1');
  return `/${route}`;
}

/** The routes of the pages that say `export const prerender = false`. */
export function onDemandRoutes(pagesDir = PAGES): string[] {
  const files = readdirSync(pagesDir, { recursive: true })
    .map(String)
    .filter((file) => /\.(astro|ts|js)$/.test(file));
  const onDemand = files.filter((file) =>
    /export const prerender = false/.test(readFileSync(join(pagesDir, file), 'utf8')),
  );
  return onDemand.map(routeOf).sort();
}

/**
 * Whether Netlify routes a path to a function (the API's, or the pages' SSR function once this script
 * has given it the on-demand routes); every other path is a static file. The CDN model needs to know.
 */
export function functionPathTest(pagesDir = PAGES): (pathname: string) => boolean {
  const patterns = [
    /^\/api\/v1(\/|$)/,
    /^\/_image$/,
    ...onDemandRoutes(pagesDir).map((route) => new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}/?$`)),
  ];
  return (pathname) => patterns.some((pattern) => pattern.test(pathname));
}

export function routeSsrTo(source: string, paths: readonly string[]): string {
  if (source.split(CATCH_ALL).length !== 2) {
    throw new Error(`${SSR_FUNCTION}: expected one "${CATCH_ALL}" in the adapter's function config`);
  }
  if (paths.length === 0) throw new Error(`No page in ${PAGES} renders on demand`);
  // Not Astro's image endpoint (/_image): no on-demand page draws an astro:assets image, and the bundled
  // function leaves sharp out (scripts/netlify/bundle-ssr.ts).
  return source.replace(CATCH_ALL, `path: ${JSON.stringify(paths)},`);
}

export function withRedirects(config: Record<string, unknown>, rules: readonly RedirectRule[]) {
  const redirects = rules.map(({ from, to, status }) => ({ from, to, status }));
  return { ...config, redirects: [...((config['redirects'] as unknown[] | undefined) ?? []), ...redirects] };
}

export function adaptRoutes(): void {
  const paths = onDemandRoutes();
  writeFileSync(SSR_FUNCTION, routeSsrTo(readFileSync(SSR_FUNCTION, 'utf8'), paths));
  const rules = parseRedirects(readFileSync('public/_redirects', 'utf8'));
  const config = JSON.parse(readFileSync(FRAMEWORK_CONFIG, 'utf8')) as Record<string, unknown>;
  writeFileSync(FRAMEWORK_CONFIG, JSON.stringify(withRedirects(config, rules)));
  console.log(`The SSR function serves ${paths.join(', ')}; ${rules.length} rewrites in ${FRAMEWORK_CONFIG}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) adaptRoutes();
