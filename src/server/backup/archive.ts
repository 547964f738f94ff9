import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdtemp, rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  appliedMigrations,
  inSnapshot,
  listForeignKeys,
  listTables,
  tableRows,
  type TableInfo,
} from '../repositories/backup.repository.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { BACKUP_LIMITS } from './backup-limits.ts';
import { tarEnd, tarHeader, tarPadding } from './tar.ts';

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
 * restore reads the whole file and checks it against the manifest before it writes anything
 * (backup-check.ts), then loads it (restore.ts).
 */
export const BACKUP_FORMAT = 'ieee-cs-bdc-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
/** A backup file's permissions: its owner reads and writes it, nobody else anything. */
export const BACKUP_FILE_MODE = 0o600;

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

export const tableFile = (name: string) => `tables/${name}.jsonl`;
export const uploadFile = (key: string) => `uploads/${key}`;

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

const beyondRestore = (what: string) =>
  new Error(
    `${what}: its restore would refuse the file, so no backup is written (docs/operations.md, "Backup and restore", lists the limits)`,
  );

/** A file's members stay within what a restore reads (backup-limits.ts), or the backup is not written. */
export function checkMemberCount(tables: number, uploads: number) {
  if (tables > BACKUP_LIMITS.tables)
    throw beyondRestore(`The database has ${tables} tables, more than a backup holds (${BACKUP_LIMITS.tables})`);
  // The tables, the uploads and the manifest.
  if (tables + uploads + 1 > BACKUP_LIMITS.members)
    throw beyondRestore(
      `The site has ${uploads.toLocaleString('en')} uploads: a backup file holds at most ${BACKUP_LIMITS.members.toLocaleString('en')} members`,
    );
}

/** The manifest's bytes: compact JSON (a backup of many uploads stays within the manifest's limit), one line. */
export function manifestBytes(manifest: BackupManifest): Buffer {
  const json = Buffer.from(`${JSON.stringify(manifest)}\n`);
  if (json.length > BACKUP_LIMITS.manifestBytes)
    throw beyondRestore(
      `The manifest would be ${json.length.toLocaleString('en')} bytes, over the ${BACKUP_LIMITS.manifestBytes / 1024 / 1024} MB a restore reads`,
    );
  return json;
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
    checkMemberCount(dumped.length, keys.length);
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
    const json = manifestBytes(manifest);
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

/**
 * Writes a backup to a file (through a temporary name beside it, so a failed run leaves no half file),
 * readable and writable by its owner only: it holds password hashes, tickets and personal data.
 */
export async function writeBackupFile(source: BackupTarget, path: string, now = new Date()): Promise<BackupManifest> {
  const partial = join(dirname(path), `.${Date.now()}.partial`);
  let manifest: BackupManifest | undefined;
  try {
    await pipeline(
      Readable.from(backupMembers(source, now, (m) => (manifest = m))),
      createGzip(),
      createWriteStream(partial, { mode: BACKUP_FILE_MODE }),
    );
    // The mode asked for at creation is narrowed by the umask: set exactly.
    await chmod(partial, BACKUP_FILE_MODE);
    await rename(partial, path);
    return manifest!;
  } finally {
    await rm(partial, { force: true });
  }
}
