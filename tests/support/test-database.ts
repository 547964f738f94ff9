import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { DatabaseTarget } from '../../src/server/config.ts';

/**
 * Where API tests keep their data: a fresh in-memory PGlite by default, or, when TEST_DATABASE_URL
 * names a PostgreSQL server, a fresh database created on it for this test file and dropped after
 * (through Neon's driver when TEST_NEON_WS_PROXY names a WebSocket proxy in front of that server).
 */
export interface TestDatabase {
  target: DatabaseTarget;
  drop(): Promise<void>;
}

/** The migrated empty database the API tests' global set-up dumped (pglite-template.ts), read once per file. */
let template: Promise<Blob | undefined> | undefined;
const pgliteTemplate = () =>
  (template ??= (async () => {
    const file = inject('pgliteTemplate');
    return file ? new Blob([await readFile(file)]) : undefined;
  })());

/**
 * A fresh database, never migrated; `startMigrated`: for a server that migrates it anyway, PGlite may
 * start from the global set-up's migrated copy instead (the same tables, sooner).
 */
export async function createTestDatabase({ startMigrated = false } = {}): Promise<TestDatabase> {
  const serverUrl = process.env['TEST_DATABASE_URL'];
  if (!serverUrl) {
    const dump = startMigrated ? await pgliteTemplate() : undefined;
    return { target: { kind: 'pglite', dataDir: undefined, ...(dump && { template: dump }) }, drop: async () => {} };
  }

  const { default: pg } = await import('pg');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // TEST_NEON_WS_PROXY (host:port of a WebSocket-to-TCP proxy in front of that server, e.g. websockify):
  // the same database reached through Neon's serverless driver, as in production (the proxy ignores
  // the *.neon.tech host, as scripts/netlify/neon-local.ts does for npm run test:netlify).
  const wsProxy = process.env['TEST_NEON_WS_PROXY'];
  const neonUrl = `postgres://${url.username || 'postgres'}@db.test.neon.tech/${name}?sslmode=disable`;
  return {
    target: wsProxy
      ? { kind: 'postgres', driver: 'neon', url: neonUrl, wsProxy }
      : { kind: 'postgres', driver: 'pg', url: url.href },
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
