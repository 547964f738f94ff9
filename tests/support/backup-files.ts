import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect, sql, type Kysely } from 'kysely';
import type { BackupManifest } from '../../src/server/backup/archive.ts';
import { readTar, tarEnd, tarHeader, tarPadding } from '../../src/server/backup/tar.ts';
import type { DatabaseTarget } from '../../src/server/config.ts';
import { connectDatabase } from '../../src/server/db/connect.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database-handle.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * Backup files made by hand, as an attacker or a damaged disk would make them: a real backup read
 * into its members, changed, and written again, its manifest's sizes, checksums and rows made to
 * match the new bytes (so that only the check under test can refuse it).
 */
export interface Member {
  name: string;
  data: Buffer;
  /** The size its tar header declares, when it lies. */
  declaredSize?: number;
}

export interface BackupParts {
  members: Member[];
  manifest: BackupManifest;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const lineCount = (data: Buffer) => data.toString('utf8').split('\n').length - 1;

/** A backup file's members (the manifest apart, parsed). */
export async function readBackup(file: string): Promise<BackupParts> {
  const members: Member[] = [];
  let manifest: BackupManifest | undefined;
  const tar = gunzipSync(readFileSync(file));
  for await (const entry of readTar(
    (async function* () {
      yield tar;
    })(),
  )) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) chunks.push(chunk);
    const data = Buffer.concat(chunks);
    if (entry.name === 'manifest.json') manifest = JSON.parse(data.toString('utf8')) as BackupManifest;
    else members.push({ name: entry.name, data });
  }
  return { members, manifest: manifest! };
}

/** The manifest's entries made to match the members of the same name (a copy; the parts are left as they are). */
export function restamped({ members, manifest }: BackupParts): BackupManifest {
  const byName = new Map(members.map((m) => [m.name, m.data]));
  return {
    ...manifest,
    tables: manifest.tables.map((t) => {
      const data = byName.get(t.file);
      return data ? { ...t, bytes: data.length, sha256: sha256(data), rows: lineCount(data) } : t;
    }),
    uploads: manifest.uploads.map((u) => {
      const data = byName.get(u.file);
      return data ? { ...u, bytes: data.length, sha256: sha256(data) } : u;
    }),
  };
}

/** Writes members and a manifest (text or object, last) as a gzipped tar, exactly as given. */
export function writeBackup(
  file: string,
  members: Member[],
  manifest: BackupManifest | string | Member,
  now = new Date('2030-03-01T00:00:00Z'),
): string {
  const last: Member =
    typeof manifest === 'object' && 'data' in manifest
      ? manifest
      : {
          name: 'manifest.json',
          data: Buffer.from(typeof manifest === 'string' ? manifest : `${JSON.stringify(manifest, null, 2)}\n`),
        };
  const parts: Buffer[] = [];
  for (const member of [...members, last]) {
    const size = member.declaredSize ?? member.data.length;
    parts.push(tarHeader(member.name, size, now), member.data, tarPadding(member.data.length));
  }
  parts.push(tarEnd());
  writeFileSync(file, gzipSync(Buffer.concat(parts)));
  return file;
}

/** Every table of the current schema (Kysely's included), row for row, in a stable order. */
export async function tableRows(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const { rows: tables } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const found: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    found[name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return found;
}

/** Every file of a folder, byte for byte (none when the folder does not exist). */
export function folderFiles(dir: string): Record<string, Buffer> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return {};
  }
  return Object.fromEntries(names.sort().map((name) => [name, readFileSync(join(dir, name))]));
}

/**
 * Opens a database on disk. A PGlite folder not made yet is made from the migrated copy the API tests'
 * set-up keeps (pglite-template.ts), without PGlite's own set-up, which takes seconds.
 */
export async function openOnDisk(database: DatabaseTarget): Promise<DatabaseHandle> {
  if (database.kind !== 'pglite' || !database.dataDir || existsSync(database.dataDir)) return connectDatabase(database);
  const { target } = await createTestDatabase({ startMigrated: true });
  const template = target.kind === 'pglite' ? target.template : undefined;
  mkdirSync(dirname(database.dataDir), { recursive: true });
  const pglite = await PGlite.create({ dataDir: database.dataDir, ...(template && { loadDataDir: template }) });
  return openDatabase(new PGliteDialect({ pglite }), 'pglite');
}
