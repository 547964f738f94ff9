import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { lostUploadsText, writeBackupExclusively } from '../src/server/backup/restore.ts';
import { connectDatabase } from '../src/server/db/connect.ts';
import { DatabaseInUseError } from '../src/server/db/embedded-lock.ts';
import { createBlobStore } from '../src/server/storage/blob-store.ts';
import { guardDataDir } from '../src/server/storage/data-dir.ts';
import { commandConfig, typedPath } from './backup-command.ts';
import { describeBackup } from './backup-figures.ts';

/**
 * `npm run backup -- --out FILE`: writes every table of the configured database (DATABASE_URL, else
 * the embedded one in DATA_DIR, `.data` by default as for `npm start`) and every upload of its blob
 * store into one file, readable by its owner only (see "Backup and restore" in docs/operations.md). The
 * embedded database is refused while the server has it open (download a backup from the dashboard's
 * Settings then); a folder holding no database is refused without creating anything in it.
 */
const USAGE = 'Usage: npm run backup -- --out <file.tar.gz>';

try {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) throw new Error(USAGE);
  const config = commandConfig();
  const embedded = config.database.kind === 'pglite' ? config.database.dataDir : undefined;
  if (embedded && !existsSync(join(embedded, 'PG_VERSION')))
    throw new Error(
      `There is no database in ${embedded}, so nothing to back up. \`npm start\` keeps its data in the .data ` +
        'folder of the project: run `npm run backup` in the project folder, or set DATA_DIR to the folder the server uses.',
    );
  const out = typedPath(values.out);
  const database = await connectDatabase(config.database);
  try {
    await guardDataDir(config.dataDir, { create: false });
    const started = performance.now();
    const source = { db: database.db, kind: database.kind, blobs: await createBlobStore(config) };
    // A restore stopped while it moved its uploads into place is finished first, or the copy would lack them.
    const { manifest, finished } = await writeBackupExclusively(source, out);
    if (finished) {
      console.log('An earlier restore had stopped while it moved the uploads into place: it is finished now.');
      if (finished.lostUploads.length) console.log(`But ${lostUploadsText(finished.lostUploads)}.`);
    }
    for (const line of await describeBackup(manifest, out, performance.now() - started)) console.log(line);
  } finally {
    await database.db.destroy();
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  if (err instanceof DatabaseInUseError)
    console.error('While the server runs, download a backup from the dashboard instead: Settings, Backups.');
  process.exitCode = 1;
}
