import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { startServer } from '../../src/server/node.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'persist-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database', () => {
  it('keeps its data across a restart and creates the admin only once', async () => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SAMPLE_DATA: '0' });
    expect(config.database).toEqual({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });

    const firstLog: string[] = [];
    const first = await startServer(config, { distDir: dataDir, log: (l) => firstLog.push(l) });
    const health = await fetch(`${first.url}/api/v1/health`).then((r) => r.json());
    expect(health).toEqual({ ok: true, db: 'pglite' });
    await first.close();
    const printed = firstLog.join('\n');
    expect(printed).toMatch(/email: +admin@ieeecsbdc\.org/);
    expect(printed).toMatch(/password: +\S{12,}/);

    const secondLog: string[] = [];
    const second = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir }), {
      distDir: dataDir,
      log: (l) => secondLog.push(l),
    });
    await second.close();
    expect(secondLog.join('\n')).not.toMatch(/Created the admin account/);
  });
});
