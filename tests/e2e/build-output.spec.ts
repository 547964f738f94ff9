import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test, expect } from '@playwright/test';
import { PAGEFIND_MODULE, SEARCH_MODULE } from '../../src/lib/search/search-paths.ts';
import { readRosterFiles } from '../support/roster-files.ts';

/*
 * Static pages ship no JavaScript but the inline site script. Only the pages listed here may carry
 * islands (and so Astro's island loader and module scripts); add a page when it gains an island.
 */
const PAGES_WITH_ISLANDS = new Set([
  'index.html',
  'contact/index.html',
  'humans-of-ieee-cs-bdc/index.html',
  'login/index.html',
]);
/** The staff dashboard is an application: every page of it is an island. */
const hasIslands = (file: string) => PAGES_WITH_ISLANDS.has(file) || file.startsWith('dashboard/');

// The static half of the build; the on-demand pages (dist/server) have their own tests (ssr-*.spec.ts).
const DIST = 'dist/client';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // admin/ (the content editor's scripts and config) holds no page: the pages' function answers /admin/.
    if (entry.isDirectory()) return entry.name === '_astro' ? [] : htmlFiles(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

// dist/ is (re)built by the global setup, which runs after this file is loaded: read it inside tests.
test.describe('build output', () => {
  const builtPages = () => htmlFiles(DIST).map((path) => relative(DIST, path));

  test('has the pages of the information area', () => {
    const files = builtPages();
    for (const page of ['index.html', 'about/index.html', 'chapters/index.html', 'countdown/index.html']) {
      expect(files).toContain(page);
    }
  });

  test('pages without islands carry no script but the inline site script', () => {
    const checked = builtPages().filter((f) => !hasIslands(f));
    expect(checked.length).toBeGreaterThan(10);
    for (const file of checked) {
      const html = readFileSync(join(DIST, file), 'utf8');
      expect.soft(html, `${file}: no module script`).not.toMatch(/<script[^>]*type=["']?module/i);
      expect.soft(html, `${file}: no island`).not.toContain('<astro-island');
      const scripts = [...html.matchAll(/<script\b[^>]*>/gi)];
      expect.soft(scripts.length, `${file}: only the site script`).toBeLessThanOrEqual(1);
      if (scripts.length === 1) {
        const firstInHead = html.slice(0, html.indexOf('</head>')).match(/<script\b[^>]*>/i);
        expect.soft(firstInHead?.index, `${file}: the one script is the first in <head>`).toBe(scripts[0]?.index);
        expect.soft(scripts[0]?.[0], `${file}: the site script is inline`).not.toMatch(/\bsrc=/);
      }
    }
  });

  test('has the site search: its index, its module, and only public pages marked for indexing', () => {
    for (const file of [PAGEFIND_MODULE, SEARCH_MODULE]) expect(existsSync(join(DIST, file)), file).toBe(true);
    const entry = JSON.parse(readFileSync(join(DIST, 'pagefind/pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, { page_count: number }>;
    };
    expect(Object.keys(entry.languages), 'one language: every record is English').toEqual(['en']);
    for (const file of builtPages()) {
      const html = readFileSync(join(DIST, file), 'utf8');
      const optedOut = file.startsWith('dashboard/') || /<meta name="robots" content="noindex/.test(html);
      expect.soft(html.includes('data-pagefind-body'), `${file}: indexed unless opted out`).toBe(!optedOut);
    }
  });

  test('the sitemap lists every committee page, those rendered on demand too, and no page kept from crawlers', () => {
    const xml = readFileSync(join(DIST, 'sitemap-0.xml'), 'utf8');
    const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    for (const route of readRosterFiles().keys()) expect(paths).toContain(`/${route}/`);
    expect(paths).toContain('/contact/');
    expect(paths.filter((path) => /^\/(dashboard|login|contact\/send)\//.test(path))).toEqual([]);
  });

  test('the home page hydrates its islands lazily, never on load; the hero needs no framework', () => {
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)].map((m) => m[0]);
    // The events slider and the counters, both below the first screen.
    expect(islands.length).toBe(2);
    for (const island of islands) expect(island).toMatch(/client="visible"/);
    const hero = html.slice(0, html.indexOf('data-mosaic'));
    expect(hero).not.toContain('<astro-island');
  });
});
