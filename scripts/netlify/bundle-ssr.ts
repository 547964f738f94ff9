import { build, type BuildOptions, type Metafile } from 'esbuild';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BLOG_DIR } from '../../src/server/blog/local-source.ts';

/**
 * Run after `astro build` with ASTRO_ADAPTER=netlify and adapt-routes (netlify.toml's build command).
 * @astrojs/netlify leaves the pages' SSR function as Astro's server chunks plus every file @vercel/nft
 * traces from them: whole packages, sharp with libvips and esbuild's binary among them (16 MB zipped).
 * This bundles them with esbuild, as scripts/build-function.ts does the API, so the function ships the
 * code it runs and nothing else: an entry module plus chunks. Astro imports each page's module when
 * the page is first asked for; split along those imports, a cold start reads and compiles the shared
 * core and the asked page's chunks only, not every page's (nor the session driver, nor the image code).
 *
 * - `sharp` stays out. Only Astro's image endpoint would load it, and no on-demand page draws an
 *   astro:assets image (the static pages' images are optimised at build time, uploads by Netlify's
 *   Image CDN), so adapt-routes does not route /_image to the function. Should anything reach it, Astro
 *   answers with its own "MissingSharp" error.
 * - The local Markdown blog is copied in: the adapter's in-source `includedFiles: ['**\/*']` replaces
 *   netlify.toml's `included_files` for this function and is read from the function's own folder,
 *   which becomes the function's working directory on Netlify.
 *
 * Fails the build when the bundle reaches a package the page function must not carry (FORBIDDEN).
 */
export const SSR_DIR = '.netlify/v1/functions/ssr';
export const SSR_MAIN = 'ssr.mjs';
/** The bundle's entry module, beside the function's main file; its chunks go into chunks/. */
export const SSR_BUNDLE = 'entry.mjs';
/** Where the adapter's entry imports Astro's server build from. */
const ADAPTER_IMPORT = /import \{ createHandler \} from '\.\/([^']+)';/;

/** Packages that must never be in the page function: native binaries and the local databases. */
export const FORBIDDEN = ['sharp', 'esbuild', '@electric-sql/pglite', 'pg'] as const;
/** Bare imports the bundle may leave unresolved at run time (see above). */
export const LEFT_OUT = ['sharp'] as const;

export const ssrBuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
  external: [...LEFT_OUT],
  // The function runs in production; React's development builds would otherwise be bundled beside.
  define: { 'process.env.NODE_ENV': '"production"' },
  // Bundled CommonJS packages call require() for Node built-ins; an ES module has to provide it.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  metafile: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  // Without a package.json saying "type": "module", Node reads a .js file as CommonJS.
  outExtension: { '.js': '.mjs' },
} satisfies BuildOptions;

/** The npm packages a bundle's inputs come from. */
export function bundledPackages(metafile: Metafile): Set<string> {
  return new Set(
    Object.keys(metafile.inputs).flatMap((path) => {
      const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
      return match ? [match[1]!] : [];
    }),
  );
}

/** Why the bundle must not ship, or an empty list. */
export function bundleProblems(metafile: Metafile): string[] {
  const packages = bundledPackages(metafile);
  const problems = FORBIDDEN.filter((name) => packages.has(name)).map(
    (name) => `it bundles ${name}, which the page function must not carry`,
  );
  for (const output of Object.values(metafile.outputs)) {
    for (const { path } of output.imports) {
      if (!isBuiltin(path) && !(path in metafile.outputs) && !(LEFT_OUT as readonly string[]).includes(path)) {
        problems.push(`it imports ${path} at run time, which the function does not ship`);
      }
    }
  }
  return problems;
}

/** The adapter's server entry, as the function's main file imports it. */
export function adapterEntry(main: string): string {
  const match = ADAPTER_IMPORT.exec(main);
  if (!match) throw new Error(`${SSR_DIR}/${SSR_MAIN}: expected the adapter's "import { createHandler } from './…'"`);
  return match[1]!;
}

export async function bundleSsrFunction(dir = SSR_DIR): Promise<{ bytes: number; files: number; packages: number }> {
  const mainPath = join(dir, SSR_MAIN);
  const main = readFileSync(mainPath, 'utf8');
  // The adapter copied Astro's server build (.netlify/build/) into the function folder at the same
  // relative path, beside the traced node_modules. Bundle the original, so that packages are resolved
  // from the project's node_modules rather than from the traced subset.
  const entry = adapterEntry(main);
  if (entry === SSR_BUNDLE) throw new Error(`${mainPath} is bundled already: build the site again first`);
  const outdir = resolve(dir);
  const name = SSR_BUNDLE.replace(/\.mjs$/, '');
  const result = await build({ ...ssrBuildOptions, entryPoints: { [name]: entry }, write: false, outdir });
  const problems = bundleProblems(result.metafile);
  if (problems.length > 0) throw new Error(`The page function's bundle cannot ship: ${problems.join('; ')}`);
  if (!result.outputFiles.some(({ path }) => path === join(outdir, SSR_BUNDLE))) {
    throw new Error(`esbuild wrote no ${SSR_BUNDLE}`);
  }

  for (const file of readdirSync(dir)) if (file !== SSR_MAIN) rmSync(join(dir, file), { recursive: true });
  for (const { path, contents } of result.outputFiles) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, contents);
  }
  writeFileSync(mainPath, main.replace(ADAPTER_IMPORT, `import { createHandler } from './${SSR_BUNDLE}';`));
  cpSync(DEFAULT_BLOG_DIR, join(dir, DEFAULT_BLOG_DIR), { recursive: true });
  return {
    bytes: result.outputFiles.reduce((sum, { contents }) => sum + contents.byteLength, 0),
    files: result.outputFiles.length,
    packages: bundledPackages(result.metafile).size,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { bytes, files, packages } = await bundleSsrFunction();
  console.log(
    `Bundled the SSR function into ${SSR_DIR}/${SSR_BUNDLE} and ${files - 1} chunks ` +
      `(${(bytes / 1024 / 1024).toFixed(2)} MB, ${packages} packages)`,
  );
}
