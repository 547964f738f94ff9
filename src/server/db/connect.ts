import { mkdir } from 'node:fs/promises';
import { PGliteDialect, PostgresDialect, type Dialect } from 'kysely';
import type { DatabaseTarget } from '../config.ts';
import { openDatabase, survivesLostConnections, type DatabaseHandle } from './database-handle.ts';

export type { DatabaseHandle } from './database-handle.ts';

async function dialectFor(target: DatabaseTarget): Promise<Dialect> {
  if (target.kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    // PGlite creates only the last level of its directory; a fresh DATA_DIR may not exist at all.
    if (target.dataDir) await mkdir(target.dataDir, { recursive: true });
    const pglite = target.dataDir
      ? await PGlite.create(target.dataDir)
      : await PGlite.create(target.template ? { loadDataDir: target.template } : {});
    return new PGliteDialect({ pglite });
  }
  if (target.driver === 'neon') return (await import('./neon-dialect.ts')).neonDialect(target);
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5000 });
  survivesLostConnections(pool);
  return new PostgresDialect({ pool });
}

/** Wraps the dialect before use: the bench and tests count round trips this way (see round-trip-counter.ts). */
export type DialectWrapper = (dialect: Dialect) => Dialect;

/**
 * Opens the database the configuration names, for Node runtimes (local server, scripts, tests).
 * Drivers load lazily; the Netlify function uses connect-function.ts, which reaches only Neon's.
 */
export async function connectDatabase(
  target: DatabaseTarget,
  wrap: DialectWrapper = (dialect) => dialect,
): Promise<DatabaseHandle> {
  return openDatabase(wrap(await dialectFor(target)), target.kind);
}
