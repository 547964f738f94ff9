import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A V8 CPU profile as `node --cpu-prof` writes it (the fields the summary reads). */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  where: string;
  ms: number;
  share: number;
}

function place(url: string, line: number): string {
  if (!url) return '';
  const path = url.startsWith('file:') ? relative(process.cwd(), fileURLToPath(url)) : url;
  return `${path.replace(/^node_modules\//, '')}:${line + 1}`;
}

/** Where a function lives, coarsely: its npm package, the engine's WebAssembly, Node, the app. */
function owner({ functionName, url }: CpuProfile['nodes'][number]['callFrame']): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (inPackage) return inPackage;
  if (url.startsWith('wasm:')) return 'WebAssembly (PGlite’s engine)';
  if (url.startsWith('node:')) return 'Node internals';
  if (url.includes('/src/')) return 'app (src/)';
  if (url) return url;
  return functionName.startsWith('(') ? functionName : `native: ${functionName}`;
}

/** The functions that spent the most time themselves (not in what they called), largest first. */
export function topSelfTime(file: string, count = 25): SelfTime[] {
  return selfTime(file, (f) => `${f.functionName || '(anonymous)'} ${place(f.url, f.lineNumber)}`.trim(), count);
}

/** Self time added up by owner (package, WebAssembly, Node, app), largest first. */
export function selfTimeByOwner(file: string, count = 15): SelfTime[] {
  return selfTime(file, owner, count);
}

function selfTime(file: string, key: (frame: CpuProfile['nodes'][number]['callFrame']) => string, count: number) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nameOf = new Map(profile.nodes.map(({ id, callFrame }) => [id, key(callFrame)]));
  const micros = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    const where = nameOf.get(id) ?? '?';
    micros.set(where, (micros.get(where) ?? 0) + delta);
    total += delta;
  });
  return [...micros]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([where, us]) => ({ where, ms: us / 1000, share: us / total }));
}
