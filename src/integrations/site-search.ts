import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { build } from 'esbuild';
import * as pagefind from 'pagefind';
import type { Roster } from '../lib/content/roster.schema.ts';
import { ROSTER_DIR, readRosterFiles } from '../lib/content/roster-files.ts';
import { SEARCH_LANGUAGE, memberRecords } from '../lib/search/member-records.ts';
import { escapeXml } from '../lib/xml.ts';
import { PAGEFIND_DIR, PAGEFIND_MODULE, SEARCH_MODULE } from '../lib/search/search-paths.ts';

/**
 * The site search, written into the static output once `astro build` has finished, so every build
 * path has it (`npm run build`, `npm start`'s build, the tests' build, Netlify's build command):
 *
 * - a Pagefind index of every static page that marks its content with data-pagefind-body
 *   (BaseLayout's <main>, unless the page is `noindex`), plus one record per committee member, plus
 *   the member-list committee pages, which render on demand: indexed from their roster files with
 *   what their prebuilt twins give the index (the heading and intro; see RosterPage.astro);
 * - the header dialog's module, bundled from src/browser/site-search.ts. It is not a Vite entry: Astro
 *   would put it on every page as a module script, and the pages load nothing until the dialog opens.
 */
export default function siteSearch(): AstroIntegration {
  let root: URL;
  return {
    name: 'site-search',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = config.root;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const clientDir = fileURLToPath(dir);
        await bundleSearchModule(clientDir);
        await writeSearchIndex(clientDir, fileURLToPath(new URL(`${ROSTER_DIR}/`, root)), logger);
      },
    },
  };
}

async function bundleSearchModule(clientDir: string) {
  await build({
    entryPoints: [fileURLToPath(new URL('../browser/site-search.ts', import.meta.url))],
    outfile: join(clientDir, SEARCH_MODULE),
    bundle: true,
    format: 'esm',
    target: 'es2020',
    minify: true,
    // Pagefind's own module is written beside the index and loaded by URL at run time.
    external: [PAGEFIND_MODULE],
    logLevel: 'warning',
  });
}

async function writeSearchIndex(clientDir: string, rosterDir: string, logger: AstroIntegrationLogger) {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  try {
    const pages = await index.addDirectory({ path: clientDir });
    failOn('indexing the pages', pages.errors);
    let members = 0;
    for (const [route, roster] of readRosterFiles(rosterDir)) {
      if (roster.source === 'database') {
        const page = await index.addHTMLFile({ url: `/${route}/`, content: rosterPageHtml(roster) });
        failOn(`indexing /${route}/`, page.errors);
      }
      for (const record of memberRecords(route, roster)) {
        failOn(`indexing ${record.url}`, (await index.addCustomRecord(record)).errors);
        members++;
      }
    }
    const outputPath = join(clientDir, PAGEFIND_DIR);
    failOn('writing the index', (await index.writeFiles({ outputPath })).errors);
    // addDirectory counts every HTML file it read, the skipped dashboard pages too; the index knows how
    // many records it holds.
    const entry = JSON.parse(readFileSync(join(outputPath, 'pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, { page_count: number }>;
    };
    const records = Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0);
    logger.info(`Search index: ${records - members} pages and ${members} committee members`);
  } finally {
    await pagefind.close();
  }
}

/** What the index reads of a committee page: its heading group and intro (the cards are left out). */
function rosterPageHtml(roster: Roster): string {
  const text = (tag: string, value: string) => `<${tag}>${escapeXml(value)}</${tag}>`;
  const header = [
    text('h1', roster.title),
    ...(roster.subtitle ? [text('p', roster.subtitle)] : []),
    ...roster.intro.map((paragraph) => text('p', paragraph)),
  ];
  return `<!doctype html><html lang="${SEARCH_LANGUAGE}"><body><main data-pagefind-body><header>${header.join('')}</header></main></body></html>`;
}

function failOn(step: string, errors: string[]) {
  if (errors.length > 0) throw new Error(`Site search, ${step}: ${errors.join('; ')}`);
}
