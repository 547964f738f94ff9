import { mkdir } from 'node:fs/promises';
import { PGliteDialect, PostgresDialect, type Dialect } from 'kysely';
import type { DatabaseTarget } from '../config.ts';
import { openDatabase, survivesLostConnections, type DatabaseHandle } from './database-handle.ts';
import { claimEmbeddedDatabase } from './embedded-lock.ts';
import { DATA_DIR_MODE } from '../storage/data-dir.ts';

export type { DatabaseHandle } from './database-handle.ts';

/** A dialect, and what closing the database must also do (give back the embedded database's folder). */
interface OpenedDialect {
  dialect: Dialect;
  close?: () => Promise<void>;
}

async function dialectFor(target: DatabaseTarget): Promise<OpenedDialect> {
  if (target.kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    if (!target.dataDir) {
      const pglite = await PGlite.create(target.template ? { loadDataDir: target.template } : {});
      return { dialect: new PGliteDialect({ pglite }) };
    }
    // PGlite creates only the last level of its directory; a fresh DATA_DIR may not exist at all. Every
    // folder made here is its owner's alone: PGlite's files below are readable by all (data-dir.ts).
    await mkdir(target.dataDir, { recursive: true, mode: DATA_DIR_MODE });
    // A folder on disk: this process's alone until it closes the database (embedded-lock.ts).
    const release = claimEmbeddedDatabase(target.dataDir);
    try {
      const pglite = await PGlite.create(target.dataDir);
      return {
        dialect: new PGliteDialect({ pglite }),
        // Kysely closes PGlite only if it ran a query; the folder is given back either way.
        close: async () => {
          try {
            if (!pglite.closed) await pglite.close();
          } finally {
            release();
          }
        },
      };
    } catch (err) {
      release();
      throw err;
    }
  }
  if (target.driver === 'neon') return { dialect: (await import('./neon-dialect.ts')).neonDialect(target) };
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5000 });
  survivesLostConnections(pool);
  return { dialect: new PostgresDialect({ pool }) };
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
  const { dialect, close } = await dialectFor(target);
  const handle = openDatabase(wrap(dialect), target.kind);
  if (close) {
    const destroy = handle.db.destroy.bind(handle.db);
    handle.db.destroy = async () => {
      try {
        await destroy();
      } finally {
        await close();
      }
    };
  }
  return handle;
}
