import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { migrateTo, migrateToLatest } from '../db/migrate.ts';
import {
  dropAllTables,
  insertRows,
  listTables,
  markRestore,
  resetSequences,
  restoreMark,
  tablesWithRows,
  type TableInfo,
} from '../repositories/backup.repository.ts';
import type { UploadStaging } from '../storage/blob-store.ts';
import { writeBackupFile, type BackupManifest, type BackupTarget } from './archive.ts';
import { backupMembers, Measure, parseRow, RowLines, verifyBackup, type BackupMember } from './backup-check.ts';
import { BackupRefusedError, DamagedArchiveError, RestoreFailedError } from './backup-errors.ts';
import { exclusively } from './exclusive.ts';
import { adminEmails } from '../repositories/chapters.repository.ts';

/**
 * Restoring a backup file, so that a refused restore changes nothing and a failed one loses nothing:
 *
 *   1. the whole file is checked (backup-check.ts) before anything is written;
 *   2. a database or upload store holding data is refused unless `replace`, which first writes a backup
 *      of what is there (the safety backup);
 *   3. in ONE transaction: every table dropped, the schema migrated to the backup's version, every row
 *      loaded, the schema migrated to the latest version, the restore's mark set (markRestore) and the
 *      journal of its uploads written; the uploads themselves go meanwhile to the store's staging area,
 *      never served. Any failure up to the commit rolls the database back and empties the staging
 *      area: the database and the uploads are exactly as they were;
 *   4. after the commit, each staged upload is moved into the live store and the uploads the backup does
 *      not have are deleted (they are in the safety backup). A process killed while moving leaves the
 *      journal: the next run (a restore, `npm run restore -- --finish`, `npm start`) sees the database's
 *      mark equal to the journal's and finishes the moving; a journal whose restore never committed is
 *      left for the next restore, which empties the staging area before it starts. An upload that is
 *      neither staged nor live (deleted by hand) is reported by key and the rest finished: it never
 *      blocks later runs;
 *   5. the whole restore runs exclusively (exclusive.ts): a second restore, or a command-line backup, of
 *      the same database is refused at once.
 *
 * One transaction rather than a staging schema swapped in at the end: PostgreSQL (and PGlite, which is
 * PostgreSQL) drop, create and load tables transactionally, Kysely's migrator runs inside a transaction
 * it is given, and renaming schemas would need the database role to own them (Neon's may not) and
 * every query to follow the schema's new name. The site is down for the restore either way.
 */

/** The points of a restore, in order, as the `step` hook of RestoreOptions names them. */
export type RestoreStep =
  | 'checked'
  | 'safety-backup-written'
  | 'table-loaded'
  | 'upload-staged'
  | 'journal-written'
  | 'committed'
  | 'upload-promoted'
  | 'done';

export interface RestoreOptions {
  /** Overwrite a database or store that holds data; without it such a restore is refused. */
  replace?: boolean;
  /** With `replace`: where the backup of what is replaced goes, written before anything changes. */
  replacedBackupPath?: string;
  /** Called as the restore passes each point (`detail`: the table or upload key): the tests stop it there. */
  step?: (step: RestoreStep, detail?: string) => void | Promise<void>;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** The backup of what the restore replaced, when it replaced anything. */
  replacedBackupPath?: string;
  /** An earlier restore stopped while it moved its uploads, finished before this one began. */
  finished?: FinishedRestore;
  /** The sign-in e-mails of the restored data's admin accounts: whoever holds them can sign in as admin. */
  admins: string[];
  /**
   * An earlier restore's journal that could not be finished (its message), superseded by this one: with
   * `replace`, the new restore empties the staging area and puts every upload of its own in place.
   */
  superseded?: string;
}

/** What the journal of a restore's uploads records, written before its transaction commits. */
interface Journal {
  /** The restore's mark in the database (markRestore). */
  id: string;
  /** The backup's uploads: the live store holds exactly these once the moving is done. */
  keys: string[];
  replacedBackupPath?: string;
}

