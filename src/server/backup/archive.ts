import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isKnownMigration, migrateTo, migrateToLatest } from '../db/migrate.ts';
import {
  appliedMigrations,
  dropAllTables,
  inSnapshot,
  insertRows,
  listForeignKeys,
  listTables,
  resetSequences,
  tableRows,
  tablesWithRows,
  type TableInfo,
} from '../repositories/backup.repository.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { DamagedArchiveError, readTar, tarEnd, tarHeader, tarPadding } from './tar.ts';

/**
 * The backup file: a gzipped POSIX tar, readable with `tar xzf` and any JSON tool.
 *
 *   tables/{table}.jsonl   one JSON object per row, column names as in the database, in the order a
 *                          restore loads them (a table after the tables it refers to)
 *   uploads/{key}          each uploaded file, byte for byte
 *   manifest.json          last: the format, the schema version (last migration), each table's columns
 *                          and row count, and the size and SHA-256 of every other member
 *
 * The manifest comes last because the members' checksums are known only once they are written; a
 * restore reads the whole file and checks it against the manifest before it writes anything.
 */
export const BACKUP_FORMAT = 'ieee-cs-bdc-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: typeof BACKUP_FORMAT_VERSION;
  createdAt: string;
  /** The last migration the database had; a restore migrates an empty database to it, loads, then goes on. */
  schemaVersion: string;
  migrations: string[];
  /** Where it was made: the embedded database or a PostgreSQL server (Neon included). */
  database: 'pglite' | 'postgres';
  tables: {
    name: string;
    file: string;
    rows: number;
    bytes: number;
    sha256: string;
    columns: { name: string; type: string }[];
  }[];
  uploads: { key: string; file: string; bytes: number; sha256: string }[];
}

/** What a backup reads and a restore writes: the database and the uploads' blob store. */
export interface BackupTarget {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  blobs: BlobStore;
}

/** A file this code will not restore, or a database it will not overwrite: nothing was written. */
export class BackupRefusedError extends Error {
  override name = 'BackupRefusedError';
}

/** Tables after the tables they refer to (a self-reference doesn't count), by name among equals. */
export function loadOrder(tables: TableInfo[], foreignKeys: { from: string; to: string }[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (placed.has(name) || visiting.has(name) || !byName.has(name)) return;
    visiting.add(name);
    for (const fk of foreignKeys) if (fk.from === name && fk.to !== name) visit(fk.to);
    visiting.delete(name);
    placed.add(name);
    ordered.push(byName.get(name)!);
  };
  for (const name of [...byName.keys()].sort()) visit(name);
  return ordered;
}

const tableFile = (name: string) => `tables/${name}.jsonl`;
const uploadFile = (key: string) => `uploads/${key}`;

interface DumpedTable {
  info: TableInfo;
  path: string;
  rows: number;
  bytes: number;
  sha256: string;
}

/** Writes every table into files of `dir`, all read in one snapshot, a page of rows at a time. */
async function dumpTables(db: Kysely<Database>, dir: string) {
  return inSnapshot(db, async (tx) => {
    const migrations = await appliedMigrations(tx);
    const tables = loadOrder(await listTables(tx), await listForeignKeys(tx));
    const dumped: DumpedTable[] = [];
    for (const info of tables) {
      const path = join(dir, `${dumped.length}.jsonl`);
      const out = createWriteStream(path);
      const hash = createHash('sha256');
      let rows = 0;
      let bytes = 0;
      for await (const lines of tableRows(tx, info)) {
        const chunk = Buffer.from(`${lines.join('\n')}\n`);
        hash.update(chunk);
        rows += lines.length;
        bytes += chunk.length;
        if (!out.write(chunk)) await once(out, 'drain');
      }
      out.end();
      await once(out, 'close');
      dumped.push({ info, path, rows, bytes, sha256: hash.digest('hex') });
    }
    return { migrations, dumped };
  });
}

