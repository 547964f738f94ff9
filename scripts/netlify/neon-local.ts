import { join } from 'node:path';
import { findPostgresBin, freePort, startPostgres, type PostgresCluster } from '../postgres-test-server.ts';
import { startInBackground, waitForPort } from './processes.ts';
import { findWebsockify } from './tools.ts';

/**
 * Neon, locally: a throwaway PostgreSQL behind websockify, which Neon's serverless driver reaches over
 * plain WebSockets when NEON_WS_PROXY names it. DATABASE_URL keeps a *.neon.tech host, so the
 * configuration picks Neon's driver exactly as in production; the proxy ignores the host.
 */
export interface NeonLocal {
  /** The settings a process needs to reach this database through Neon's driver. */
  env: { DATABASE_URL: string; NEON_WS_PROXY: string };
  cluster: PostgresCluster;
  version: string;
  stop(): Promise<void>;
}

export async function startNeonLocal(logDir: string): Promise<NeonLocal> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('No PostgreSQL server binaries found (/usr/lib/postgresql/*/bin, or set PG_BIN).');
  const websockify = findWebsockify();
  const pg = await startPostgres(bin);
  try {
    const wsPort = await freePort();
    const proxy = startInBackground(websockify, [`127.0.0.1:${wsPort}`, `127.0.0.1:${pg.cluster.port}`], {
      env: process.env,
      log: join(logDir, 'websockify.log'),
    });
    await waitForPort(wsPort, 30_000, proxy.exited);
    return {
      env: {
        DATABASE_URL: 'postgres://postgres@db.test.neon.tech/postgres?sslmode=disable',
        NEON_WS_PROXY: `127.0.0.1:${wsPort}`,
      },
      cluster: pg.cluster,
      version: pg.version,
      async stop() {
        await proxy.stop();
        pg.stop();
      },
    };
  } catch (err) {
    pg.stop();
    throw err;
  }
}
