import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_BLOG_DIR } from '../../src/server/blog/local-source.ts';
import { bootstrap } from '../../src/server/runtime/bootstrap.ts';
import { loadConfig } from '../../src/server/config.ts';
import { connectDatabase } from '../../src/server/db/connect.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { API_CHUNKS, API_FUNCTION, buildFunction } from '../build-function.ts';
import { adaptRoutes, SSR_FUNCTION } from '../netlify/adapt-routes.ts';
import { bundleSsrFunction, SSR_DIR } from '../netlify/bundle-ssr.ts';
import { functionFiles, functionSize, GOAL_ZIP_BYTES, mb } from '../netlify/function-sizes.ts';
import { startNeonLocal } from '../netlify/neon-local.ts';
import { NETLIFY_CLI, ensureNpmTool } from '../netlify/tools.ts';

/**
 * Both Netlify functions as Netlify ships them: the API (netlify/functions/api.ts, bundled by
 * scripts/build-function.ts) and the pages' SSR function (built by `astro build` with
 * ASTRO_ADAPTER=netlify, routed and bundled by scripts/netlify/, as netlify.toml's build command does;
 * this rewrites the checkout's .netlify/).
 *
 * - Zip: the zip Netlify's own bundler (zip-it-and-ship-it, from the pinned CLI) makes of each with
 *   netlify.toml's settings and the adapter's in-source config, beside the build check's estimate
 *   (scripts/netlify/function-sizes.ts). Goal ≤ 1.5 MB.
 * - Cold start: a fresh Node process imports the function's module and answers its first request
 *   through Neon's driver (PostgreSQL 15 behind websockify, with the sample data): GET /api/v1/events
 *   for the API, the page of a sample event (/events/{id}) for the SSR function, called as Netlify
 *   calls it (a Request and a context). Median of 5. Goal ≤ 300 ms for import plus first answer.
 */
const RUNS = 5;
const OUT = resolve('.tmp/bench-function');
const GOAL_COLD_START_MS = 300;

interface Zisi {
  zipFunctions(
    src: string[],
    dest: string,
    options: Record<string, unknown>,
  ): Promise<{ name: string; path: string }[]>;
}

/** Netlify's zips of the functions in these folders (the API's first), by function name. */
async function zipWithNetlify(functionDirs: [string, ...string[]]): Promise<Map<string, number>> {
  const zisiMain = join(ensureNpmTool(NETLIFY_CLI), 'node_modules/@netlify/zip-it-and-ship-it/dist/main.js');
  const { zipFunctions } = (await import(pathToFileURL(zisiMain).href)) as Zisi;
  // The same settings as netlify.toml's [functions]; the SSR function's own config overrides them.
  const apiChunks = relative(process.cwd(), join(functionDirs[0], API_FUNCTION, API_CHUNKS));
  const zips = await zipFunctions(functionDirs, join(OUT, 'zip'), {
    basePath: process.cwd(),
    repositoryRoot: process.cwd(),
    config: { '*': { nodeBundler: 'none', includedFiles: [`${DEFAULT_BLOG_DIR}/**`, `${apiChunks}/**`] } },
  });
  return new Map(zips.map((zip) => [zip.name, statSync(zip.path).size]));
}

