import { restoreBackup, type RestoreStep } from '../../src/server/backup/restore.ts';
import type { DatabaseTarget } from '../../src/server/config.ts';
import { connectDatabase } from '../../src/server/db/connect.ts';
import { filesystemBlobStore } from '../../src/server/storage/blob-store.ts';

/**
 * A restore (with --replace) in a process of its own that kills itself, as `kill -9` would, when the
 * restore reaches the `nth` time of a named step: the tests stop a restore at an exact point, with no
 * timer. Argument: JSON of { target, uploads, file, replacedBackupPath, killAt: { step, nth } }.
 */
interface ChildOrder {
  target: DatabaseTarget;
  uploads: string;
  file: string;
  replacedBackupPath: string;
  killAt: { step: RestoreStep; nth: number };
}

const order = JSON.parse(process.argv[2]!) as ChildOrder;
const { db, kind } = await connectDatabase(order.target);
let reached = 0;
await restoreBackup({ db, kind, blobs: filesystemBlobStore(order.uploads) }, order.file, {
  replace: true,
  replacedBackupPath: order.replacedBackupPath,
  step: (step) => {
    if (step === order.killAt.step && ++reached === order.killAt.nth) process.kill(process.pid, 'SIGKILL');
  },
});
await db.destroy();
console.log('the restore reached its end without being killed');
