import { readFileSync, writeFileSync } from 'node:fs';

/**
 * This workplace's npm registry serves only the Linux builds of packages with per-platform binaries,
 * so `npm install` leaves the other platforms' optional packages out of package-lock.json and a later
 * `npm ci` refuses the lockfile. This adds those entries back (version, os, cpu, optional), exactly as
 * npm writes them against the full registry, so `npm ci` works here and on any developer's laptop.
 * Run it after changing dependencies: `node scripts/complete-lockfile.ts`.
 */
type Entry = {
  version?: string;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optional?: boolean;
};

const CPUS = ['x64', 'arm64', 'arm', 'ia32', 'wasm32', 'riscv64', 's390x', 'ppc64', 'loong64'];
const OSES = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony'];

// Package names some projects use for an npm os value (e.g. @pagefind/windows-x64 is os "win32").
const OS_ALIASES: Record<string, string> = { windows: 'win32' };

function platformOf(name: string): Pick<Entry, 'os' | 'cpu' | 'libc'> | undefined {
  const parts = name
    .split('/')
    .pop()!
    .split('-')
    .map((p) => OS_ALIASES[p] ?? p);
  const os = parts.find((p) => OSES.includes(p));
  const cpu = parts.find((p) => CPUS.includes(p));
  if (!cpu) return undefined;
  const out: Pick<Entry, 'os' | 'cpu' | 'libc'> = { cpu: [cpu] };
  if (os) out.os = [os];
  if (os === 'linux') out.libc = [parts.includes('musl') ? 'musl' : 'glibc'];
  return out;
}

const file = 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, Entry> };
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (lock.packages[base] || lock.packages[hoisted]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    lock.packages[hoisted] = { version, ...platform, optional: true };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} optional platform entries`);
