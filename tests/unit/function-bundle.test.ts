import { build } from 'esbuild';
import { isBuiltin } from 'node:module';
import { describe, expect, it } from 'vitest';
import { functionBuildOptions } from '../../scripts/build-function.ts';
import { adapterEntry, bundleProblems, bundledPackages } from '../../scripts/netlify/bundle-ssr.ts';

describe('the Netlify function bundle', () => {
  it('reaches Neon’s driver and Netlify Blobs, but neither PGlite, pg nor sharp', async () => {
    const result = await build({ ...functionBuildOptions, write: false, metafile: true, outfile: 'api.mjs' });
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
    // netlify.toml ships the module as is (node_bundler "none"): it may import Node's built-ins only.
    const imports = result.metafile.outputs['api.mjs']!.imports.map((i) => i.path);
    // (debug, under file-type, asks for supports-color inside a try/catch; it is optional and absent.)
    expect(imports.filter((path) => !isBuiltin(path) && path !== 'supports-color')).toEqual([]);
  }, 60_000);
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
    expect(bundleProblems(metafile(['node_modules/kysely/dist/index.js'], ['node:fs', 'sharp']))).toEqual([]);
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
