import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throwaway PostgreSQL server for the API tests: initdb in a temp dir, start on a free loopback
 * port, stop and delete afterwards. Postgres refuses to run as root, so as root it runs as `postgres`.
 */
export interface PostgresTestServer {
  url: string;
  version: string;
  stop(): void;
}

export function findPostgresBin(): string | undefined {
  const fromEnv = process.env['PG_BIN'];
  if (fromEnv && existsSync(join(fromEnv, 'pg_ctl'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  const preferred = versions.includes('15') ? '15' : versions[0];
  return preferred ? join(root, preferred, 'bin') : undefined;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Where a test cluster lives: enough to stop and start it again from another process. */
export interface PostgresCluster {
  bin: string;
  /** Holds the data directory, the socket and the log. */
  dir: string;
  port: number;
}

function runAsPostgres(bin: string, cmd: string, args: string[]): string {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
  const r = spawnSync(file, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  return r.stdout;
}

/** Starts the cluster's server (again), keeping its data. */
export function startCluster({ bin, dir, port }: PostgresCluster): void {
  runAsPostgres(bin, 'pg_ctl', [
    '-D',
    join(dir, 'data'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-l',
    join(dir, 'log'),
    '-w',
    'start',
  ]);
}

/** Stops the cluster's server, keeping its data; open connections are cut. */
export function stopCluster({ bin, dir }: PostgresCluster): void {
  runAsPostgres(bin, 'pg_ctl', ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
}

export async function startPostgres(bin: string): Promise<PostgresTestServer & { cluster: PostgresCluster }> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const cluster = { bin, dir, port: await freePort() };
  runAsPostgres(bin, 'initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  startCluster(cluster);
  const version = runAsPostgres(bin, 'postgres', ['--version']).trim();
  return {
    url: `postgres://postgres@127.0.0.1:${cluster.port}/postgres`,
    version,
    cluster,
    stop: () => {
      try {
        stopCluster(cluster);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
