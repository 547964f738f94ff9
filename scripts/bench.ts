import { benchApi } from './bench/api.ts';

/** `npm run bench`: performance figures (never pass/fail; timings on a shared 2-core machine are noisy). */
await benchApi();
