import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeBackupFile } from '../src/server/backup/archive.ts';
import { finishInterruptedRestore } from '../src/server/backup/restore.ts';
import { loadConfig } from '../src/server/config.ts';
import { connectDatabase } from '../src/server/db/connect.ts';
import { createBlobStore } from '../src/server/storage/blob-store.ts';
import { describeBackup } from './backup-figures.ts';

/**
 * `npm run backup -- --out FILE`: writes every table of the configured database (DATABASE_URL, else
 * the embedded one in DATA_DIR) and every upload of its blob store into one file (see the README's
 * "Backup and restore"). On the embedded database, stop the server first: one process at a time may
 * open it (or download a backup from the dashboard's Settings).
 */
const USAGE = 'Usage: npm run backup -- --out <file.tar.gz>';

try {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) throw new Error(USAGE);
  const config = loadConfig();
  const database = await connectDatabase(config.database);
  try {
    const started = performance.now();
    const out = resolve(values.out);
    const source = { db: database.db, kind: database.kind, blobs: await createBlobStore(config) };
    // A restore stopped while it moved its uploads into place is finished first, or the copy would lack them.
    if (await finishInterruptedRestore(source))
      console.log('An earlier restore had stopped while it moved the uploads into place: it is finished now.');
    const manifest = await writeBackupFile(source, out);
    for (const line of await describeBackup(manifest, out, performance.now() - started)) console.log(line);
  } finally {
    await database.db.destroy();
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
