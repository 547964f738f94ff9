import { benchApi } from './bench/api.ts';
import { benchBackup } from './bench/backup.ts';
import { benchCdn } from './bench/cdn.ts';
import { benchFunction } from './bench/function.ts';
import { benchLighthouse } from './bench/lighthouse.ts';
import { benchPages } from './bench/pages.ts';
import { benchRegistration } from './bench/registration.ts';

/**
 * `npm run bench`: performance figures (never pass/fail; timings on a shared 2-core machine are noisy).
 * `npm run bench -- lighthouse pages` runs only the named parts.
 */
const parts = {
  api: benchApi,
  backup: benchBackup,
  cdn: benchCdn,
  function: benchFunction,
  pages: benchPages,
  lighthouse: benchLighthouse,
  registration: benchRegistration,
};
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in parts));
if (unknown.length > 0) {
  console.error(`Unknown bench part(s): ${unknown.join(', ')}. Parts: ${Object.keys(parts).join(', ')}`);
  process.exit(2);
}
for (const [name, run] of Object.entries(parts)) {
  if (chosen.length === 0 || chosen.includes(name)) await run();
}
