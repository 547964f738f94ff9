import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { startServer } from '../../src/server/runtime/node.ts';

/**
 * The local server's start on an embedded database on disk, restarted: start-up itself is what is
 * tested, so the real server is started here (startServer) rather than a test API (useTestApi), which
 * starts on an in-memory database already migrated.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'persist-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Each test opens on-disk PGlite databases (two starts, one of them migrating): tens of seconds on a busy 2-core machine.
const SLOW = 120_000;

describe('the embedded database', () => {
  it(
    'keeps its data across a restart and creates the admin only once',
    async () => {
      const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SAMPLE_DATA: '0' });
      expect(config.database).toEqual({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });

      // A folder opened up before DATA_DIR was its owner's alone (or by hand) is closed again on start.
      chmodSync(dataDir, 0o755);
      const firstLog: string[] = [];
      const first = await startServer(config, { distDir: dataDir, log: (l) => firstLog.push(l) });
      const health = await fetch(`${first.url}/api/v1/health`).then((r) => r.json());
      expect(health).toEqual({ ok: true, db: 'pglite' });
      await first.close();
      const printed = firstLog.join('\n');
      expect(printed).toMatch(/email: +admin@ieeecsbdc\.org/);
      expect(printed).toMatch(/password: +\S{12,}/);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);

      const secondLog: string[] = [];
      const second = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir }), {
        distDir: dataDir,
        log: (l) => secondLog.push(l),
      });
      await second.close();
      expect(secondLog.join('\n')).not.toMatch(/Created the admin account/);
    },
    SLOW,
  );
});

describe('a fresh DATA_DIR', () => {
  it(
    'is created with its parents on the first start, its owner’s alone',
    async () => {
      // A given SESSION_SECRET means nothing else creates the directory before the database opens.
      const nested = join(dataDir, 'not', 'there', 'yet');
      const config = loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: nested,
        SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
        ADMIN_PASSWORD: 'a-fixed-password',
        SAMPLE_DATA: '0',
      });
      const running = await startServer(config, { distDir: dataDir, log: () => {} });
      try {
        expect(await fetch(`${running.url}/api/v1/health`).then((r) => r.json())).toEqual({ ok: true, db: 'pglite' });
      } finally {
        await running.close();
      }
      expect(existsSync(join(nested, 'pglite', 'PG_VERSION'))).toBe(true);
      // The embedded database's own files are readable by all: the folders above them are what guard them.
      expect(statSync(nested).mode & 0o777).toBe(0o700);
      expect(statSync(join(nested, 'pglite')).mode & 0o777).toBe(0o700);
    },
    SLOW,
  );
});
