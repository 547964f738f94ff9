import { chmod, mkdir } from 'node:fs/promises';

/**
 * DATA_DIR holds the embedded database, the uploads, the session secret and the backups: password
 * hashes, tickets and personal data. The embedded database writes its files readable by everyone
 * (PGlite's file layer makes them 0666 and its folders 0755, whatever the umask), so the folder's own
 * mode is what keeps them from the machine's other users: its owner's alone (0700).
 */
export const DATA_DIR_MODE = 0o700;

/**
 * Sets DATA_DIR to its owner's alone, creating it so when `create` (`npm start`); the backup and
 * restore commands leave a folder that is not there uncreated. Run on start, restore and backup, so a
 * folder made before this rule (or opened up by hand) is closed again.
 */
export async function guardDataDir(dir: string, { create = true }: { create?: boolean } = {}): Promise<void> {
  if (create) await mkdir(dir, { recursive: true, mode: DATA_DIR_MODE });
  try {
    await chmod(dir, DATA_DIR_MODE);
  } catch (err) {
    if (create || (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
