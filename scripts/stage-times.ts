import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How long each step of `npm test` and `npm run test:netlify` took, kept in
 * .tmp/reports/times-*.json beside the tallies, so each can print its own table and CI one table
 * of every stage (scripts/ci-totals.ts). `.ci/run` writes its own stages to CI_TIMES (one
 * `name<TAB>seconds<TAB>exit status` line each), in the order they ended.
 */
export interface StepTime {
  step: string;
  seconds: number;
  failed?: boolean;
}

const REPORTS = '.tmp/reports';
export const CI_TIMES = '.tmp/ci/times.tsv';

/** Records the time of each step, from the moment it started (performance.now()) until `add`. */
export function stepTimer() {
  const steps: StepTime[] = [];
  return {
    steps,
    add(step: string, startedAt: number, failed = false) {
      steps.push({ step, seconds: (performance.now() - startedAt) / 1000, ...(failed ? { failed } : {}) });
    },
  };
}

export function saveTimes(name: string, steps: StepTime[]) {
  mkdirSync(REPORTS, { recursive: true });
  writeFileSync(join(REPORTS, `times-${name}.json`), JSON.stringify(steps));
}

export function readTimes(name: string): StepTime[] {
  const file = join(REPORTS, `times-${name}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StepTime[]) : [];
}

/** `.ci/run`'s stages, in the order they ended. */
export function readCiTimes(): StepTime[] {
  if (!existsSync(CI_TIMES)) return [];
  return readFileSync(CI_TIMES, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [step = '', seconds = '0', status = '0'] = line.split('\t');
      return { step, seconds: Number(seconds), ...(status !== '0' ? { failed: true } : {}) };
    });
}

export const minutes = (seconds: number) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** A table of steps, one line each: the name, its time as m:ss, "failed" when it did. */
export function timesTable(steps: StepTime[], indent = '  '): string[] {
  const width = Math.max(...steps.map((s) => s.step.length), 0);
  return steps.map(
    (s) => `${indent}${s.step.padEnd(width)}  ${minutes(s.seconds).padStart(6)}${s.failed ? '  failed' : ''}`,
  );
}
