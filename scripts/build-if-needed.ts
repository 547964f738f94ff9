import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

/**
 * Builds the site unless dist/ already holds a build of exactly these sources. The stamp is a hash
 * of every input file's path, size and mtime plus the build-time environment.
 */
const INPUTS = ['src', 'content', 'public', 'astro.config.ts', 'package-lock.json', 'tsconfig.json'];
const BUILD_ENV = ['SITE_URL', 'URL', 'DEPLOY_PRIME_URL', 'CONTEXT', 'PUBLIC_ANALYTICS_SRC', 'PUBLIC_ANALYTICS_DOMAIN'];

function walk(path: string, out: string[]) {
  if (!existsSync(path)) return;
  const info = statSync(path);
  if (info.isDirectory()) {
    for (const name of readdirSync(path).sort()) walk(join(path, name), out);
  } else {
    out.push(`${path}:${info.size}:${info.mtimeMs}`);
  }
}

export function sourceStamp(root = process.cwd()): string {
  const lines: string[] = [];
  for (const input of INPUTS) walk(join(root, input), lines);
  for (const name of BUILD_ENV) lines.push(`${name}=${process.env[name] ?? ''}`);
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

export function buildIfNeeded(outDir = 'dist'): void {
  const stampFile = join(outDir, '.build-stamp');
  const stamp = sourceStamp();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  console.log('Building the site (first start or sources changed)...');
  const result = spawnSync('astro', ['build'], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ASTRO_OUT_DIR: outDir },
  });
  if (result.status !== 0) throw new Error('The site build failed; see the messages above.');
  writeFileSync(stampFile, stamp);
}
