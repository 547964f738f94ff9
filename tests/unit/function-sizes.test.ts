import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  GOAL_ZIP_BYTES,
  NETLIFY_ADDED_BYTES,
  functionSize,
  overGoal,
  zipBytes,
} from '../../scripts/netlify/function-sizes.ts';

/** scripts/netlify/function-sizes.ts: the build's check of each Netlify function's zip. */
describe('the functions’ zip sizes', () => {
  const text = (size: number) => new TextEncoder().encode('export const a = 1;\n'.repeat(size / 20));

  it('counts a zip as its headers plus each file deflated at level 1', () => {
    expect(zipBytes([])).toBe(22);
    const data = text(20_000);
    const deflated = deflateRawSync(data, { level: 1 }).byteLength;
    expect(deflated).toBeLessThan(data.byteLength / 10);
    // local header, name, data, data descriptor; central directory entry, name; end of central directory
    expect(zipBytes([{ name: 'ssr.mjs', data }])).toBe(30 + 7 + deflated + 16 + 46 + 7 + 22);
  });

  it('stores a file that deflate would not shrink', () => {
    const random = new Uint8Array(4096).map(() => Math.floor(Math.random() * 256));
    expect(zipBytes([{ name: 'x', data: random }])).toBe(30 + 1 + 4096 + 16 + 46 + 1 + 22);
  });

  it('adds what Netlify’s bundler puts into every zip', () => {
    const entries = [{ name: 'api.mjs', data: text(2000) }];
    expect(functionSize('api', entries)).toEqual({
      name: 'api',
      unzipped: 2000,
      zipped: zipBytes(entries) + NETLIFY_ADDED_BYTES,
    });
  });

  it('names each function over the goal, and only those', () => {
    const sizes = [
      { name: 'api', unzipped: 1, zipped: 900_000 },
      { name: 'ssr', unzipped: 1, zipped: GOAL_ZIP_BYTES + 1 },
    ];
    expect(overGoal(sizes)).toEqual([
      expect.stringMatching(/^The ssr function is 1\.50 MB zipped, over the 1\.50 MB goal/),
    ]);
    expect(overGoal([{ name: 'ssr', unzipped: 1, zipped: GOAL_ZIP_BYTES }])).toEqual([]);
    expect(overGoal(sizes, 800_000)).toHaveLength(2);
  });
});
