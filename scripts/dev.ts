import { spawn } from 'node:child_process';
import { serve } from '@hono/node-server';
import { createApi } from '../src/server/app.ts';
import { bootstrap } from '../src/server/bootstrap.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDeps } from '../src/server/runtime.ts';

/** `npm run dev`: the API on PORT+1 and `astro dev` on PORT, proxying /api/v1 to it. */
const config = loadConfig();
const deps = await createDeps(config);
const result = await bootstrap(deps.database.db, config);
if (result.createdAdmin?.password)
  console.log(`Admin account: ${result.createdAdmin.email} / ${result.createdAdmin.password}`);
const apiPort = config.port + 1;
serve({ fetch: createApi(deps).fetch, port: apiPort, hostname: '127.0.0.1' });

const astro = spawn('astro', ['dev', '--port', String(config.port)], {
  stdio: 'inherit',
  env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', DEV_API_ORIGIN: `http://127.0.0.1:${apiPort}` },
});
astro.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => astro.kill(signal));
