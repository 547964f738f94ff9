import { minutes, readCiTimes, readTimes, timesTable } from './stage-times.ts';
import { readAllTotals, tally } from './test-totals.ts';

/**
 * CI's closing lines: the time of each stage of `.ci/run` (with the steps of `npm test` and
 * `npm run test:netlify` under theirs), then every test both ran, counted together.
 */
const stages = readCiTimes();
if (stages.length) {
  const steps: Record<string, ReturnType<typeof readTimes>> = {
    'npm test': readTimes('npm-test'),
    'npm run test:netlify': readTimes('netlify'),
  };
  const lines = ['', 'Time of each stage (m:ss):'];
  for (const [i, line] of timesTable(stages).entries()) {
    lines.push(line);
    const inner = steps[stages[i]!.step];
    if (inner?.length) lines.push(...timesTable(inner, '      '));
  }
  const total = Number(process.env['CI_SECONDS']);
  if (Number.isFinite(total) && total > 0) lines.push(`  whole run: ${minutes(total)}`);
  console.log(lines.join('\n'));
}
const totals = readAllTotals();
console.log(`\n${tally(totals)}`);
process.exit(totals.failed ? 1 : 0);