/** The members of the tar, as chunks: the tables (from temporary files), the uploads, the manifest. */
async function* backupMembers(
  source: BackupTarget,
  now: Date,
  done: (manifest: BackupManifest) => void = () => {},
): AsyncGenerator<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'backup-'));
  try {
    // The database is read first, into files, so a slow reader of the backup never holds it.
    const { migrations, dumped } = await dumpTables(source.db, dir);
    const schemaVersion = migrations.at(-1);
    if (!schemaVersion) throw new Error('The database has never been migrated: there is nothing to back up');
    for (const table of dumped) {
      yield tarHeader(tableFile(table.info.name), table.bytes, now);
      yield* createReadStream(table.path) as AsyncIterable<Buffer>;
      yield tarPadding(table.bytes);
    }
    const uploads: BackupManifest['uploads'] = [];
    const keys: string[] = [];
    for await (const key of source.blobs.keys()) keys.push(key);
    for (const key of keys.sort()) {
      const blob = await source.blobs.open(key);
      // Deleted since it was listed: nothing shows it any more.
      if (!blob) continue;
      const hash = createHash('sha256');
      let bytes = 0;
      yield tarHeader(uploadFile(key), blob.size, now);
      for await (const chunk of blob.body) {
        hash.update(chunk);
        bytes += chunk.byteLength;
        yield chunk;
      }
      if (bytes !== blob.size) throw new Error(`The upload ${key} changed while it was read`);
      yield tarPadding(bytes);
      uploads.push({ key, file: uploadFile(key), bytes, sha256: hash.digest('hex') });
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: now.toISOString(),
      schemaVersion,
      migrations,
      database: source.kind,
      tables: dumped.map(({ info, rows, bytes, sha256 }) => ({
        name: info.name,
        file: tableFile(info.name),
        rows,
        bytes,
        sha256,
        columns: info.columns.map(({ name, type }) => ({ name, type })),
      })),
      uploads,
    };
    const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    yield tarHeader(MANIFEST, json.length, now);
    yield json;
    yield tarPadding(json.length);
    yield tarEnd();
    done(manifest);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A backup as a stream of the gzipped tar: written as it is read, never whole in memory. */
export function backupStream(source: BackupTarget, now = new Date()): Readable {
  const gzip = createGzip();
  pipeline(Readable.from(backupMembers(source, now)), gzip).catch((err: unknown) => gzip.destroy(err as Error));
  return gzip;
}

/** Writes a backup to a file (through a temporary name beside it, so a failed run leaves no half file). */
export async function writeBackupFile(source: BackupTarget, path: string, now = new Date()): Promise<BackupManifest> {
  const partial = join(dirname(path), `.${Date.now()}.partial`);
  let manifest: BackupManifest | undefined;
  try {
    await pipeline(
      Readable.from(backupMembers(source, now, (m) => (manifest = m))),
      createGzip(),
      createWriteStream(partial),
    );
    await rename(partial, path);
    return manifest!;
  } finally {
    await rm(partial, { force: true });
  }
}

const isZlibError = (err: unknown) => err instanceof Error && /^Z_/.test((err as NodeJS.ErrnoException).code ?? '');
/** A failure of the decompression is damage to the file; anything else is itself. */
const asDamage = (err: unknown) =>
  isZlibError(err) ? new DamagedArchiveError(`The file is damaged (${(err as Error).message})`) : err;

/** The tar members of a backup file, any damage to the compression reported as damage. */
async function* entriesOf(path: string) {
  const source = createReadStream(path).pipe(createGunzip());
  try {
    yield* readTar(source as AsyncIterable<Buffer>);
  } catch (err) {
    throw asDamage(err);
  } finally {
    source.destroy();
  }
}

const countLines = (chunk: Buffer) => {
  let count = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) count++;
  return count;
};

function parseManifest(text: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new DamagedArchiveError('The manifest is damaged');
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupRefusedError('This file is not a backup of this site');
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION)
    throw new BackupRefusedError(`Backup format ${manifest.formatVersion} is not one this version reads`);
  return manifest;
}

/** Every member of the file with its size, SHA-256 and line count; the manifest's text. */
async function readMembers(path: string) {
  const seen = new Map<string, { bytes: number; sha256: string; lines: number }>();
  let manifestText: string | undefined;
  for await (const entry of entriesOf(path)) {
    if (entry.name === MANIFEST) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body) chunks.push(chunk);
      manifestText = Buffer.concat(chunks).toString('utf8');
      continue;
    }
    const hash = createHash('sha256');
    let bytes = 0;
    let lines = 0;
    for await (const chunk of entry.body) {
      hash.update(chunk);
      bytes += chunk.length;
      lines += countLines(chunk);
    }
    seen.set(entry.name, { bytes, sha256: hash.digest('hex'), lines });
  }
  return { seen, manifestText };
}

/**
 * Reads the whole file and checks it against its manifest: every member there, of its size and
 * SHA-256, every table of its row count, nothing else. Returns the manifest; throws on any difference.
 */
