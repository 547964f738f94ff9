import { CamelCasePlugin, Kysely, type Dialect } from 'kysely';
import type { Database } from './schema.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** What /health reports: the embedded engine or a real server. */
  kind: 'pglite' | 'postgres';
}

/** Every runtime opens its dialect the same way: snake_case columns, camelCase in code. */
export function openDatabase(dialect: Dialect, kind: DatabaseHandle['kind']): DatabaseHandle {
  return { db: new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] }), kind };
}

interface ErrorEmitter {
  on(event: 'error', listener: (err: Error) => void): unknown;
}

/**
 * A client losing its server (idle, or checked out between queries) must not crash the process:
 * the driver emits 'error' on it, and the next query reports the failure (answered 503).
 */
export function survivesLostConnections(
  pool: ErrorEmitter & { on(event: 'connect', listener: (client: ErrorEmitter) => void): unknown },
) {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
}
