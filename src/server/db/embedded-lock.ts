import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

/**
 * One process at a time opens the embedded database's folder. PGlite is PostgreSQL inside one process,
 * with no server to share it: a second process writing the same files (a backup or a restore beside a
 * running `npm start`) reads a torn copy or corrupts the folder. Whoever opens it leaves a note beside it,
 * `{folder}.lock` (its process id and command), removed when it closes it or exits; another process
 * that finds the note of a live process is refused, told which. A note left by a process that died
 * (killed, power cut) is taken over.
 */
export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
}

interface Holder {
  pid: number;
  command: string;
}

/** The folders this process holds, with how many handles of its own have each open. */
const held = new Map<string, number>();

const lockFile = (dataDir: string) => `${dataDir}.lock`;

/** What the person typed to start this process, as near as it can be told. */
function thisCommand(): string {
  // npm names the script it runs (`npx` runs none).
  const event = process.env['npm_lifecycle_event'];
  if (event && event !== 'npx') return event === 'start' ? 'npm start' : `npm run ${event}`;
  const script = process.argv[1];
  return script ? `node ${relative(process.cwd(), script) || script}` : 'node';
}

function readHolder(file: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number'
      ? { pid: holder.pid, command: String(holder.command ?? 'a program') }
      : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

let cleanUpOnExit = false;

/**
 * Claims the embedded database folder `dataDir` for this process; returns the function that gives it
 * back. Throws DatabaseInUseError when another live process holds it.
 */
export function claimEmbeddedDatabase(dataDir: string): () => void {
  const file = lockFile(dataDir);
  const mine = held.get(file);
  if (mine) {
    held.set(file, mine + 1);
    return once(() => release(file));
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid, command: thisCommand() }), { flag: 'wx' });
      held.set(file, 1);
      if (!cleanUpOnExit) {
        cleanUpOnExit = true;
        process.once('exit', () => {
          for (const path of held.keys()) rmSync(path, { force: true });
        });
      }
      return once(() => release(file));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    if (holder && holder.pid !== process.pid && alive(holder.pid))
      throw new DatabaseInUseError(
        `The database in ${dataDir} is open in another program: ${holder.command} (process ${holder.pid}). ` +
          'Only one program at a time can open it: stop that one first (Ctrl+C where it runs).',
      );
    // Left by a process that is gone: taken over.
    rmSync(file, { force: true });
  }
  throw new DatabaseInUseError(`The database in ${dataDir} was claimed by another program as this one opened it`);
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}

function release(file: string) {
  const count = held.get(file) ?? 0;
  if (count > 1) {
    held.set(file, count - 1);
    return;
  }
  held.delete(file);
  if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
}