export async function verifyBackup(path: string): Promise<BackupManifest> {
  // Damage to the compression shows wherever the reading is when it meets it, a member's body included.
  const { seen, manifestText } = await readMembers(path).catch((err: unknown) => {
    throw asDamage(err);
  });
  if (manifestText === undefined)
    throw new DamagedArchiveError('The file has no manifest: it is truncated or not a backup');
  const manifest = parseManifest(manifestText);
  const expected = [
    ...manifest.tables.map((t) => ({ ...t, lines: t.rows })),
    ...manifest.uploads.map((u) => ({ ...u, lines: undefined })),
  ];
  for (const member of expected) {
    const found = seen.get(member.file);
    if (!found) throw new DamagedArchiveError(`${member.file} is missing from the file`);
    if (found.bytes !== member.bytes || found.sha256 !== member.sha256)
      throw new DamagedArchiveError(`${member.file} is damaged: its checksum differs from the manifest's`);
    if (member.lines !== undefined && found.lines !== member.lines)
      throw new DamagedArchiveError(`${member.file} holds ${found.lines} rows, the manifest says ${member.lines}`);
    seen.delete(member.file);
  }
  const extra = [...seen.keys()][0];
  if (extra) throw new DamagedArchiveError(`${extra} is in the file but not in its manifest`);
  if (!isKnownMigration(manifest.schemaVersion))
    throw new BackupRefusedError(
      `The backup's schema (${manifest.schemaVersion}) is newer than this version of the site knows: update the site first`,
    );
  return manifest;
}

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

/** Rows are written this many at a time (or fewer, when they pass 4 MB of text). */
const BATCH_ROWS = 1000;
const BATCH_CHARS = 4 * 1024 * 1024;

/** Loads a table member, a batch of rows at a time. */
async function loadTable(tx: Kysely<Database>, table: TableInfo, body: AsyncIterable<Buffer>) {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let batch: string[] = [];
  let chars = 0;
  const flush = async () => {
    await insertRows(tx, table, batch);
    batch = [];
    chars = 0;
  };
  for await (const chunk of body) {
    const lines = (rest + decoder.write(chunk)).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      batch.push(line);
      chars += line.length;
      if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
    }
  }
  if ((rest + decoder.end()).length > 0) throw new DamagedArchiveError(`${tableFile(table.name)} does not end a row`);
  await flush();
  await resetSequences(tx, table);
}

export interface RestoreOptions {
  /** Overwrite a database or store that holds data; without it such a restore is refused. */
  replace?: boolean;
  /** With `replace`: where the backup of what is replaced goes, written before anything changes. */
  replacedBackupPath?: string;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** The backup of what the restore replaced, when it replaced anything. */
  replacedBackupPath?: string;
}

/**
 * Restores a backup file: checks the whole file first (a damaged one is refused before anything is
 * written), refuses a database or store that holds data unless `replace` (which first backs up what
 * it replaces), migrates the emptied database to the backup's schema version, loads every table in
 * one transaction and every upload, then migrates to the latest version.
 */
export async function restoreBackup(
  target: BackupTarget,
  path: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const manifest = await verifyBackup(path);
  let replacedBackupPath: string | undefined;
  if (await holdsData(target)) {
    if (!options.replace)
      throw new BackupRefusedError(
        'The database or the upload store is not empty: restoring would overwrite it. Give --replace to replace it (what is there is backed up first).',
      );
    replacedBackupPath = options.replacedBackupPath;
    if (!replacedBackupPath) throw new BackupRefusedError('Replacing needs a file for the backup of what is replaced');
    await writeBackupFile(target, replacedBackupPath);
    const keys: string[] = [];
    for await (const key of target.blobs.keys()) keys.push(key);
    for (const key of keys) await target.blobs.delete(key);
  }
  await dropAllTables(target.db);
  await migrateTo(target.db, manifest.schemaVersion);
  const tables = new Map((await listTables(target.db)).map((t) => [t.name, t]));
  const missing = manifest.tables.find((t) => !tables.has(t.name));
  if (missing) throw new BackupRefusedError(`The table ${missing.name} of the backup is not in its schema version`);
  const tableOf = new Map(manifest.tables.map((t) => [t.file, tables.get(t.name)!]));
  const uploadOf = new Map(manifest.uploads.map((u) => [u.file, u.key]));
  await target.db.transaction().execute(async (tx) => {
    for await (const entry of entriesOf(path)) {
      const table = tableOf.get(entry.name);
      if (table) {
        await loadTable(tx, table, entry.body);
        continue;
      }
      const key = uploadOf.get(entry.name);
      if (key === undefined) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body) chunks.push(chunk);
      await target.blobs.put(key, Buffer.concat(chunks));
    }
  });
  await migrateToLatest(target.db);
  return { manifest, ...(replacedBackupPath ? { replacedBackupPath } : {}) };
}
