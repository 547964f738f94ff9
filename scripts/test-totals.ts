import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The tallies of `npm test` and `npm run test:netlify`, each kept in .tmp/reports/totals-*.json, so
 * CI can end with one line that counts every test it ran (scripts/ci-totals.ts).
 */
export interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

const REPORTS = '.tmp/reports';

/** The `stats` of Playwright's JSON report. */
export interface PlaywrightStats {
  expected: number;
  unexpected: number;
  /** Failed, then passed on a retry. */
  flaky: number;
  skipped: number;
}

/**
 * A Playwright run's totals. A test that failed once is a failed test, whatever a retry did after:
 * the configs ask for no retries, and a flaky test counts as failed should one ever be configured.
 */
export const playwrightTotals = (stats: PlaywrightStats): Totals => ({
  passed: stats.expected,
  failed: stats.unexpected + stats.flaky,
  skipped: stats.skipped,
});

/** The counts of Vitest's JSON report. */
export interface VitestCounts {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

export const vitestTotals = (r: VitestCounts): Totals => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests,
  skipped: r.numPendingTests + r.numTodoTests,
});

export function addTotals(into: Totals, more: Totals): void {
  into.passed += more.passed;
  into.failed += more.failed;
  into.skipped += more.skipped;
}

export const tally = ({ passed, failed, skipped }: Totals) =>
  `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;

export function saveTotals(name: string, totals: Totals) {
  mkdirSync(REPORTS, { recursive: true });
  writeFileSync(join(REPORTS, `totals-${name}.json`), JSON.stringify(totals));
}

export function readAllTotals(): Totals {
  const all: Totals = { passed: 0, failed: 0, skipped: 0 };
  for (const file of readdirSync(REPORTS).filter((f) => /^totals-.+\.json$/.test(f))) {
    addTotals(all, JSON.parse(readFileSync(join(REPORTS, file), 'utf8')) as Totals);
  }
  return all;
}
