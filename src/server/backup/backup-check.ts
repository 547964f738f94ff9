import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { z } from 'astro/zod';
import { isKnownMigration, migrationsUpTo } from '../db/migrate.ts';
import { isBlobKey } from '../storage/blob-store.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST,
  tableFile,
  uploadFile,
  type BackupManifest,
} from './archive.ts';
import { BackupRefusedError, DamagedArchiveError } from './backup-errors.ts';
import { BACKUP_LIMITS } from './backup-limits.ts';
import { schemaCatalog } from './schema-catalog.ts';
import { readTar, type TarEntry } from './tar.ts';

/**
 * The checks a backup file passes before a restore writes anything, read as a stream: no member is
 * held in memory beyond the bounds of backup-limits.ts, and a member whose header declares more than its
 * bound is refused from the header, before a byte of it is read. "Backup and restore" in docs/operations.md
 * states them.
 */
const MB = 1024 * 1024;
export { BACKUP_LIMITS };

const refuse = (message: string): never => {
  throw new BackupRefusedError(message);
};

/** A name read from the file, quoted so that whatever it holds prints as text. */
const quoted = (name: string) => JSON.stringify(name);

/** Any value read from the file, as JSON text (so a string is quoted, its control characters escaped), cut short. */
const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

/** A size a file declares, exactly; a limit, as the README states it. */
const declared = (bytes: number) => `${bytes.toLocaleString('en')} bytes`;
const limit = (bytes: number) => (bytes >= 1024 * MB ? `${bytes / 1024 / MB} GB` : `${bytes / MB} MB`);

export type BackupMember = {
  name: string;
  size: number;
  body: AsyncIterable<Buffer>;
} & ({ kind: 'manifest' } | { kind: 'table'; table: string } | { kind: 'upload'; key: string });

const isZlibError = (err: unknown) => err instanceof Error && /^Z_/.test((err as NodeJS.ErrnoException).code ?? '');
/** A failure of the decompression is damage to the file; anything else is itself. */
const asDamage = (err: unknown) =>
  isZlibError(err) ? new DamagedArchiveError(`The file is damaged (${(err as Error).message})`) : err;

const TABLE_MEMBER = /^tables\/([a-z_][a-z0-9_]{0,62})\.jsonl$/;
const UPLOAD_MEMBER = /^uploads\/(.*)$/s;

/** A member's body, any failure of the decompression met while reading it reported as damage. */
async function* damageReported(body: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* body;
  } catch (err) {
    throw asDamage(err);
  }
}

/** What a member is, from its header alone: anything that is not a backup's member is refused here. */
function classify(tarEntry: TarEntry): BackupMember {
  const entry = { ...tarEntry, body: damageReported(tarEntry.body) };
  const { name, size } = entry;
  if (!entry.regular) return refuse(`${quoted(name)} is not a file (a folder or a link): it is not part of a backup`);
  if (name === MANIFEST) {
    if (size > BACKUP_LIMITS.manifestBytes)
      refuse(`The manifest declares ${declared(size)}: a backup's is at most ${limit(BACKUP_LIMITS.manifestBytes)}`);
    return { ...entry, kind: 'manifest' };
  }
  const table = TABLE_MEMBER.exec(name)?.[1];
  if (table) {
    if (size > BACKUP_LIMITS.tableBytes)
      refuse(`${name} declares ${declared(size)}: a table is at most ${limit(BACKUP_LIMITS.tableBytes)}`);
    return { ...entry, kind: 'table', table };
  }
  const key = UPLOAD_MEMBER.exec(name)?.[1];
  if (key !== undefined) {
    if (!isBlobKey(key)) refuse(`${quoted(name)} is not the name of an upload of this site`);
    if (size > BACKUP_LIMITS.uploadBytes)
      refuse(`${name} declares ${declared(size)}: an upload is at most ${limit(BACKUP_LIMITS.uploadBytes)}`);
    return { ...entry, kind: 'upload', key };
  }
  return refuse(`${quoted(name)} is not part of a backup`);
}

