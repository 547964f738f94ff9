import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect, type Dialect, type PostgresPool } from 'kysely';
import type { DatabaseTarget } from '../config.ts';
import type { Database } from './schema.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** What /health reports: the embedded engine or a real server. */
  kind: 'pglite' | 'postgres';
}

async function dialectFor(target: DatabaseTarget): Promise<Dialect> {
  if (target.kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = target.dataDir ? await PGlite.create(target.dataDir) : await PGlite.create();
    return new PGliteDialect({ pglite });
  }
  if (target.driver === 'neon') {
    const { Pool } = await import('@neondatabase/serverless');
    // Neon's Pool is pg-compatible at run time; its types differ only in overloads Kysely never uses.
    const pool = new Pool({ connectionString: target.url, max: 5 }) as unknown as PostgresPool;
    return new PostgresDialect({ pool });
  }
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  return new PostgresDialect({ pool });
}

/** Opens the database the configuration names; drivers load lazily so each runtime bundles only its own. */
export async function connectDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const db = new Kysely<Database>({ dialect: await dialectFor(target), plugins: [new CamelCasePlugin()] });
  return { db, kind: target.kind };
}
