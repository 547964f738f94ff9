import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/lib/api-base.ts';
import { createApi } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { ApiDeps } from '../../src/server/deps.ts';
import { API_REFERENCE, referencedRoutes } from '../../src/server/routes/api-reference.ts';
import { API_DOCS_PATH, apiDocsMarkdown } from '../../scripts/api-docs/render.ts';

/**
 * The real app, built with deps no route is asked to use: building it mounts every router (their
 * factories only keep what they are given), which is all `app.routes` needs.
 */
function mountedRoutes(): string[] {
  const config = loadConfig({
    DATA_DIR: '.tmp/test-data',
    SESSION_SECRET: 'api-reference-test-secret-long-enough-1234',
  });
  const unused = new Proxy(
    {},
    {
      get: (_, name) => {
        throw new Error(`the app read deps.…${String(name)} while being built`);
      },
    },
  );
  const deps = {
    config,
    database: { db: unused, kind: 'pglite' },
    blobs: unused,
    now: () => new Date(),
    pageCache: unused,
    mail: unused,
    site: unused,
  } as unknown as ApiDeps;
  const routes = createApi(deps)
    // Middleware is registered as ALL; every call is a method of its own.
    .routes.filter((route) => route.method !== 'ALL')
    .map((route) => `${route.method} ${route.path.slice(API_BASE.length) || '/'}`);
  return [...new Set(routes)];
}

describe('the API reference (src/server/routes/api-reference.ts)', () => {
  const mounted = mountedRoutes();
  const documented = referencedRoutes();

  it('documents every route the app mounts', () => {
    expect(mounted.length).toBeGreaterThan(80);
    expect(mounted.filter((route) => !documented.includes(route))).toEqual([]);
  });

  it('names only routes the app mounts, each once', () => {
    expect(documented.filter((route) => !mounted.includes(route))).toEqual([]);
    expect(documented.filter((route, i) => documented.indexOf(route) !== i)).toEqual([]);
  });

  it('gives every call a summary ending its sentence', () => {
    const routes = API_REFERENCE.flatMap((area) => Object.entries(area.routes));
    expect(routes.filter(([, route]) => !/[.!?)]$/.test(route.summary)).map(([key]) => key)).toEqual([]);
  });

  it('docs/api.md is what `npm run docs:api` writes from it (run it after changing a route or a schema)', async () => {
    expect(readFileSync(API_DOCS_PATH, 'utf8')).toBe(await apiDocsMarkdown());
  });
});
