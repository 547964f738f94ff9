import { describe, expect, it } from 'vitest';
import playwrightConfig from '../../playwright.config.ts';
import netlifyConfig from '../netlify/playwright.config.ts';
import vitestConfig from '../../vitest.config.ts';
import { playwrightTotals, tally, vitestTotals } from '../../scripts/test-totals.ts';

/** The closing tally of `npm test` and `npm run test:netlify`, and the configs it relies on. */
describe('the test tally', () => {
  it('counts a test that failed once as failed, whatever a retry did', () => {
    const totals = playwrightTotals({ expected: 10, unexpected: 1, flaky: 2, skipped: 3 });
    expect(totals).toEqual({ passed: 10, failed: 3, skipped: 3 });
    expect(tally(totals)).toBe('10 passed, 3 failed, 3 skipped');
  });

  it('reads Vitest’s counts', () => {
    expect(vitestTotals({ numPassedTests: 5, numFailedTests: 1, numPendingTests: 1, numTodoTests: 1 })).toEqual({
      passed: 5,
      failed: 1,
      skipped: 2,
    });
  });
});

describe('no retries anywhere', () => {
  it('in the end-to-end tests and the Netlify walk, in CI too', () => {
    expect(playwrightConfig.retries).toBe(0);
    expect(netlifyConfig.retries).toBe(0);
  });

  it('in every Vitest project', () => {
    const projects = (vitestConfig.test?.projects ?? []) as { test?: { name?: string; retry?: number } }[];
    expect(projects.length).toBeGreaterThan(0);
    for (const project of projects) expect(project.test?.retry, project.test?.name).toBe(0);
  });
});