/**
 * The members of a backup file, in order, each known from its header before its body is read; a member
 * named twice, a name no backup has, or a size over its bound is refused there. Read each body whole
 * (or not at all) before asking for the next.
 */
export async function* backupMembers(path: string): AsyncGenerator<BackupMember> {
  const source = createReadStream(path).pipe(createGunzip());
  const names = new Set<string>();
  let tables = 0;
  let total = 0;
  try {
    for await (const entry of readTar(source as AsyncIterable<Buffer>)) {
      if (names.has(entry.name)) refuse(`${quoted(entry.name)} is in the file twice`);
      if (names.size >= BACKUP_LIMITS.members)
        refuse(`The file holds more than ${BACKUP_LIMITS.members.toLocaleString('en')} members`);
      names.add(entry.name);
      const member = classify(entry);
      // Each table's column names are remembered while it is checked: the count of tables bounds them.
      if (member.kind === 'table' && ++tables > BACKUP_LIMITS.tables)
        refuse(`The file holds more than ${BACKUP_LIMITS.tables} tables: no version of the site has as many`);
      total += member.size;
      if (total > BACKUP_LIMITS.totalBytes)
        refuse(`The file's members come to more than ${limit(BACKUP_LIMITS.totalBytes)} uncompressed`);
      yield member;
    }
  } catch (err) {
    throw asDamage(err);
  } finally {
    source.destroy();
  }
}

/** A member's size and SHA-256, taken as its chunks go by. */
export class Measure {
  bytes = 0;
  private readonly hash = createHash('sha256');
  add(chunk: Buffer) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
  }
  sha256 = () => this.hash.digest('hex');
}

/**
 * Cuts a table member's bytes into lines (each without its newline) as its chunks arrive; a line over
 * the row bound throws as soon as it passes the bound, and so does a last line without its newline.
 */
export class RowLines {
  private parts: Buffer[] = [];
  private length = 0;
  private readonly file: string;
  constructor(file: string) {
    this.file = file;
  }

  private tooLong = () => refuse(`A row of ${this.file} is longer than ${limit(BACKUP_LIMITS.rowBytes)}`);

