import { readAllTotals, tally } from './test-totals.ts';

/** CI's closing line: every test `npm test` and `npm run test:netlify` ran, counted together. */
const totals = readAllTotals();
console.log(`\n${tally(totals)}`);
process.exit(totals.failed ? 1 : 0);
