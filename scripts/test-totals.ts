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

export const tally = ({ passed, failed, skipped }: Totals) =>
  `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;

export function saveTotals(name: string, totals: Totals) {
  mkdirSync(REPORTS, { recursive: true });
  writeFileSync(join(REPORTS, `totals-${name}.json`), JSON.stringify(totals));
}

export function readAllTotals(): Totals {
  const all: Totals = { passed: 0, failed: 0, skipped: 0 };
  for (const file of readdirSync(REPORTS).filter((f) => /^totals-.+\.json$/.test(f))) {
    const t = JSON.parse(readFileSync(join(REPORTS, file), 'utf8')) as Totals;
    all.passed += t.passed;
    all.failed += t.failed;
    all.skipped += t.skipped;
  }
  return all;
}
