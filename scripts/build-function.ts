import { build, type BuildOptions } from 'esbuild';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Bundles the API function (netlify/functions/api.ts) into self-contained ES modules that netlify.toml
 * serves as they are (node_bundler "none"). Netlify traces a TypeScript function with nft, which ships
 * every file of every package it reaches (all of zod's locales, all of graphql); esbuild keeps only the
 * code the function runs. The function's import graph reaches Neon's driver but neither PGlite nor pg
 * (src/server/db/connect-function.ts).
 *
 * The function is a folder, dist-functions/api/: its main module api.mjs (the name Netlify looks for)
 * and chunks/, split along the code's dynamic imports (the blog sources, Netlify Blobs), which a cold
 * start then neither reads nor compiles until a request needs them. netlify.toml's included_files
 * ships the chunks (API_CHUNKS).
 */
export const FUNCTIONS_DIR = 'dist-functions';
export const API_FUNCTION = 'api';
/** Where the chunks go, inside the function's folder. */
export const API_CHUNKS = 'chunks';

/** esbuild's settings for the function; the unit tests inspect what they pull in. */
export const functionBuildOptions = {
  entryPoints: { [API_FUNCTION]: 'netlify/functions/api.ts' },
  bundle: true,
  splitting: true,
  chunkNames: `${API_CHUNKS}/[name]-[hash]`,
  // Without a package.json saying "type": "module", Node reads a .js file as CommonJS.
  outExtension: { '.js': '.mjs' },
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
  // Bundled CommonJS packages call require() for Node built-ins; an ES module has to provide it.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
} satisfies BuildOptions;

/** Bundles the function into outDir/api/ (replacing what was there); returns its main module's path. */
export async function buildFunction(outDir = FUNCTIONS_DIR): Promise<string> {
  const dir = join(outDir, API_FUNCTION);
  rmSync(dir, { recursive: true, force: true });
  // The single module of earlier builds would be a second function of the same name.
  rmSync(join(outDir, `${API_FUNCTION}.mjs`), { force: true });
  await build({ ...functionBuildOptions, outdir: dir });
  return join(dir, `${API_FUNCTION}.mjs`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`Bundled the API function into ${await buildFunction()} and its ${API_CHUNKS}/`);
}
