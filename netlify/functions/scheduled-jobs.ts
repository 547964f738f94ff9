import type { Config } from '@netlify/functions';
import { runScheduled } from '../../src/server/runtime/scheduled-entry.ts';

// A thin entry: every file here is a function of its own; the code lives in src/server.
export default runScheduled;

/** Every five minutes (cron, UTC): e-mail waits at most this long when the API's own send falls short. */
export const config: Config = { schedule: '*/5 * * * *' };
