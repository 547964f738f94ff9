import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bootstrap } from '../../src/server/runtime/bootstrap.ts';
import { loadConfig } from '../../src/server/config.ts';
import { connectDatabase } from '../../src/server/db/connect.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { buildFunction } from '../build-function.ts';
import { startNeonLocal } from '../netlify/neon-local.ts';
import { NETLIFY_CLI, ensureNpmTool } from '../netlify/tools.ts';

/**
 * The API function as Netlify ships it: the zip Netlify's own bundler (zip-it-and-ship-it, from the
 * pinned CLI) makes of it with netlify.toml's settings, and its cold start: a fresh Node process
 * imports the bundled module and answers its first GET /api/v1/events through Neon's driver
 * (PostgreSQL 15 behind websockify, with the sample data). Median of 5.
 */
const RUNS = 5;
const OUT = resolve('.tmp/bench-function');
const GOAL_ZIP_MB = 1.5;

interface Zisi {
  zipFunctions(
    src: string[],
    dest: string,
    options: Record<string, unknown>,
  ): Promise<{ path: string; size?: number }[]>;
}

async function zipWithNetlify(functionsDir: string): Promise<number> {
  const zisiMain = join(ensureNpmTool(NETLIFY_CLI), 'node_modules/@netlify/zip-it-and-ship-it/dist/main.js');
  const { zipFunctions } = (await import(pathToFileURL(zisiMain).href)) as Zisi;
  const dest = join(OUT, 'zip');
  // The same settings as netlify.toml's [functions].
  const [zip] = await zipFunctions([functionsDir], dest, {
    basePath: process.cwd(),
    repositoryRoot: process.cwd(),
    config: { '*': { nodeBundler: 'none', includedFiles: ['content/blog/**'] } },
  });
  return statSync(zip!.path).size;
}

/** Runs in the fresh process: import the module, call it once, print the two timings as JSON. */
const COLD_START = `
const t0 = performance.now();
const { default: handle } = await import(process.argv[1]);
const imported = performance.now();
const res = await handle(new Request('http://localhost/api/v1/events'));
const body = await res.json();
if (res.status !== 200 || !Array.isArray(body.events)) throw new Error('unexpected answer ' + res.status);
console.log(JSON.stringify({ importMs: imported - t0, firstResponseMs: performance.now() - t0 }));
`;

/** Netlify provides this context to functions; GET /api/v1/events never reaches the store, so a stand-in. */
const UNUSED_BLOBS_CONTEXT = Buffer.from(
  JSON.stringify({
    siteID: 'bench',
    token: 'bench',
    edgeURL: 'http://127.0.0.1:9',
    uncachedEdgeURL: 'http://127.0.0.1:9',
  }),
).toString('base64');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchFunction(): Promise<void> {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const functionsDir = join(OUT, 'functions');
  const bundle = await buildFunction(functionsDir);
  const zipBytes = await zipWithNetlify(functionsDir);

  const neon = await startNeonLocal(OUT);
  const runs: { importMs: number; firstResponseMs: number }[] = [];
  try {
    const env = { ...neon.env, SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00' };
    const config = loadConfig({ ...env, DATA_DIR: '.tmp/bench', ADMIN_PASSWORD: 'bench-admin-password' });
    const { db } = await connectDatabase(config.database);
    await migrateToLatest(db);
    await bootstrap(db, config);
    await db.destroy();

    for (let i = 0; i < RUNS; i++) {
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', COLD_START, pathToFileURL(bundle).href], {
        encoding: 'utf8',
        env: { PATH: process.env['PATH'], ...env, NETLIFY_BLOBS_CONTEXT: UNUSED_BLOBS_CONTEXT },
      });
      if (r.status !== 0)
        throw new Error(`cold start failed: ${r.stderr.split('\n').slice(-12).join('\n').slice(-3000)}`);
      runs.push(JSON.parse(r.stdout.trim().split('\n').pop()!));
    }
  } finally {
    await neon.stop();
  }

  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
  console.log('\nAPI function (Netlify zip of the bundle; cold start on Neon’s driver to PostgreSQL via websockify)');
  console.log(`zipped: ${mb(zipBytes)} MB (goal ≤ ${GOAL_ZIP_MB} MB); bundle ${mb(statSync(bundle).size)} MB unzipped`);
  console.log(
    `cold start, median of ${RUNS}: import ${median(runs.map((r) => r.importMs)).toFixed(0)} ms, ` +
      `first GET /api/v1/events answered ${median(runs.map((r) => r.firstResponseMs)).toFixed(0)} ms after the import began`,
  );
}
