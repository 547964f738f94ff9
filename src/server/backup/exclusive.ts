import { withMaintenanceLock } from '../repositories/backup.repository.ts';
import type { BackupTarget } from './archive.ts';
import { DatabaseBusyError } from './backup-errors.ts';

/**
 * One restore, or one backup made by the command line, at a time per database. Two restores at once
 * would drop each other's tables and empty each other's staged uploads; a backup beside a restore
 * would copy half of it. On PostgreSQL (Neon included) a session advisory lock held for the whole run
 * says so across processes and machines; the embedded database is one process's at a time already
 * (embedded-lock.ts), and within a process a second run on the same database is refused here. The
 * second run is refused at once, before it reads or writes anything: it never waits behind the first.
 */
const running = new WeakSet<object>();

export async function exclusively<T>(target: BackupTarget, run: () => Promise<T>): Promise<T> {
  if (running.has(target.db)) throw new DatabaseBusyError();
  running.add(target.db);
  try {
    if (target.kind !== 'postgres') return await run();
    const outcome = await withMaintenanceLock(target.db, run);
    if (!outcome.held) throw new DatabaseBusyError();
    return outcome.value;
  } finally {
    running.delete(target.db);
  }
}
