import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfNeeded } from './build-if-needed.ts';
import { ensureChromium } from './ensure-chromium.ts';
import { ensureJava } from './ensure-java.ts';
import { findPostgresBin, startPostgres } from './postgres-test-server.ts';
import { saveTimes, stepTimer, timesTable } from './stage-times.ts';
import {
  addTotals,
  playwrightTotals,
  saveTotals,
  tally,
  vitestTotals,
  type PlaywrightStats,
  type VitestCounts,
} from './test-totals.ts';

/**
 * `npm test`: unit and API tests on PGlite, the API tests again on a real PostgreSQL server when its
 * binaries are here (required when REQUIRE_POSTGRES=1, as in CI), the build tests (each runs a whole
 * Astro build, so alone rather than beside the API tests), then the end-to-end tests in Chromium.
 * Prints the time of each step, then one closing line with the totals.
 */
const reports = '.tmp/reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];
const times = stepTimer();

function run(step: string, cmd: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n=== ${step} ===`);
  const startedAt = performance.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) failedSteps.push(step);
  times.add(step, startedAt, r.status !== 0);
}

function countVitest(file: string) {
  try {
    addTotals(totals, vitestTotals(JSON.parse(readFileSync(file, 'utf8')) as VitestCounts));
  } catch {
    totals.failed += 1;
  }
}

function countPlaywright(file: string) {
  try {
    const { stats } = JSON.parse(readFileSync(file, 'utf8')) as { stats: PlaywrightStats };
    // A test that failed once failed: a "flaky" one is counted with the failures.
    addTotals(totals, playwrightTotals(stats));
  } catch {
    totals.failed += 1;
  }
}

function vitest(step: string, args: string[], report: string, env: Record<string, string> = {}) {
  const file = join(reports, report);
  run(step, 'vitest', ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], env);
  countVitest(file);
}

vitest('unit and API tests (PGlite)', ['--project', 'unit', '--project', 'api'], 'vitest-pglite.json');

const pgBin = findPostgresBin();
if (pgBin) {
  const pg = await startPostgres(pgBin);
  console.log(`\nStarted ${pg.version} for the API tests`);
  try {
    vitest('API tests (PostgreSQL)', ['--project', 'api'], 'vitest-postgres.json', { TEST_DATABASE_URL: pg.url });
  } finally {
    pg.stop();
  }
} else if (process.env['REQUIRE_POSTGRES'] === '1') {
  console.error('REQUIRE_POSTGRES=1 but no PostgreSQL server binaries were found (set PG_BIN).');
  failedSteps.push('API tests (PostgreSQL)');
  totals.failed += 1;
} else {
  console.log('\nNo PostgreSQL server binaries found: the API tests ran on PGlite only.');
}

vitest('build tests', ['--project', 'build'], 'vitest-build.json');

try {
  ensureChromium();
  ensureJava();
  const startedAt = performance.now();
  let built = false;
  try {
    buildIfNeeded();
    built = true;
  } finally {
    times.add('site build (when sources changed)', startedAt, !built);
  }
  const pwReport = join(process.cwd(), reports, 'playwright.json');
  run('end-to-end tests (Chromium)', 'playwright', ['test'], { PW_JSON_REPORT: pwReport });
  countPlaywright(pwReport);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  failedSteps.push('end-to-end tests (Chromium)');
  totals.failed += 1;
}

saveTimes('npm-test', times.steps);
console.log(['', 'Time of each step (m:ss):', ...timesTable(times.steps)].join('\n'));
console.log('');
if (failedSteps.length) console.log(`Failed: ${failedSteps.join('; ')}`);
saveTotals('npm-test', totals);
console.log(tally(totals));
process.exit(failedSteps.length || totals.failed ? 1 : 0);
