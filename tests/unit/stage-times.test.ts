import { describe, expect, it } from 'vitest';
import { minutes, timesTable } from '../../scripts/stage-times.ts';

/** The table of stage times CI ends with (scripts/ci-totals.ts), and `npm test` and the walk print. */
describe('the stage times', () => {
  it('are minutes and seconds, rounded to the second', () => {
    expect(minutes(0)).toBe('0:00');
    expect(minutes(59.4)).toBe('0:59');
    expect(minutes(59.6)).toBe('1:00');
    expect(minutes(1234)).toBe('20:34');
  });

  it('line up one step a line, a failed one said so', () => {
    expect(
      timesTable([
        { step: 'npm ci', seconds: 65 },
        { step: 'npm test', seconds: 725, failed: true },
      ]),
    ).toEqual(['  npm ci      1:05', '  npm test   12:05  failed']);
  });
});
