import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApi } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { createDeps } from '../../src/server/runtime.ts';
import { bootstrap } from '../../src/server/bootstrap.ts';
import type { ApiDeps } from '../../src/server/deps.ts';
import { createTestDatabase } from './test-database.ts';

export const ADMIN = { email: 'admin@test.example', password: 'admin-password-123' };

export interface TestApi {
  /** http://127.0.0.1:PORT */
  origin: string;
  deps: ApiDeps;
  db: ApiDeps['database']['db'];
  /** fetch relative to /api/v1, e.g. call('/health'). */
  call(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** A real HTTP server around the API on a free port, with its own fresh database and admin. */
export async function startTestApi(overrides: Partial<Config> = {}): Promise<TestApi> {
  const testDb = await createTestDatabase();
  const base = loadConfig({
    DATA_DIR: '.tmp/test-data',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-1234',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SAMPLE_DATA: '0',
  });
  const config: Config = Object.freeze({ ...base, database: testDb.target, ...overrides });
  const deps = await createDeps(config);
  await bootstrap(deps.database.db, config);
  const api = createApi(deps);
  const server = serve({ fetch: api.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    deps,
    db: deps.database.db,
    call: (path, init) => fetch(`${origin}/api/v1${path}`, init),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.database.db.destroy();
      await testDb.drop();
    },
  };
}
