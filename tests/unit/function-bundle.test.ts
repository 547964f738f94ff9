import { build } from 'esbuild';
import { isBuiltin } from 'node:module';
import { describe, expect, it } from 'vitest';
import { functionBuildOptions } from '../../scripts/build-function.ts';

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
