import { benchApi } from './bench/api.ts';
import { benchFunction } from './bench/function.ts';
import { benchPages } from './bench/pages.ts';

/** `npm run bench`: performance figures (never pass/fail; timings on a shared 2-core machine are noisy). */
await benchApi();
await benchFunction();
await benchPages();
