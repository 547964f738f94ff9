import { build, type BuildOptions } from 'esbuild';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Bundles the API function (netlify/functions/api.ts), and the scheduled one beside it, into self-contained ES modules that netlify.toml
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

/**
 * The scheduled function (netlify/functions/scheduled-jobs.ts: due e-mail, expired personal data),
 * bundled the same way into a folder of its own, dist-functions/scheduled-jobs/, with its own chunks
 * (netlify.toml's [functions."scheduled-jobs"] ships them).
 */
export const SCHEDULED_FUNCTION = 'scheduled-jobs';

export const scheduledFunctionBuildOptions = {
  ...functionBuildOptions,
  entryPoints: { [SCHEDULED_FUNCTION]: `netlify/functions/${SCHEDULED_FUNCTION}.ts` },
} satisfies BuildOptions;

/** Bundles one function into outDir/{name}/ (replacing what was there); returns its main module's path. */
async function bundleInto(outDir: string, name: string, options: BuildOptions): Promise<string> {
  const dir = join(outDir, name);
  rmSync(dir, { recursive: true, force: true });
  // The single module of earlier builds would be a second function of the same name.
  rmSync(join(outDir, `${name}.mjs`), { force: true });
  await build({ ...options, outdir: dir });
  return join(dir, `${name}.mjs`);
}

/** Bundles the API function into outDir/api/; returns its main module's path. */
export async function buildFunction(outDir = FUNCTIONS_DIR): Promise<string> {
  return bundleInto(outDir, API_FUNCTION, functionBuildOptions);
}

/** Bundles the scheduled function into outDir/scheduled-jobs/; returns its main module's path. */
export async function buildScheduledFunction(outDir = FUNCTIONS_DIR): Promise<string> {
  return bundleInto(outDir, SCHEDULED_FUNCTION, scheduledFunctionBuildOptions);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`Bundled the API function into ${await buildFunction()} and its ${API_CHUNKS}/`);
  console.log(`Bundled the scheduled function into ${await buildScheduledFunction()} and its ${API_CHUNKS}/`);
}
