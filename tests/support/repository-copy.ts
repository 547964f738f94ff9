import { cpSync, mkdtempSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/**
 * Top-level entries a build of a copy does not need (or that must not be shared with one); .cache holds
 * the tools fetched on demand (Netlify CLI, Deno, Lighthouse: hundreds of MB) once test:netlify or bench ran.
 */
const SKIP = new Set([
  'node_modules',
  'dist',
  'dist-functions',
  '.tmp',
  '.data',
  '.cache',
  '.netlify',
  '.git',
  '.astro',
  'test-results',
  'playwright-report',
]);

/**
 * A copy of this repository in a new temporary folder (named from `prefix`), sharing node_modules by a
 * link: what a test changes or builds there never touches the working copy. The caller removes it.
 */
export function copyRepository(prefix: string): string {
  const root = process.cwd();
  const copy = mkdtempSync(join(tmpdir(), prefix));
  cpSync(root, copy, { recursive: true, filter: (src) => !SKIP.has(relative(root, src).split('/')[0] ?? '') });
  symlinkSync(realpathSync(join(root, 'node_modules')), join(copy, 'node_modules'));
  return copy;
}
