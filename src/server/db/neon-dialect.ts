import { Pool, neonConfig } from '@neondatabase/serverless';
import { PostgresDialect, type PostgresPool } from 'kysely';
import type { DatabaseTarget } from '../config.ts';
import { survivesLostConnections } from './database-handle.ts';

type NeonTarget = Extract<DatabaseTarget, { driver: 'neon' }>;

/**
 * Neon's serverless driver: PostgreSQL over a WebSocket, which suits short-lived functions. With a
 * wsProxy (tests only) it talks plain WebSockets to a local WebSocket-to-TCP proxy in front of an
 * ordinary PostgreSQL, which has no TLS and does not accept Neon's pipelined start-up.
 */
export function neonDialect(target: NeonTarget): PostgresDialect {
  if (target.wsProxy) {
    neonConfig.wsProxy = target.wsProxy;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
  }
  // Neon's Pool is pg-compatible at run time; its types differ only in overloads Kysely never uses.
  const pool = new Pool({ connectionString: target.url, max: 5 });
  survivesLostConnections(pool);
  return new PostgresDialect({ pool: pool as unknown as PostgresPool });
}
