import { ConfigError, type DatabaseTarget } from '../config.ts';
import { openDatabase, type DatabaseHandle } from './database-handle.ts';
import { neonDialect } from './neon-dialect.ts';

/**
 * The Netlify function's connection. It imports Neon's driver only, so the function's bundle carries
 * neither PGlite (15 MB of WASM and data) nor pg; the URL still picks the driver in selectDatabase.
 */
export function connectFunctionDatabase(target: DatabaseTarget): DatabaseHandle {
  if (target.kind !== 'postgres' || target.driver !== 'neon') {
    throw new ConfigError(
      'DATABASE_URL: the Netlify function reaches the database through Neon’s serverless driver; set it to the Neon connection string (a *.neon.tech host)',
    );
  }
  return openDatabase(neonDialect(target), 'postgres');
}
