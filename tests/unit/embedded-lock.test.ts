import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claimEmbeddedDatabase, DatabaseInUseError } from '../../src/server/db/embedded-lock.ts';

/** One process at a time opens the embedded database's folder; a note left by a dead process is taken over. */
const work = mkdtempSync(join(tmpdir(), 'embedded-lock-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The id of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

describe('the embedded database lock', () => {
  it('is held by this process while open (twice over), and given back when the last handle closes', () => {
    const folder = join(work, 'own');
    const first = claimEmbeddedDatabase(folder);
    const second = claimEmbeddedDatabase(folder);
    expect(JSON.parse(readFileSync(`${folder}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    first();
    first();
    expect(existsSync(`${folder}.lock`)).toBe(true);
    second();
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });

  it('refuses a folder a live program holds, naming it', () => {
    const folder = join(work, 'busy');
    writeFileSync(`${folder}.lock`, JSON.stringify({ pid: process.ppid, command: 'npm start' }));
    expect(() => claimEmbeddedDatabase(folder)).toThrow(DatabaseInUseError);
    expect(() => claimEmbeddedDatabase(folder)).toThrow(
      `The database in ${folder} is open in another program: npm start (process ${process.ppid}). Only one program at a time can open it: stop that one first (Ctrl+C where it runs).`,
    );
    // Its note stays: it is that program's.
    expect(JSON.parse(readFileSync(`${folder}.lock`, 'utf8')).pid).toBe(process.ppid);
  });

  it('takes over a note left by a program that died, or one that cannot be read', () => {
    for (const [name, note] of [
      ['dead', JSON.stringify({ pid: deadPid(), command: 'npm start' })],
      ['garbled', '{"pid":'],
    ] as const) {
      const folder = join(work, name);
      writeFileSync(`${folder}.lock`, note);
      const release = claimEmbeddedDatabase(folder);
      expect(JSON.parse(readFileSync(`${folder}.lock`, 'utf8')).pid, name).toBe(process.pid);
      release();
      expect(existsSync(`${folder}.lock`), name).toBe(false);
    }
  });
});
