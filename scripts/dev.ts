import { serve } from '@hono/node-server';
import { dev } from 'astro';
import { createApi } from '../src/server/app.ts';
import { bootstrap } from '../src/server/runtime/bootstrap.ts';
import { loadConfig } from '../src/server/config.ts';
import { cacheDirIn, localImageCdn } from '../src/server/images/local-image-cdn.ts';
import { IMAGE_CDN_PATH } from '../src/lib/images/responsive-image.ts';
import { providePageDeps } from '../src/server/runtime/page-deps.ts';
import { createDeps } from '../src/server/runtime/local-deps.ts';
import { startLocalJobs } from '../src/server/jobs/scheduled-jobs.ts';

/**
 * `npm run dev`: the API and the image CDN on PORT+1 and Astro's dev server on PORT, proxying /api/v1
 * and /.netlify/images to it. Both run in this process, so the on-demand pages read the same database
 * as the API (PGlite allows one opener).
 */
const config = loadConfig();
const deps = await createDeps(config);
const result = await bootstrap(deps.database.db, config);
if (result.createdAdmin?.password)
  console.log(`Admin account: ${result.createdAdmin.email} / ${result.createdAdmin.password}`);
const apiPort = config.port + 1;
const api = createApi(deps);
// Astro's dev server serves public/ as is: the image CDN reads the static images from there.
const images = localImageCdn({ api: api.fetch, staticRoot: 'public', cacheDir: cacheDirIn(config.dataDir) });
const fetch = (request: Request) =>
  new URL(request.url).pathname === IMAGE_CDN_PATH ? images(request) : api.fetch(request);
// Astro's dev server shares this process: keep Node's own Response (its WebAssembly loaders stream from it).
serve({ fetch, port: apiPort, hostname: '127.0.0.1', overrideGlobalObjects: false });
providePageDeps(deps);
// Due e-mail every minute, expired registrations daily, as `npm start` does; without SITE_URL, links
// are on the dev server's address.
deps.site.useOwnAddress(`http://localhost:${config.port}`);
startLocalJobs(deps);

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';
process.env['DEV_API_ORIGIN'] = `http://127.0.0.1:${apiPort}`;
const server = await dev({ server: { port: config.port } });
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void server.stop().finally(() => process.exit(0)));
