import { mkdir } from 'node:fs/promises';
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect, type Dialect, type PostgresPool } from 'kysely';
import type { DatabaseTarget } from '../config.ts';
import type { Database } from './schema.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** What /health reports: the embedded engine or a real server. */
  kind: 'pglite' | 'postgres';
}

interface ErrorEmitter {
  on(event: 'error', listener: (err: Error) => void): unknown;
}
/**
 * A client losing its server (idle, or checked out between queries) must not crash the process:
 * the driver emits 'error' on it, and the next query reports the failure (answered 503).
 */
function survivesLostConnections(
  pool: ErrorEmitter & { on(event: 'connect', listener: (client: ErrorEmitter) => void): unknown },
) {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
}

async function dialectFor(target: DatabaseTarget): Promise<Dialect> {
  if (target.kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    // PGlite creates only the last level of its directory; a fresh DATA_DIR may not exist at all.
    if (target.dataDir) await mkdir(target.dataDir, { recursive: true });
    const pglite = target.dataDir ? await PGlite.create(target.dataDir) : await PGlite.create();
    return new PGliteDialect({ pglite });
  }
  if (target.driver === 'neon') {
    const { Pool } = await import('@neondatabase/serverless');
    // Neon's Pool is pg-compatible at run time; its types differ only in overloads Kysely never uses.
    const pool = new Pool({ connectionString: target.url, max: 5 });
    survivesLostConnections(pool);
    return new PostgresDialect({ pool: pool as unknown as PostgresPool });
  }
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5000 });
  survivesLostConnections(pool);
  return new PostgresDialect({ pool });
}

/** Opens the database the configuration names; drivers load lazily so each runtime bundles only its own. */
export async function connectDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const db = new Kysely<Database>({ dialect: await dialectFor(target), plugins: [new CamelCasePlugin()] });
  return { db, kind: target.kind };
}