  push(chunk: Buffer): Buffer[] {
    const lines: Buffer[] = [];
    let start = 0;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, at);
      if (this.length + piece.length > BACKUP_LIMITS.rowBytes) this.tooLong();
      lines.push(this.parts.length ? Buffer.concat([...this.parts, piece]) : piece);
      this.parts = [];
      this.length = 0;
      start = at + 1;
    }
    const rest = chunk.subarray(start);
    if (this.length + rest.length > BACKUP_LIMITS.rowBytes) this.tooLong();
    if (rest.length > 0) {
      this.parts.push(rest);
      this.length += rest.length;
    }
    return lines;
  }

  end() {
    if (this.length > 0) refuse(`${this.file} does not end its last row with a newline`);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** One line of a table member as its text and its object: exactly one JSON object, nothing else. */
export function parseRow(file: string, n: number, line: Buffer): { text: string; row: object } {
  let text: string;
  try {
    text = utf8.decode(line);
  } catch {
    return refuse(`Row ${n} of ${file} is not UTF-8 text`);
  }
  let row: unknown;
  try {
    row = JSON.parse(text);
  } catch {
    return refuse(`Row ${n} of ${file} is not one JSON object (a line holds exactly one row)`);
  }
  if (typeof row !== 'object' || row === null || Array.isArray(row))
    refuse(`Row ${n} of ${file} is not a JSON object (a line holds exactly one row)`);
  return { text, row: row as object };
}

interface SeenMember {
  bytes: number;
  sha256: string;
  /** A table's: its rows, and every column name its rows use. */
  rows?: number;
  columns?: Set<string>;
  /** The first thing wrong with a table's rows; reported once the checksums show the bytes are the writer's. */
  problem?: string;
}

/** Reads a table member to its end: its size and SHA-256, and its rows checked one by one until one is wrong. */
async function scanTable(file: string, body: AsyncIterable<Buffer>): Promise<SeenMember> {
  const measure = new Measure();
  const lines = new RowLines(file);
  let rows = 0;
  const columns = new Set<string>();
  let problem: string | undefined;
  // A problem with the rows is kept, not thrown: the rest is still counted and hashed, so that damage
  // to the bytes is reported as damage, and only a file of the writer's own bytes is judged by its rows.
  const check = (read: () => void) => {
    try {
      read();
    } catch (err) {
      if (!(err instanceof BackupRefusedError)) throw err;
      problem = err.message;
    }
  };
  for await (const chunk of body) {
    measure.add(chunk);
    if (problem) continue;
    check(() => {
      for (const line of lines.push(chunk)) {
        const n = ++rows;
        for (const column of Object.keys(parseRow(file, n, line).row)) {
          if (Buffer.byteLength(column) > BACKUP_LIMITS.columnNameBytes)
            refuse(
              `Row ${n} of ${file} names a column longer than a column's name can be (${BACKUP_LIMITS.columnNameBytes} bytes)`,
            );
          columns.add(column);
        }
        if (columns.size > BACKUP_LIMITS.columns) refuse(`The rows of ${file} have more columns than a table can`);
      }
    });
  }
  if (!problem) check(() => lines.end());
  return { bytes: measure.bytes, sha256: measure.sha256(), rows, columns, ...(problem && { problem }) };
}

async function readWhole(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Every member of the file with its size and SHA-256 (tables: rows, columns), and the manifest's text. */
async function scan(path: string) {
  const seen = new Map<string, SeenMember>();
  let manifestText: string | undefined;
  for await (const member of backupMembers(path)) {
    if (member.kind === 'manifest') {
      // Bounded: its header was checked against the manifest's limit.
      manifestText = (await readWhole(member.body)).toString('utf8');
    } else if (member.kind === 'table') {
      seen.set(member.name, await scanTable(member.name, member.body));
    } else {
      const measure = new Measure();
      for await (const chunk of member.body) measure.add(chunk);
      seen.set(member.name, { bytes: measure.bytes, sha256: measure.sha256() });
    }
  }
  return { seen, manifestText };
}

const count = z.number().int().nonnegative();
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string().max(64),
  schemaVersion: z.string().max(255),
  migrations: z.array(z.string().max(255)).max(10_000),
  database: z.enum(['pglite', 'postgres']),
  tables: z
    .array(
      z.object({
        name: z.string().max(63),
        file: z.string().max(100),
        rows: count,
        bytes: count,
        sha256,
        columns: z.array(z.object({ name: z.string().max(63), type: z.string().max(200) })).max(BACKUP_LIMITS.columns),
      }),
    )
    .max(BACKUP_LIMITS.tables),
  uploads: z
    .array(z.object({ key: z.string().max(100), file: z.string().max(100), bytes: count, sha256 }))
    .max(BACKUP_LIMITS.members),
});

