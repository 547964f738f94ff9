import { readAllTotals, tally } from './test-totals.ts';

/** CI's closing line: every test `npm test` and `npm run test:netlify` ran, counted together. */
console.log(`\n${tally(readAllTotals())}`);
