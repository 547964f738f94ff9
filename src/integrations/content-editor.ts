import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { stringify } from 'yaml';
import {
  editorConfig,
  type ContentListing,
  type EditorBackend,
  type JsonSchema,
} from '../lib/content/editor-config.ts';
import { EDITOR_PAGE } from '../lib/content/editor-page.ts';
import { contentJsonSchemas } from '../lib/content/json-schemas.ts';
import { contentEditorPolicy, LOCAL_EDITOR_SERVER } from '../server/http/security-headers.ts';

/**
 * The visual content editor at /admin/ (Decap CMS, from its npm package, pinned in package.json):
 * its bundle, our additions (src/admin/: checks and format, phone layout) and its config.yml, generated from the
 * content schemas and the files in content/ at every build, and served the same way by `npm run dev`.
 * The page itself (src/lib/content/editor-page.ts) is no file of the build: the pages' function answers
 * it (src/pages/admin/index.ts) with the editor's own headers, which Netlify would otherwise have to
 * combine with the site's for a static file. `npm run dev` serves it here, with the local policy.
 */

/** Decap's own files: the bundle, the parts it loads on demand, and its licence notice. */
function decapFiles(): { dir: string; files: string[] } {
  const dir = join(dirname(createRequire(import.meta.url).resolve('decap-cms/package.json')), 'dist');
  const files = readdirSync(dir).filter((f) => /(^|\.)decap-cms\.js$|\.wasm$|^decap-cms\.js\.LICENSE\.txt$/.test(f));
  return { dir, files };
}

/** The rosters and pages in content/, as the editor lists them. */
export function listContent(root: string): ContentListing {
  const json = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, unknown>;
  const names = (dir: string) =>
    readdirSync(join(root, dir))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
  return {
    rosters: names('content/rosters').map((route) => {
      const roster = json(`content/rosters/${route}.json`);
      return {
        route,
        title: String(roster['title'] ?? route),
        source: roster['source'] === 'database' ? 'database' : 'file',
        ...(typeof roster['photoFolder'] === 'string' ? { photoFolder: roster['photoFolder'] } : {}),
      };
    }),
    pages: names('content/pages'),
  };
}

/**
 * The GitHub repository and branch saves commit to: CMS_GITHUB_REPO (owner/name) and CMS_BRANCH when
 * set, else what Netlify's build tells (REPOSITORY_URL, BRANCH).
 */
export function editorBackend(env: NodeJS.ProcessEnv): EditorBackend {
  const fromUrl = /github\.com[:/]([^/]+\/[^/]+?)(?:\.git)?\/?$/.exec(env['REPOSITORY_URL'] ?? '')?.[1];
  const repo = env['CMS_GITHUB_REPO'] || fromUrl;
  const branch = env['CMS_BRANCH'] || env['BRANCH'];
  return { ...(repo ? { repo } : {}), ...(branch ? { branch } : {}) };
}

export function editorConfigYaml(root: string, env: NodeJS.ProcessEnv): string {
  const schemas = contentJsonSchemas() as Record<string, JsonSchema>;
  const config = editorConfig(schemas, listContent(root), editorBackend(env));
  return `# Generated at build time from the content schemas (src/integrations/content-editor.ts).\n${stringify(config, { lineWidth: 0 })}`;
}

/**
 * Our additions to the editor, bundled. `shownAtOnce`: the site serving it is `npm run dev`, which shows
 * a saved file at once; a build (`npm start`, Netlify) shows it once rebuilt, and the editor says so.
 */
async function editorScript(shownAtOnce: boolean): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../admin/editor.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: true,
    write: false,
    define: {
      CONTENT_SCHEMAS: JSON.stringify(contentJsonSchemas()),
      SAVES_SHOWN_AT_ONCE: JSON.stringify(shownAtOnce),
    },
    logLevel: 'warning',
  });
  return result.outputFiles[0]!.text;
}

/**
 * One file of /admin/ by its name there, made fresh (the config follows content/ and the schemas), for
 * `npm run dev` (`dev`) or the build.
 */
async function editorFile(root: string, name: string, dev: boolean): Promise<string | Buffer | undefined> {
  if (name === 'index.html') return EDITOR_PAGE;
  if (name === 'config.yml') return editorConfigYaml(root, process.env);
  if (name === 'editor.js') return editorScript(dev);
  if (name === 'editor.css') return readFileSync(fileURLToPath(new URL('../admin/editor.css', import.meta.url)));
  const decap = decapFiles();
  return decap.files.includes(name) ? readFileSync(join(decap.dir, name)) : undefined;
}

/** The static files of /admin/ in the build: everything but the page. */
const editorFileNames = () => ['config.yml', 'editor.js', 'editor.css', ...decapFiles().files];

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  yml: 'text/yaml; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  wasm: 'application/wasm',
  txt: 'text/plain; charset=utf-8',
};

export default function contentEditor(): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'content-editor',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req, res, next) => {
          const path = new URL(req.url ?? '/', 'http://dev').pathname;
          if (path === '/admin') {
            res.writeHead(301, { Location: '/admin/' }).end();
            return;
          }
          const name = /^\/admin\/([\w.-]*)$/.exec(path)?.[1];
          if (name === undefined) return next();
          editorFile(root, name || 'index.html', true).then((body) => {
            if (!body) return next();
            res.writeHead(200, {
              'Content-Type': TYPES[name.split('.').pop() ?? 'html'] ?? TYPES['html']!,
              'Content-Security-Policy': contentEditorPolicy(LOCAL_EDITOR_SERVER),
              'X-Robots-Tag': 'noindex, nofollow',
            });
            res.end(body);
          }, next);
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = join(fileURLToPath(dir), 'admin');
        mkdirSync(out, { recursive: true });
        for (const name of editorFileNames()) writeFileSync(join(out, name), (await editorFile(root, name, false))!);
        const backend = editorBackend(process.env);
        logger.info(
          `Content editor at /admin/ (saves to ${backend.repo ?? 'no GitHub repository: set CMS_GITHUB_REPO'}, branch ${backend.branch ?? 'main'})`,
        );
      },
    },
  };
}