function parseManifest(text: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new DamagedArchiveError('The manifest is damaged');
  }
  const { format, formatVersion } = (json ?? {}) as Partial<BackupManifest>;
  if (format !== BACKUP_FORMAT) refuse('This file is not a backup of this site');
  if (formatVersion !== BACKUP_FORMAT_VERSION)
    refuse(`Backup format ${shown(formatVersion)} is not one this version of the site reads`);
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    refuse(`The manifest is not a backup's: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data as BackupManifest;
}

/** The manifest names each member once, by the name its table or upload key gives it, and nothing unsafe. */
function checkManifestNames(manifest: BackupManifest) {
  const tables = new Set<string>();
  for (const table of manifest.tables) {
    if (tables.has(table.name)) refuse(`The manifest lists the table ${quoted(table.name)} twice`);
    tables.add(table.name);
    if (table.file !== tableFile(table.name))
      refuse(`The manifest puts the table ${quoted(table.name)} in ${quoted(table.file)}`);
  }
  const keys = new Set<string>();
  for (const upload of manifest.uploads) {
    if (!isBlobKey(upload.key))
      refuse(`The manifest names an upload ${quoted(upload.key)}: not an upload key of this site`);
    if (keys.has(upload.key)) refuse(`The manifest lists the upload ${upload.key} twice`);
    keys.add(upload.key);
    if (upload.file !== uploadFile(upload.key))
      refuse(`The manifest puts the upload ${upload.key} in ${quoted(upload.file)}`);
    if (upload.bytes > BACKUP_LIMITS.uploadBytes)
      refuse(
        `The manifest says the upload ${upload.key} is ${declared(upload.bytes)}: an upload is at most ${limit(BACKUP_LIMITS.uploadBytes)}`,
      );
  }
}

/** Each member the manifest lists is in the file with its size, SHA-256 and rows; nothing else is. */
function checkMembers(manifest: BackupManifest, seen: Map<string, SeenMember>) {
  const unlisted = new Map(seen);
  const listed = [...manifest.tables.map((t) => ({ ...t, rows: t.rows as number | undefined })), ...manifest.uploads];
  for (const member of listed) {
    const found = unlisted.get(member.file);
    if (!found) refuse(`${member.file} is listed in the manifest but missing from the file`);
    if (found!.bytes !== member.bytes || found!.sha256 !== member.sha256)
      throw new DamagedArchiveError(`${member.file} is damaged: its checksum differs from the manifest's`);
    unlisted.delete(member.file);
  }
  const extra = [...unlisted.keys()][0];
  if (extra !== undefined) refuse(`${quoted(extra)} is in the file but not in its manifest`);
  // The bytes are the ones the manifest was written for: now what they hold.
  for (const table of manifest.tables) {
    const found = seen.get(table.file)!;
    if (found.problem) refuse(found.problem);
    if (found.rows !== table.rows) refuse(`${table.file} holds ${found.rows} rows, its manifest says ${table.rows}`);
  }
}

/** The schema version is one this code has, reached by the same migrations; every table and column is of it. */
async function checkSchema(manifest: BackupManifest, seen: Map<string, SeenMember>) {
  if (!isKnownMigration(manifest.schemaVersion))
    refuse(
      `The backup's schema (${quoted(manifest.schemaVersion)}) is not one this version of the site has: ` +
        'if it was made by a newer version of the site, update the site first (git pull, npm install)',
    );
  const expected = migrationsUpTo(manifest.schemaVersion);
  if (JSON.stringify(manifest.migrations) !== JSON.stringify(expected))
    refuse(`The backup's migrations are not the ones that lead to its schema version ${manifest.schemaVersion}`);
  const catalog = await schemaCatalog(manifest.schemaVersion);
  for (const table of manifest.tables) {
    const columns = catalog.get(table.name);
    if (!columns) return refuse(`The table ${quoted(table.name)} is not in the backup's schema version`);
    const unknown =
      table.columns.find((c) => !columns.has(c.name))?.name ??
      [...(seen.get(table.file)!.columns ?? [])].find((name) => !columns.has(name));
    if (unknown !== undefined)
      refuse(`The table ${table.name} has no column ${quoted(unknown)} in the backup's schema version`);
  }
  const listed = new Set(manifest.tables.map((t) => t.name));
  const absent = [...catalog.keys()].find((name) => !listed.has(name));
  if (absent) refuse(`The backup lacks the table ${absent}, which its schema version has`);
}

/**
 * Reads the whole file and checks it: every member named once and listed in the manifest, of the size,
 * SHA-256 and rows the manifest says; every row one JSON object; every table and column of the backup's
 * schema version, a version this code has; every upload of the site's key form and size. Returns the
 * manifest; throws BackupRefusedError (DamagedArchiveError for damaged bytes) on the first problem.
 */
export async function verifyBackup(path: string): Promise<BackupManifest> {
  const { seen, manifestText } = await scan(path);
  if (manifestText === undefined)
    throw new DamagedArchiveError('The file has no manifest: it is truncated or not a backup');
  const manifest = parseManifest(manifestText);
  checkManifestNames(manifest);
  checkMembers(manifest, seen);
  await checkSchema(manifest, seen);
  return manifest;
}
