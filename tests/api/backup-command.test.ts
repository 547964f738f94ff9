import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBackup } from '../../src/server/backup/backup-check.ts';
import { connectDatabase } from '../../src/server/db/connect.ts';
import { openOnDisk } from '../support/backup-files.ts';

/**
 * `npm run backup` and `npm run restore` on the embedded database, as a volunteer runs them: refused
 * while another program (the server) has it open, and working once it is closed; the file readable by
 * its owner only, its size as a person reads it, written where the command was typed; a folder holding
 * no database refused without anything made in it. The embedded database only: run once, on the
 * PGlite pass of the API tests. The commands run in child processes on a database on disk, which no
 * test API (useTestApi, in memory and in this process) could share.
 */
const work = mkdtempSync(join(tmpdir(), 'backup-command-'));
const dataDir = join(work, 'data');
const database = { kind: 'pglite' as const, dataDir: join(dataDir, 'pglite') };
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A process of its own opens the database (PGlite's start takes seconds on a busy 2-core machine). */
const CHILD_TIMEOUT = 180_000;

/** Runs one of the commands as npm would (in the project's folder), with DATA_DIR and no DATABASE_URL. */
async function command(script: 'backup' | 'restore', args: string[], env: Record<string, string> = {}) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, npm_lifecycle_event: script, ...env };
  delete childEnv['DATABASE_URL'];
  delete childEnv['SESSION_SECRET'];
  const child = spawn(process.execPath, [`scripts/${script}.ts`, ...args], { env: childEnv });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const [status] = (await once(child, 'close')) as [number | null];
  return { status, stdout, stderr };
}

const upload = `${randomUUID()}.png`;

describe.skipIf(process.env['TEST_DATABASE_URL'])('the backup and restore commands on the embedded database', () => {
  beforeAll(async () => {
    // The embedded database as `npm start` leaves it: migrated, an account, an upload.
    const { db } = await openOnDisk(database);
    await db
      .insertInto('chapters')
      .values({ name: 'Alpha', email: 'alpha@example.org', passwordHash: 'x', phone: '', slug: 'alpha' })
      .execute();
    await db.destroy();
    mkdirSync(join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', upload), Buffer.alloc(41 * 1024 + 5, 7));
  });

  it(
    'are refused while another program has the database open, nothing written, and say what to do',
    async () => {
      const server = await connectDatabase(database);
      try {
        const out = join(work, 'while-open.tar.gz');
        const backup = await command('backup', ['--out', out]);
        expect(backup.status).toBe(1);
        expect(backup.stderr).toMatch(
          new RegExp(
            `^The database in ${database.dataDir.replaceAll('/', '\\/')} is open in another program: .+ \\(process ${process.pid}\\)\\. ` +
              'Only one program at a time can open it: stop that one first \\(Ctrl\\+C where it runs\\)\\.\n' +
              'While the server runs, download a backup from the dashboard instead: Settings, Backups\\.\n$',
          ),
        );
        expect(existsSync(out)).toBe(false);

        const file = join(work, 'some-backup.tar.gz');
        writeFileSync(file, 'not read: the database is refused first');
        const restore = await command('restore', [file, '--replace']);
        expect(restore.status).toBe(1);
        expect(restore.stderr).toMatch(
          /is open in another program: .+\nStop the server, restore, then start it again\.\n$/,
        );
      } finally {
        await server.db.destroy();
      }
      expect(existsSync(`${database.dataDir}.lock`)).toBe(false);
    },
    CHILD_TIMEOUT,
  );

  it(
    'work once it is closed (a note left by a program that died is taken over): the file its owner’s alone, where it was typed, sizes as people read them',
    async () => {
      const dead = spawn(process.execPath, ['-e', '']);
      await once(dead, 'close');
      writeFileSync(`${database.dataDir}.lock`, JSON.stringify({ pid: dead.pid, command: 'npm start' }));
      const typedIn = join(work, 'typed-here');
      mkdirSync(typedIn);

      const backup = await command('backup', ['--out', 'chapter.tar.gz'], { INIT_CWD: typedIn });
      expect(backup.stderr).toBe('');
      expect(backup.status).toBe(0);
      const file = join(typedIn, 'chapter.tar.gz');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(backup.stdout).toMatch(/, 1 uploads \(41 KB\), file \d+ KB\n/);
      expect(backup.stdout).not.toContain('0.0 MB');
      const manifest = await verifyBackup(file);
      expect(manifest.tables.find((t) => t.name === 'chapters')?.rows).toBe(1);
      expect(manifest.uploads.map((u) => u.key)).toEqual([upload]);
      expect(existsSync(`${database.dataDir}.lock`)).toBe(false);
    },
    CHILD_TIMEOUT,
  );

  it('refuse a folder holding no database, and make nothing there', async () => {
    const missing = join(work, 'no-such-folder');
    const backup = await command('backup', ['--out', join(work, 'none.tar.gz')], { DATA_DIR: missing });
    expect(backup.status).toBe(1);
    expect(backup.stderr).toBe(
      `There is no database in ${join(missing, 'pglite')}, so nothing to back up. \`npm start\` keeps its data in the .data folder of the project: run \`npm run backup\` in the project folder, or set DATA_DIR to the folder the server uses.\n`,
    );
    expect(existsSync(missing)).toBe(false);

    const empty = join(work, 'empty-folder');
    mkdirSync(empty);
    expect((await command('backup', ['--out', join(work, 'none.tar.gz')], { DATA_DIR: empty })).status).toBe(1);
    expect(readdirSync(empty)).toEqual([]);
    expect(existsSync(join(work, 'none.tar.gz'))).toBe(false);
  });
});
