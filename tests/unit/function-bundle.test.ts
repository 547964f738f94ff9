import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  API_CHUNKS,
  API_FUNCTION,
  FUNCTIONS_DIR,
  SCHEDULED_FUNCTION,
  functionBuildOptions,
  scheduledFunctionBuildOptions,
} from '../../scripts/build-function.ts';
import { config as scheduledConfig } from '../../netlify/functions/scheduled-jobs.ts';
import { adapterEntry, bundleProblems, bundledPackages } from '../../scripts/netlify/bundle-ssr.ts';

describe('the Netlify function bundle', () => {
  it('reaches Neon’s driver and Netlify Blobs, but neither PGlite, pg nor sharp', async () => {
    const result = await build({ ...functionBuildOptions, write: false, metafile: true, outdir: 'out' });
    const packages = new Set(
      Object.keys(result.metafile.inputs).flatMap((path) => {
        const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
        return match ? [match[1]!] : [];
      }),
    );
    expect(packages).toContain('@neondatabase/serverless');
    expect(packages).toContain('@netlify/blobs');
    expect(packages).not.toContain('@electric-sql/pglite');
    expect(packages).not.toContain('pg');
    // Production resizes images on Netlify's Image CDN; sharp serves /.netlify/images on the Node server only.
    expect(packages).not.toContain('sharp');
    // netlify.toml ships the modules as they are (node_bundler "none"): they may import Node's built-ins
    // and each other only.
    const outputs = result.metafile.outputs;
    expect(Object.keys(outputs)).toContain(`out/${API_FUNCTION}.mjs`);
    const imports = Object.values(outputs).flatMap((output) => output.imports.map((i) => i.path));
    // (debug, under file-type, asks for supports-color inside a try/catch; it is optional and absent.)
    expect(imports.filter((path) => !isBuiltin(path) && !(path in outputs) && path !== 'supports-color')).toEqual([]);
    // The blog sources' libraries, and nodemailer, are chunks of their own, read only when a request
    // needs them (a blog read; a registration's e-mail).
    const main = outputs[`out/${API_FUNCTION}.mjs`]!;
    expect(
      Object.keys(main.inputs).some((path) => /node_modules\/(graphql|marked|sanitize-html|nodemailer)\//.test(path)),
    ).toBe(false);
    // Every chunk lies where netlify.toml's included_files ships it from.
    for (const path of Object.keys(outputs))
      expect(path).toMatch(new RegExp(`^out/(${API_FUNCTION}\\.mjs$|${API_CHUNKS}/)`));
    expect(readFileSync('netlify.toml', 'utf8')).toMatch(
      new RegExp(`included_files = \\[.*"${FUNCTIONS_DIR}/${API_FUNCTION}/${API_CHUNKS}/\\*\\*"`),
    );
  }, 60_000);
});

describe('the scheduled function’s bundle (due e-mail, expired personal data)', () => {
  it('is a folder of its own that netlify.toml ships, on Neon’s driver, loading nodemailer only to send', async () => {
    const result = await build({ ...scheduledFunctionBuildOptions, write: false, metafile: true, outdir: 'out' });
    const outputs = result.metafile.outputs;
    const packagesOf = (inputs: Record<string, unknown>) =>
      new Set(Object.keys(inputs).flatMap((path) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1] ?? []));
    const all = packagesOf(result.metafile.inputs);
    expect(all).toContain('@neondatabase/serverless');
    expect(all).toContain('nodemailer');
    for (const name of ['@electric-sql/pglite', 'pg', 'sharp']) expect(all).not.toContain(name);
    // nodemailer is a chunk, read on the first send.
    const main = outputs[`out/${SCHEDULED_FUNCTION}.mjs`]!;
    expect(packagesOf(main.inputs)).not.toContain('nodemailer');
    const imports = Object.values(outputs).flatMap((output) => output.imports.map((i) => i.path));
    expect(imports.filter((path) => !isBuiltin(path) && !(path in outputs))).toEqual([]);
    for (const path of Object.keys(outputs))
      expect(path).toMatch(new RegExp(`^out/(${SCHEDULED_FUNCTION}\\.mjs$|${API_CHUNKS}/)`));
    const toml = readFileSync('netlify.toml', 'utf8');
    expect(toml).toMatch(
      new RegExp(
        `\\[functions\\."${SCHEDULED_FUNCTION}"\\]\\s+(#.*\\s+)*included_files = \\["${FUNCTIONS_DIR}/${SCHEDULED_FUNCTION}/${API_CHUNKS}/\\*\\*"\\]`,
      ),
    );
  }, 60_000);

  it('runs every five minutes', () => {
    expect(scheduledConfig).toEqual({ schedule: '*/5 * * * *' });
  });
});

describe('the pages’ SSR function bundle (scripts/netlify/bundle-ssr.ts)', () => {
  const metafile = (inputs: string[], imports: string[]) => ({
    inputs: Object.fromEntries(inputs.map((path) => [path, { bytes: 1, imports: [] }])),
    outputs: {
      'entry.mjs': {
        bytes: 1,
        inputs: {},
        imports: imports.map((path) => ({ path, kind: 'import-statement' as const, external: true })),
        exports: [],
      },
    },
  });

  it('finds the server entry the adapter’s main file imports', () => {
    expect(adapterEntry("\nimport { createHandler } from './.netlify/build/entry.mjs';\nexport default 1;")).toBe(
      '.netlify/build/entry.mjs',
    );
    expect(() => adapterEntry("import { handler } from './somewhere.mjs';")).toThrow(/createHandler/);
  });

  it('names the packages a bundle is made of', () => {
    const packages = bundledPackages(
      metafile(
        ['node_modules/react/index.js', '../../main/node_modules/@neondatabase/serverless/index.mjs', 'src/a.ts'],
        [],
      ),
    );
    expect([...packages]).toEqual(['react', '@neondatabase/serverless']);
  });

  it('refuses native binaries, the local databases and run-time imports of packages', () => {
    expect(bundleProblems(metafile(['node_modules/kysely/dist/index.js'], ['node:fs', 'sharp', 'entry.mjs']))).toEqual(
      [],
    );
    expect(
      bundleProblems(
        metafile(['node_modules/esbuild/lib/main.js', 'node_modules/pg/lib/index.js'], ['node:fs', 'react']),
      ),
    ).toEqual([
      'it bundles esbuild, which the page function must not carry',
      'it bundles pg, which the page function must not carry',
      'it imports react at run time, which the function does not ship',
    ]);
  });
});
