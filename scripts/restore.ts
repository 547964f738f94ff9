import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup } from '../src/server/backup/archive.ts';
import { loadConfig } from '../src/server/config.ts';
import { connectDatabase } from '../src/server/db/connect.ts';
import { createBlobStore } from '../src/server/storage/blob-store.ts';
import { backupKey } from '../src/server/storage/backup-store.ts';
import { describeBackup } from './backup-figures.ts';

/**
 * `npm run restore -- FILE [--replace]`: loads a backup into the configured database and blob store.
 * The file is checked whole first; a database or store holding data is refused unless --replace,
 * which first writes a backup of what it replaces into DATA_DIR/backups.
 */
const USAGE = 'Usage: npm run restore -- <backup.tar.gz> [--replace]';

try {
  const { values, positionals } = parseArgs({ options: { replace: { type: 'boolean' } }, allowPositionals: true });
  if (positionals.length !== 1) throw new Error(USAGE);
  const file = resolve(positionals[0]!);
  const config = loadConfig();
  const database = await connectDatabase(config.database);
  try {
    const started = performance.now();
    const replacedDir = join(config.dataDir, 'backups');
    if (values.replace) await mkdir(replacedDir, { recursive: true });
    const { manifest, replacedBackupPath } = await restoreBackup(
      { db: database.db, kind: database.kind, blobs: await createBlobStore(config) },
      file,
      { replace: values.replace ?? false, replacedBackupPath: join(replacedDir, backupKey(new Date(), 'replaced')) },
    );
    if (replacedBackupPath) console.log(`What was there before is kept in ${replacedBackupPath}`);
    console.log(`Restored (${database.kind}):`);
    for (const line of await describeBackup(manifest, file, performance.now() - started)) console.log(line);
  } finally {
    await database.db.destroy();
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
