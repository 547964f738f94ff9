import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { ensureChromium } from './ensure-chromium.ts';
import { startNeonLocal, type NeonLocal } from './netlify/neon-local.ts';
import { startInBackground, waitForUrl, type Background } from './netlify/processes.ts';
import { DENO, NETLIFY_CLI, binDir, ensureNpmTool } from './netlify/tools.ts';
import { freePort } from './postgres-test-server.ts';
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
 * `npm run test:netlify`: the production shape, run here. Netlify's own CLI builds the site as its
 * build command does (migrate, which creates the first admin, then the site and the function) and
 * serves it offline: CDN rules, headers, _redirects, the API function, Netlify Blobs. The database is
 * PostgreSQL 15 reached through Neon's serverless driver (see netlify/neon-local.ts). A Playwright
 * walk in Chromium (tests/netlify) then uses the site as staff and visitors do, through a model of
 * Netlify's CDN cache (tests/netlify/cdn-model, which the CLI does not emulate): the walk starts it in
 * front of the CLI on the ports chosen here, and the functions send their cache purges to it. Prints
 * the time of each step and one closing line with the totals; exits non-zero on any failure.
 */
const LOGS = resolve('.tmp/netlify');
const REPORT = resolve('.tmp/reports/playwright-netlify.json');
const NEON_REPORT = resolve('.tmp/reports/vitest-neon.json');
// Building the site and the function on a loaded 2-core machine takes minutes.
const SERVE_TIMEOUT_MS = 15 * 60_000;

rmSync(LOGS, { recursive: true, force: true });
mkdirSync(LOGS, { recursive: true });
mkdirSync(resolve('.tmp/reports'), { recursive: true });
rmSync(REPORT, { force: true });
rmSync(NEON_REPORT, { force: true });
// Start each run with an empty local Blobs sandbox.
rmSync('.netlify/blobs-serve', { recursive: true, force: true });

const admin = { email: 'admin@netlify.test', password: randomBytes(12).toString('base64url') };
let neon: NeonLocal | undefined;
let site: Background | undefined;
let failure: string | undefined;
const times = stepTimer();
let startedAt = performance.now();

try {
  ensureChromium();
  const netlify = join(binDir(ensureNpmTool(NETLIFY_CLI)), NETLIFY_CLI.bin);
  const denoBin = binDir(ensureNpmTool(DENO));
  times.add('Chromium, Netlify CLI and Deno (fetched on first run)', startedAt);

  startedAt = performance.now();
  neon = await startNeonLocal(LOGS);
  console.log(`Started ${neon.version} behind websockify (${neon.env.NEON_WS_PROXY})`);
  times.add('PostgreSQL behind websockify', startedAt);

  // Seats under a burst, through Neon's driver itself: 300 registrations at once for 50 seats, each
  // request on its own connection through the proxy, as functions reach Neon.
  startedAt = performance.now();
  const burst = spawnSync(
    'vitest',
    [
      'run',
      '--project',
      'api',
      'tests/api/registration-concurrency.test.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${NEON_REPORT}`,
    ],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${neon.cluster.port}/postgres`,
        TEST_NEON_WS_PROXY: neon.env.NEON_WS_PROXY,
      },
    },
  );
  if (burst.status !== 0) failure = 'the registration burst through Neon’s driver failed';
  times.add('registration burst through Neon’s driver', startedAt, burst.status !== 0);

  const port = await freePort();
  const origin = `http://localhost:${port}`;
  // The CDN model the walk puts in front of the CLI, and its purge API (what purgeCache reaches).
  const cdn = {
    port: await freePort(),
    purgePort: await freePort(),
    token: randomBytes(18).toString('base64url'),
    siteId: 'netlify-test-site',
  };
  // The mail server the functions send to: the walk starts a fake one on this port and reads what it
  // catches (tests/netlify/mail-origin-shape.spec.ts); until then a send fails and its message waits.
  const smtpPort = await freePort();
  console.log(`Building and serving with netlify serve --offline on ${origin} (log: ${join(LOGS, 'serve.log')})`);
  startedAt = performance.now();
  site = startInBackground(netlify, ['serve', '--offline', '--port', String(port)], {
    log: join(LOGS, 'serve.log'),
    env: {
      ...process.env,
      PATH: [denoBin, process.env['PATH']].join(delimiter),
      BROWSER: 'none',
      // The settings a deployer gives Netlify; NODE_ENV=production holds the build's migrate step to the
      // production rules (ADMIN_PASSWORD required, no sample data), as NETLIFY=true does on Netlify.
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(36).toString('base64url'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // Netlify gives functions a purge token and the site's id; the purges go to the CDN model.
      NETLIFY_PURGE_API_TOKEN: cdn.token,
      SITE_ID: cdn.siteId,
      NETLIFY_PURGE_API_URL: `http://127.0.0.1:${cdn.purgePort}`,
      // The site's public address, as a deployer sets it: the CDN in front. Every link the site writes
      // (e-mailed tickets included) is on it, whatever Host a request names.
      SITE_URL: `http://127.0.0.1:${cdn.port}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ...neon.env,
    },
  });
  await waitForUrl(`${origin}/api/v1/health`, 200, SERVE_TIMEOUT_MS, site.exited);
  times.add('netlify serve: build, then serve', startedAt);

  startedAt = performance.now();
  const r = spawnSync('playwright', ['test', '-c', 'tests/netlify/playwright.config.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PW_JSON_REPORT: REPORT,
      NETLIFY_TEST_ORIGIN: origin,
      NETLIFY_TEST_CDN: JSON.stringify(cdn),
      NETLIFY_TEST_ADMIN: JSON.stringify(admin),
      NETLIFY_TEST_POSTGRES: JSON.stringify(neon.cluster),
      NETLIFY_TEST_SMTP_PORT: JSON.stringify(smtpPort),
      // The walk reads what the functions logged (the purges purgeCache skips offline).
      NETLIFY_TEST_SERVE_LOG: JSON.stringify(join(LOGS, 'serve.log')),
    },
  });
  if (r.status !== 0) failure = 'the Playwright walk failed';
  times.add('the Playwright walk', startedAt, r.status !== 0);
} catch (err) {
  failure = err instanceof Error ? err.message : String(err);
  console.error(`\n${failure}\nLast lines of ${join(LOGS, 'serve.log')}:`);
  try {
    console.error(readFileSync(join(LOGS, 'serve.log'), 'utf8').split('\n').slice(-40).join('\n'));
  } catch {}
} finally {
  await site?.stop();
  try {
    await neon?.stop();
  } catch (err) {
    console.error(`Stopping PostgreSQL: ${err instanceof Error ? err.message : err}`);
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
try {
  addTotals(totals, vitestTotals(JSON.parse(readFileSync(NEON_REPORT, 'utf8')) as VitestCounts));
} catch {
  totals.failed += 1;
}
try {
  const { stats } = JSON.parse(readFileSync(REPORT, 'utf8')) as { stats: PlaywrightStats };
  // A test that failed once failed: a "flaky" one is counted with the failures.
  addTotals(totals, playwrightTotals(stats));
} catch {
  totals.failed += 1;
}
saveTimes('netlify', times.steps);
console.log(['', 'Time of each step (m:ss):', ...timesTable(times.steps)].join('\n'));
if (failure) console.log(`\nFailed: ${failure}`);
saveTotals('netlify', totals);
console.log(`\nNetlify production shape: ${tally(totals)}`);
process.exit(failure || totals.failed ? 1 : 0);
