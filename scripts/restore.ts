import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { verifyBackup } from '../src/server/backup/backup-check.ts';
import { BackupRefusedError, RestoreFailedError } from '../src/server/backup/backup-errors.ts';
import {
  finishInterruptedRestore,
  lostUploadsText,
  restoreBackup,
  type FinishedRestore,
} from '../src/server/backup/restore.ts';
import { connectDatabase } from '../src/server/db/connect.ts';
import { DatabaseInUseError } from '../src/server/db/embedded-lock.ts';
import { createBlobStore } from '../src/server/storage/blob-store.ts';
import { guardDataDir } from '../src/server/storage/data-dir.ts';
import { backupKey } from '../src/server/storage/backup-store.ts';
import { commandConfig, typedPath } from './backup-command.ts';
import { describeBackup } from './backup-figures.ts';

/**
 * `npm run restore -- FILE [--replace]`: loads a backup into the configured database and blob store.
 * The file is checked whole first; a database or store holding data is refused unless --replace,
 * which first writes a backup of what it replaces into DATA_DIR/backups. A failure changes nothing
 * and says where that backup is and the command that puts it back (see src/server/backup/restore.ts).
 * `npm run restore -- --finish` finishes a restore stopped while it moved the uploads into place. The
 * embedded database (DATA_DIR, `.data` by default as for `npm start`) is refused while the server has
 * it open.
 */
const USAGE = 'Usage: npm run restore -- <backup.tar.gz> [--replace]   (or: npm run restore -- --finish)';

/** A path as a shell reads it back. */
const shellQuoted = (text: string) => (/^[\w./:@+-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`);

/** The command that restores `file` with the settings of this run (DATABASE_URL is named, never printed). */
function restoreCommand(file: string): string {
  const dataDir = process.env['DATA_DIR'];
  const command = `${dataDir ? `DATA_DIR=${shellQuoted(dataDir)} ` : ''}npm run restore -- ${shellQuoted(file)} --replace`;
  return process.env['DATABASE_URL'] ? `${command}   (with DATABASE_URL set as for this run)` : command;
}

/** What finishing an earlier, stopped restore did. */
function reportFinished(finished: FinishedRestore) {
  console.log('An earlier restore had stopped while it moved the uploads into place: it is finished now.');
  if (finished.lostUploads.length) console.log(`But ${lostUploadsText(finished.lostUploads)}.`);
}

try {
  const { values, positionals } = parseArgs({
    options: { replace: { type: 'boolean' }, finish: { type: 'boolean' } },
    allowPositionals: true,
  });
  if (positionals.length !== (values.finish ? 0 : 1)) throw new Error(USAGE);
  const config = commandConfig();
  const file = values.finish ? undefined : typedPath(positionals[0]!);
  if (file && !existsSync(file)) throw new Error(`There is no file ${file}`);
  const embedded = config.database.kind === 'pglite' ? config.database.dataDir : undefined;
  if (embedded && !existsSync(join(embedded, 'PG_VERSION'))) {
    // A new database is made only for a file that will be restored: a refused one leaves no folder behind.
    if (!file) throw new Error(`There is no database in ${embedded}: no restore to finish.`);
    await verifyBackup(file);
  }
  const database = await connectDatabase(config.database);
  try {
    await guardDataDir(config.dataDir, { create: false });
    const target = { db: database.db, kind: database.kind, blobs: await createBlobStore(config) };
    if (!file) {
      const finished = await finishInterruptedRestore(target);
      if (finished) reportFinished(finished);
      else console.log('No stopped restore to finish.');
    } else {
      const started = performance.now();
      const replacedDir = join(config.dataDir, 'backups');
      if (values.replace) await mkdir(replacedDir, { recursive: true, mode: 0o700 });
      const restored = await restoreBackup(target, file, {
        replace: values.replace ?? false,
        replacedBackupPath: join(replacedDir, backupKey(new Date(), 'replaced')),
      });
      if (restored.finished) reportFinished(restored.finished);
      if (restored.superseded)
        console.log(
          `An earlier restore's journal could not be finished (${restored.superseded}): this restore replaced it.`,
        );
      if (restored.replacedBackupPath) console.log(`What was there before is kept in ${restored.replacedBackupPath}`);
      console.log(`Restored (${database.kind}):`);
      for (const line of await describeBackup(restored.manifest, file, performance.now() - started)) console.log(line);
      console.log(
        restored.admins.length
          ? `Admin accounts in the restored data (each can sign in and manage the whole site): ${restored.admins.join(', ')}`
          : 'The restored data has no admin account: `npm start` creates one.',
      );
    }
  } finally {
    await database.db.destroy();
  }
} catch (err) {
  if (err instanceof BackupRefusedError) {
    console.error(`Refused, nothing was changed: ${err.message}`);
  } else if (err instanceof RestoreFailedError) {
    console.error(err.message);
    if (err.databaseRestored && err.lostUploads.length === 0)
      console.error('To finish moving the uploads into place: npm run restore -- --finish');
    if (err.replacedBackupPath) {
      console.error(`What was there before the restore is kept in ${err.replacedBackupPath}`);
      console.error(`To put it back at any time: ${restoreCommand(err.replacedBackupPath)}`);
    }
  } else {
    console.error(err instanceof Error ? err.message : err);
    if (err instanceof DatabaseInUseError) console.error('Stop the server, restore, then start it again.');
  }
  process.exitCode = 1;
}
