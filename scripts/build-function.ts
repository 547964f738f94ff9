import { build, type BuildOptions } from 'esbuild';
import { fileURLToPath } from 'node:url';

/**
 * Bundles the API function (netlify/functions/api.ts) into one self-contained ES module that
 * netlify.toml serves as is (node_bundler "none"). Netlify traces a TypeScript function with nft,
 * which ships every file of every package it reaches (all of zod's locales, all of graphql);
 * esbuild keeps only the code the function runs. The function's import graph reaches Neon's
 * driver but neither PGlite nor pg (src/server/db/connect-function.ts).
 */
export const FUNCTIONS_DIR = 'dist-functions';

/** esbuild's settings for the function; the unit tests inspect what they pull in. */
export const functionBuildOptions = {
  entryPoints: ['netlify/functions/api.ts'],
  bundle: true,
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

export async function buildFunction(outDir = FUNCTIONS_DIR): Promise<string> {
  const outfile = `${outDir}/api.mjs`;
  await build({ ...functionBuildOptions, outfile });
  return outfile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`Bundled the API function into ${await buildFunction()}`);
}
