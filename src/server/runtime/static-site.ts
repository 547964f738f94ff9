import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { fileCacheControl } from '../caching/cache-headers.ts';
import { matchRedirect, parseRedirects, type RedirectRule } from './redirects.ts';

/**
 * The file a URL path names under `root` (percent-decoded), or undefined when it would leave `root`
 * (`..`, encoded slashes) or is malformed. The one guard against path traversal for served files.
 */
export function pathInside(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const base = normalize(join(root, decoded));
  if (base !== root && !base.startsWith(root + sep)) return undefined;
  return base;
}

/** Serves the built site's static files as the CDN would: clean URLs, _redirects rewrites, the 404 page. */
export function staticSite(distDir: string) {
  const root = resolve(distDir);
  let rules: RedirectRule[] | undefined;

  async function loadRules() {
    if (!rules) {
      const text = await readFile(join(root, '_redirects'), 'utf8').catch(() => '');
      rules = parseRedirects(text);
    }
    return rules;
  }

  async function findFile(pathname: string): Promise<string | undefined> {
    const base = pathInside(root, pathname);
    if (!base) return undefined;
    for (const candidate of [base, join(base, 'index.html'), `${base}.html`]) {
      const info = await stat(candidate).catch(() => undefined);
      if (info?.isFile()) return candidate;
    }
    return undefined;
  }

  async function send(c: Context, file: string, status: 200 | 404 = 200) {
    const body = await readFile(file);
    const type = getMimeType(file) ?? (extname(file) ? 'application/octet-stream' : 'text/html; charset=utf-8');
    const immutable = file.startsWith(join(root, '_astro') + sep);
    const headers = {
      'Content-Type': type,
      'Content-Length': String(body.byteLength),
      'Cache-Control': fileCacheControl(immutable),
    };
    return c.req.method === 'HEAD' ? c.body(null, status, headers) : c.body(new Uint8Array(body), status, headers);
  }

  return {
    /** A file, or a _redirects rule, answers the request; otherwise undefined. */
    async serve(c: Context): Promise<Response | undefined> {
      const pathname = c.req.path;
      const file = await findFile(pathname);
      if (file) return send(c, file);

      const hit = matchRedirect(await loadRules(), pathname);
      if (hit && hit.status === 200) {
        const target = await findFile(hit.to);
        if (target) return send(c, target);
      } else if (hit) {
        // As Netlify does, the query string goes along unless the rule's target names its own.
        const search = hit.to.includes('?') ? '' : new URL(c.req.url).search;
        return c.redirect(`${hit.to}${search}`, hit.status as 301 | 302 | 307 | 308);
      }
      return undefined;
    },

    async notFound(c: Context): Promise<Response> {
      const notFoundPage = await findFile('/404.html');
      if (notFoundPage) return send(c, notFoundPage, 404);
      return c.text('Not found', 404);
    },
  };
}