/** The page function, built as netlify.toml's build command builds it (without the migration). */
async function buildPageFunction() {
  console.log('Building the site for Netlify (astro build, adapt-routes, bundle-ssr)...');
  const result = spawnSync('astro', ['build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ASTRO_ADAPTER: 'netlify', ASTRO_OUT_DIR: join(OUT, 'dist'), ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('The Netlify build of the site failed; see the messages above.');
  adaptRoutes();
  await bundleSsrFunction();
}

/**
 * Runs in the fresh process: import the module, call it once as Netlify does, print the two timings as
 * JSON. argv: the module's URL, the request's URL, and what the answer must contain.
 */
const COLD_START = `
const [moduleUrl, url, expected] = process.argv.slice(1);
const context = {
  ip: '203.0.113.7', requestId: 'bench', params: {}, url: new URL(url), waitUntil() {},
  account: { id: 'bench' }, site: { id: 'bench', name: 'bench', url: 'http://localhost' },
  deploy: { context: 'production', id: 'bench', published: true }, server: { region: 'bench' },
  geo: { city: 'Dhaka', country: { code: 'BD', name: 'Bangladesh' }, timezone: 'Asia/Dhaka' },
};
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const { default: handle } = await import(moduleUrl);
const imported = performance.now();
const res = await handle(new Request(url), context);
const body = await res.text();
const answered = performance.now();
const cpu = process.cpuUsage(cpu0);
if (res.status !== 200 || !body.includes(expected)) throw new Error('unexpected answer ' + res.status + ': ' + body.slice(0, 300));
console.log(JSON.stringify({ importMs: imported - t0, firstResponseMs: answered - t0, cpuMs: (cpu.user + cpu.system) / 1000 }));
// Neon's pool would keep the process alive for its idle timeout.
process.exit(0);
`;

/** Netlify provides this context to functions; neither request reaches the store, so a stand-in. */
const UNUSED_BLOBS_CONTEXT = Buffer.from(
  JSON.stringify({
    siteID: 'bench',
    token: 'bench',
    edgeURL: 'http://127.0.0.1:9',
    uncachedEdgeURL: 'http://127.0.0.1:9',
  }),
).toString('base64');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface ColdStart {
  importMs: number;
  firstResponseMs: number;
  /** CPU time the process spent on both (user and system): less swayed by other work on the machine. */
  cpuMs: number;
}

function coldStarts(
  module: string,
  url: string,
  expected: string,
  env: Record<string, string | undefined>,
  cwd: string,
): ColdStart[] {
  const runs: ColdStart[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', COLD_START, pathToFileURL(module).href, url, expected],
      {
        encoding: 'utf8',
        cwd,
        env: { PATH: process.env['PATH'], ...env, NETLIFY_BLOBS_CONTEXT: UNUSED_BLOBS_CONTEXT },
      },
    );
    if (r.status !== 0)
      throw new Error(`cold start of ${module} failed: ${r.stderr.split('\n').slice(-12).join('\n').slice(-3000)}`);
    runs.push(JSON.parse(r.stdout.trim().split('\n').pop()!) as ColdStart);
  }
  return runs;
}

export async function benchFunction(): Promise<void> {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const functionsDir = join(OUT, 'functions');
  const apiBundle = await buildFunction(functionsDir);
  await buildPageFunction();
  const zips = await zipWithNetlify([functionsDir, dirname(SSR_DIR)]);
  // The build check's figures for the same files (it reads dist-functions/: pointed at this build).
  const checked = new Map(
    functionFiles({ apiDir: functionsDir }).map(({ name, entries }) => [name, functionSize(name, entries)]),
  );

  const neon = await startNeonLocal(OUT);
  let api: ColdStart[];
  let pages: ColdStart[];
  let eventId: string;
  try {
    const env = { ...neon.env, SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00' };
    const config = loadConfig({ ...env, DATA_DIR: '.tmp/bench', ADMIN_PASSWORD: 'bench-admin-password' });
    const { db } = await connectDatabase(config.database);
    await migrateToLatest(db);
    await bootstrap(db, config);
    const event = await db
      .selectFrom('events')
      .select('id')
      .where('status', '=', 'published')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    await db.destroy();
    if (!event) throw new Error('The sample data has no published event');
    eventId = event.id;

    api = coldStarts(apiBundle, 'http://localhost/api/v1/events', '"events"', env, process.cwd());
    // On Netlify the function's folder is its working directory (the local blog is read from there).
    pages = coldStarts(resolve(SSR_FUNCTION), `http://localhost/events/${eventId}`, '</html>', env, resolve(SSR_DIR));
  } finally {
    await neon.stop();
  }

  const goalMb = mb(GOAL_ZIP_BYTES);
  const report = (title: string, name: string, runs: ColdStart[], request: string) => {
    const firstResponse = median(runs.map((r) => r.firstResponseMs));
    const size = checked.get(name);
    console.log(`\n${title}`);
    console.log(
      `zipped: ${mb(zips.get(name) ?? NaN)} MB by Netlify's bundler, ${mb(size?.zipped ?? NaN)} MB by the build ` +
        `check (goal ≤ ${goalMb} MB); its own files ${mb(size?.unzipped ?? NaN)} MB unzipped`,
    );
    console.log(
      `cold start, median of ${RUNS}: import ${median(runs.map((r) => r.importMs)).toFixed(0)} ms, ` +
        `first ${request} answered ${firstResponse.toFixed(0)} ms after the import began (goal ≤ ${GOAL_COLD_START_MS} ms)`,
    );
    console.log(
      `  runs: ${runs.map((r) => r.firstResponseMs.toFixed(0)).join(', ')} ms; ` +
        `CPU time, median: ${median(runs.map((r) => r.cpuMs)).toFixed(0)} ms`,
    );
  };
  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  console.log(
    `\n(cold starts on Neon’s driver to PostgreSQL via websockify, in a fresh Node process each; ` +
      `${availableParallelism()} cores, load average ${load})`,
  );
  report('API function (netlify/functions/api.ts)', API_FUNCTION, api, 'GET /api/v1/events');
  report('Page function (Astro’s SSR function)', 'ssr', pages, `GET /events/${eventId}`);
}
