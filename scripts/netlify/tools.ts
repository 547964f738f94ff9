import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Tools the production-shape test and benchmark fetch on first use into .cache/, pinned, rather than
 * devDependencies every `npm install` would pay for (Netlify's CLI is about 350 MB).
 */
export const NETLIFY_CLI = { name: 'netlify-cli', version: '27.10.2', bin: 'netlify' } as const;
/** Netlify's offline serve sets up its edge-functions runtime, which needs Deno 2.4 or newer on PATH. */
export const DENO = { name: 'deno', version: '2.9.6', bin: 'deno' } as const;

interface NpmTool {
  name: string;
  version: string;
  bin: string;
}

const CACHE = resolve('.cache');

/** The tool's install directory; installs it there first when it is missing. */
export function ensureNpmTool(tool: NpmTool): string {
  const dir = join(CACHE, `${tool.name}-${tool.version}`);
  if (existsSync(join(dir, 'node_modules', '.bin', tool.bin))) return dir;
  console.log(`Fetching ${tool.name}@${tool.version} into ${dir} (first run only)...`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  const r = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefix', dir, `${tool.name}@${tool.version}`],
    { stdio: 'inherit' },
  );
  if (r.status !== 0 || !existsSync(join(dir, 'node_modules', '.bin', tool.bin))) {
    throw new Error(`Could not install ${tool.name}@${tool.version} from the npm registry.`);
  }
  return dir;
}

export const binDir = (toolDir: string) => join(toolDir, 'node_modules', '.bin');

/** Debian's websockify: the WebSocket-to-TCP proxy that stands in for Neon's in front of PostgreSQL. */
export function findWebsockify(): string {
  const r = spawnSync('sh', ['-c', 'command -v websockify'], { encoding: 'utf8' });
  const path = r.stdout.trim();
  if (r.status === 0 && path) return path;
  throw new Error('websockify is not installed (Debian/Ubuntu: sudo apt-get install websockify).');
}