function parseJournal(text: string): Journal {
  const unreadable = new Error(
    'The journal of an interrupted restore is not readable: a restore with --replace supersedes it',
  );
  let journal: Partial<Journal> | null;
  try {
    journal = JSON.parse(text) as Partial<Journal> | null;
  } catch {
    throw unreadable;
  }
  if (typeof journal?.id !== 'string' || !Array.isArray(journal.keys)) throw unreadable;
  return journal as Journal;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Whether the database holds a row in any table, or the store any upload. */
export async function holdsData(target: BackupTarget): Promise<boolean> {
  const tables = await listTables(target.db);
  if (
    (
      await tablesWithRows(
        target.db,
        tables.map((t) => t.name),
      )
    ).length > 0
  )
    return true;
  for await (const key of target.blobs.keys()) if (key) return true;
  return false;
}

/**
 * Moves the journal's uploads into the live store, then deletes the live uploads the journal doesn't name,
 * then empties the staging area (the journal with it). Returns the uploads that could not be moved because
 * they were neither staged nor live (deleted by hand meanwhile): the rest is moved all the same, so that
 * one missing file never stops every later restore, backup and start.
 */
async function promoteUploads(
  target: BackupTarget,
  journal: Journal,
  step: NonNullable<RestoreOptions['step']>,
): Promise<string[]> {
  const staging = target.blobs.staging();
  const lost: string[] = [];
  for (const key of journal.keys) {
    if (await staging.promote(key)) await step('upload-promoted', key);
    else lost.push(key);
  }
  const keep = new Set(journal.keys);
  const stale: string[] = [];
  for await (const key of target.blobs.keys()) if (!keep.has(key)) stale.push(key);
  for (const key of stale) await target.blobs.delete(key);
  await staging.clear();
  return lost;
}

export interface FinishedRestore {
  /** The safety backup the interrupted restore wrote, if it replaced anything. */
  replacedBackupPath?: string;
  /** Uploads the restored database names that were neither staged nor in the store: they could not be put back. */
  lostUploads: string[];
}

/** finishInterruptedRestore, for a caller that already runs exclusively (exclusive.ts). */
async function finishUnlocked(target: BackupTarget): Promise<FinishedRestore | undefined> {
  const text = await target.blobs.staging().journal();
  if (text === undefined) return undefined;
  const journal = parseJournal(text);
  if ((await restoreMark(target.db)) !== journal.id) return undefined;
  const lostUploads = await promoteUploads(target, journal, () => undefined);
  return { ...(journal.replacedBackupPath && { replacedBackupPath: journal.replacedBackupPath }), lostUploads };
}

/**
 * Finishes a restore whose database committed but whose uploads were not all moved into place (the
 * process was killed, or the disk failed): moves the rest. Returns undefined when there was none. A
 * journal whose restore never committed is left alone: only a restore empties the staging area. With a
 * journal to act on, it runs exclusively: refused (DatabaseBusyError) while a restore or a command-line
 * backup holds the database.
 */
export async function finishInterruptedRestore(target: BackupTarget): Promise<FinishedRestore | undefined> {
  if ((await target.blobs.staging().journal()) === undefined) return undefined;
  return exclusively(target, () => finishUnlocked(target));
}

/** How the uploads that could not be put back are named in a message. */
export const lostUploadsText = (keys: readonly string[]) =>
  `${keys.length} upload${keys.length === 1 ? '' : 's'} the restored data names could not be put back ` +
  `(deleted from the staging folder before they were moved): ${keys.join(', ')}`;

/**
 * A backup into a file as the command line makes it: exclusively (never beside a restore or another such
 * backup of the same database), after finishing a restore stopped while it moved its uploads, so the
 * copy has them.
 */
export async function writeBackupExclusively(
  target: BackupTarget,
  path: string,
): Promise<{ manifest: BackupManifest; finished?: FinishedRestore }> {
  return exclusively(target, async () => {
    const finished = await finishUnlocked(target);
    const manifest = await writeBackupFile(target, path);
    return { manifest, ...(finished && { finished }) };
  });
}

/** Rows are written this many at a time (or fewer, when they pass 4 MB of text). */
const BATCH_ROWS = 1000;
const BATCH_CHARS = 4 * 1024 * 1024;

/** Loads a table member, a batch of rows at a time; returns the member's size and SHA-256 as read. */
async function loadTable(tx: Kysely<Database>, table: TableInfo, member: BackupMember, measure: Measure) {
  const lines = new RowLines(member.name);
  let batch: string[] = [];
  let chars = 0;
  let rows = 0;
  const flush = async () => {
    await insertRows(tx, table, batch);
    batch = [];
    chars = 0;
  };
  for await (const chunk of member.body) {
    measure.add(chunk);
    for (const line of lines.push(chunk)) {
      const { text } = parseRow(member.name, ++rows, line);
      batch.push(text);
      chars += text.length;
      if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
    }
  }
  lines.end();
  await flush();
  await resetSequences(tx, table);
  return rows;
}

/**
 * Reads the file a second time, inside the transaction: every table's rows into the database, every
 * upload into the staging area. Each member is measured again against the manifest, so a file changed
 * since it was checked fails the restore (and rolls it back) instead of loading something unchecked.
 */
async function loadMembers(
  tx: Kysely<Database>,
  staging: UploadStaging,
  path: string,
  manifest: BackupManifest,
  step: NonNullable<RestoreOptions['step']>,
) {
  const tables = new Map((await listTables(tx)).map((t) => [t.name, t]));
  const expected = new Map<string, { bytes: number; sha256: string; rows?: number }>([
    ...manifest.tables.map((t) => [t.file, t] as const),
    ...manifest.uploads.map((u) => [u.file, u] as const),
  ]);
  const changed = (file: string) => new DamagedArchiveError(`${file} changed since the file was checked`);
  for await (const member of backupMembers(path)) {
    if (member.kind === 'manifest') continue;
    const want = expected.get(member.name);
    if (!want) throw changed(member.name);
    expected.delete(member.name);
    const measure = new Measure();
    if (member.kind === 'table') {
      const table = tables.get(member.table);
      if (!table) throw new BackupRefusedError(`The table ${member.table} is not in the backup's schema version`);
      const rows = await loadTable(tx, table, member, measure);
      if (rows !== want.rows) throw changed(member.name);
    } else {
      // At most the upload limit: its header was checked against it.
      const chunks: Buffer[] = [];
      for await (const chunk of member.body) {
        measure.add(chunk);
        chunks.push(chunk);
      }
      if (measure.bytes === want.bytes) await staging.put(member.key, Buffer.concat(chunks));
    }
    if (measure.bytes !== want.bytes || measure.sha256() !== want.sha256) throw changed(member.name);
    await step(
      member.kind === 'table' ? 'table-loaded' : 'upload-staged',
      member.kind === 'table' ? member.table : member.key,
    );
  }
  const missing = [...expected.keys()][0];
  if (missing !== undefined) throw changed(missing);
}

/**
 * Restores a backup file into a database and its upload store (see the top of this file), exclusively
 * (exclusive.ts). Throws BackupRefusedError when the file or the target is refused (nothing written;
 * DatabaseBusyError when another restore or a command-line backup holds the database), RestoreFailedError
 * when a restore that began writing stopped (it says whether the database changed, and where the safety
 * backup is).
 */
export function restoreBackup(
  target: BackupTarget,
  path: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  return exclusively(target, () => restoreUnlocked(target, path, options));
}

async function restoreUnlocked(target: BackupTarget, path: string, options: RestoreOptions): Promise<RestoreResult> {
  const step = options.step ?? (() => undefined);
  let finished: FinishedRestore | undefined;
  let superseded: string | undefined;
  try {
    finished = await finishUnlocked(target);
  } catch (err) {
    // An old journal that cannot be acted on must not block every later restore: a replacing one supersedes it.
    if (!options.replace) throw err;
    superseded = message(err);
  }
  const manifest = await verifyBackup(path);
  await step('checked');

  let replacedBackupPath: string | undefined;
  if (await holdsData(target)) {
    if (!options.replace)
      throw new BackupRefusedError(
        'The database or the upload store is not empty: restoring would overwrite it. Give --replace to replace it (what is there is backed up first).',
      );
    replacedBackupPath = options.replacedBackupPath;
    if (!replacedBackupPath) throw new BackupRefusedError('Replacing needs a file for the backup of what is replaced');
    try {
      await writeBackupFile(target, replacedBackupPath);
    } catch (err) {
      throw new RestoreFailedError(
        `The backup of what is there could not be written, so nothing was changed: ${message(err)}`,
        { replacedBackupPath: undefined, databaseRestored: false },
        { cause: err },
      );
    }
    await step('safety-backup-written');
  }

  const staging = target.blobs.staging();
  const journal: Journal = {
    id: randomUUID(),
    keys: manifest.uploads.map((u) => u.key),
    ...(replacedBackupPath && { replacedBackupPath }),
  };
  try {
    await staging.clear();
    await target.db.transaction().execute(async (tx) => {
      await dropAllTables(tx);
      await migrateTo(tx, manifest.schemaVersion);
      await loadMembers(tx, staging, path, manifest, step);
      await migrateToLatest(tx);
      await markRestore(tx, journal.id);
      await staging.writeJournal(JSON.stringify(journal));
      await step('journal-written');
    });
  } catch (err) {
    // A commit whose answer was lost may still have happened: the database's mark says which.
    const committed = await restoreMark(target.db).then(
      (mark) => mark === journal.id,
      () => undefined,
    );
    if (committed === undefined)
      throw new RestoreFailedError(
        `The restore stopped (${message(err)}) and the database did not answer to say whether it took the backup. ` +
          'Once it answers, run `npm run restore -- --finish`: it finishes the restore if the database took it.',
        { replacedBackupPath, databaseRestored: false },
        { cause: err },
      );
    if (!committed) {
      await staging.clear().catch(() => undefined);
      throw new RestoreFailedError(
        `The restore failed and changed nothing (the database and the uploads are as they were): ${message(err)}`,
        { replacedBackupPath, databaseRestored: false },
        { cause: err },
      );
    }
  }
  await step('committed');

  let lostUploads: string[];
  try {
    lostUploads = await promoteUploads(target, journal, step);
  } catch (err) {
    throw new RestoreFailedError(
      `The database holds the backup, but moving its uploads into place stopped: ${message(err)}`,
      { replacedBackupPath, databaseRestored: true },
      { cause: err },
    );
  }
  if (lostUploads.length > 0)
    throw new RestoreFailedError(
      `The database holds the backup and the other uploads are in place, but ${lostUploadsText(lostUploads)}. ` +
        'They are in the file you restored: restore it again with --replace to put them back.',
      { replacedBackupPath, databaseRestored: true, lostUploads },
    );
  await step('done');
  return {
    manifest,
    admins: await adminEmails(target.db),
    ...(replacedBackupPath && { replacedBackupPath }),
    ...(finished && { finished }),
    ...(superseded && { superseded }),
  };
}
