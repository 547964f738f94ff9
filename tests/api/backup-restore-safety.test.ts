import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { writeBackupFile, type BackupManifest, type BackupTarget } from '../../src/server/backup/archive.ts';
import { BACKUP_LIMITS, verifyBackup } from '../../src/server/backup/backup-check.ts';
import {
  BackupRefusedError,
  DamagedArchiveError,
  DatabaseBusyError,
  RestoreFailedError,
} from '../../src/server/backup/backup-errors.ts';
import { finishInterruptedRestore, restoreBackup, writeBackupExclusively } from '../../src/server/backup/restore.ts';
import { loadConfig, type DatabaseTarget } from '../../src/server/config.ts';
import { connectDatabase } from '../../src/server/db/connect.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { filesystemBlobStore, isBlobKey } from '../../src/server/storage/blob-store.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, type TestApi } from '../support/api-server.ts';
import { attendanceHelpers } from '../support/attendance.ts';
import {
  folderFiles,
  openOnDisk,
  readBackup,
  restamped,
  tableRows,
  writeBackup,
  type BackupParts,
  type Member,
} from '../support/backup-files.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * A refused restore changes nothing; a failed one loses nothing. Each class of bad file is refused,
 * with --replace, by a target that holds data of its own, and each failure point (a constraint broken
 * halfway through the load; the process killed while it copies the uploads, and while it moves them
 * into place) is met there: every table is compared row for row and every upload byte for byte before
 * and after. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
const clock = new Date('2030-03-10T07:30:00Z');
const work = mkdtempSync(join(tmpdir(), 'restore-safety-'));
const setUp = useTestApi({
  chapters: { alpha: 'Alpha Chapter' },
  now: () => clock,
  config: { blobStore: { kind: 'filesystem', dir: join(work, 'source-uploads') } },
});
let api: TestApi;
let alpha: TestChapter;

/** A database and an upload folder a restore goes into. */
interface Target extends BackupTarget {
  uploads: string;
  database: DatabaseTarget;
}

const opened: Kysely<Database>[] = [];
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const db of opened) await db.destroy();
  for (const database of databases) await database.drop();
  rmSync(work, { recursive: true, force: true });
});

/** A fresh database (in memory for PGlite) and an upload folder. */
async function newTarget(name: string): Promise<Target> {
  const database = await createTestDatabase();
  databases.push(database);
  const handle = await connectDatabase(database.target);
  opened.push(handle.db);
  const uploads = join(work, name, 'uploads');
  return { db: handle.db, kind: handle.kind, blobs: filesystemBlobStore(uploads), uploads, database: database.target };
}

/** Everything a restore could change: every table row for row, every file of the upload folder and of its staging folder. */
const stateOf = async (target: Target) => ({
  tables: await tableRows(target.db),
  uploads: folderFiles(target.uploads),
  staging: folderFiles(`${target.uploads}-restoring`),
});

let backupFile: string;
let parts: BackupParts;
/** A target holding data of its own (the backup restored, then changed), and its state before each test. */
let busy: Target;
let before: Awaited<ReturnType<typeof stateOf>>;
let counter = 0;
const safetyPath = () => join(work, `replaced-${++counter}.tar.gz`);
const fileNamed = (name: string) => join(work, `${name}-${++counter}.tar.gz`);

async function png(color: string) {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: color } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  ({ api } = setUp);
  ({ alpha } = setUp.chapters);
  const app = createApi({ ...api.deps, now: () => clock });
  const { createEvent, register } = attendanceHelpers(
    () => api,
    () => app,
  );
  const uploaded: string[] = [];
  for (const color of ['#1447e1', '#e11447', '#14e147']) {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await png(color))], { type: 'image/png' }), 'photo.png');
    const res = await api.call('/uploads', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${alpha.token}` },
    });
    expect(res.status).toBe(201);
    uploaded.push((await res.json()).url);
  }
  const event = await createEvent(alpha.token, {
    title: 'কর্মশালা: Restore Workshop',
    banner: uploaded[0],
    eventDate: '2030-04-01',
  });
  for (const fullName of ['তাসনিম রহমান', 'Arif Hossain', 'Nobody Came']) await register(event.id, { fullName });
  expect((await api.call('/chapters/alpha', json('GET'))).status).toBe(200);
  backupFile = join(work, 'chapter.tar.gz');
  await writeBackupFile({ db: api.db, kind: api.deps.database.kind, blobs: api.deps.blobs }, backupFile, clock);
  parts = await readBackup(backupFile);
  expect(parts.manifest.uploads).toHaveLength(3);

  busy = await newTarget('busy');
  await restoreBackup(busy, backupFile);
  // Made different from the backup: a renamed event, a registration fewer, an upload of its own.
  await busy.db.updateTable('events').set({ title: 'Changed since the backup' }).execute();
  await busy.db.deleteFrom('registrations').where('fullName', '=', 'Nobody Came').execute();
  await busy.blobs.put(`${randomUUID()}.png`, await png('#000000'));
  before = await stateOf(busy);
  expect(Object.keys(before.uploads)).toHaveLength(4);
  expect(before.tables['registrations']).toHaveLength(2);
});

/** The backup's members changed by `change`, its manifest restamped to match (then changed by `lie`), written to a file. */
function crafted(
  name: string,
  change: (members: Member[], manifest: BackupManifest) => void,
  lie: (manifest: BackupManifest) => void = () => {},
): string {
  const copy: BackupParts = structuredClone({ members: parts.members, manifest: parts.manifest });
  copy.members = copy.members.map((m) => ({ ...m, data: Buffer.from(m.data) }));
  change(copy.members, copy.manifest);
  const manifest = restamped(copy);
  lie(manifest);
  return writeBackup(fileNamed(name), copy.members, manifest);
}

const member = (members: Member[], name: string) => members.find((m) => m.name === name)!;
const lines = (m: Member) => m.data.toString('utf8').split('\n').slice(0, -1);
const setLines = (m: Member, rows: string[]) => (m.data = Buffer.from(rows.map((r) => `${r}\n`).join('')));

/** A restore with --replace into the busy target is refused, and nothing of it changed, the safety backup not even written. */
async function expectRefused(file: string, reason: RegExp) {
  const replacedBackupPath = safetyPath();
  const refusal = restoreBackup(busy, file, { replace: true, replacedBackupPath });
  await expect(refusal).rejects.toBeInstanceOf(BackupRefusedError);
  await expect(refusal).rejects.toThrow(reason);
  expect(await stateOf(busy)).toEqual(before);
  expect(existsSync(replacedBackupPath)).toBe(false);
}

describe('a file is refused, with nothing changed, when', () => {
  it('a member is in it twice (a second tables/chapters.jsonl planting an admin)', async () => {
    const file = crafted('duplicate', (members) => {
      const chapters = member(members, 'tables/chapters.jsonl');
      const planted = JSON.parse(lines(chapters)[0]!);
      planted.id = randomUUID();
      planted.email = 'planted@example.org';
      planted.slug = 'planted';
      planted.is_admin = true;
      members.push({ name: chapters.name, data: Buffer.from(`${JSON.stringify(planted)}\n`) });
    });
    await expectRefused(file, /"tables\/chapters\.jsonl" is in the file twice/);
  });

  it('a member the manifest lists is missing', async () => {
    const file = crafted('missing', (members) => {
      members.splice(members.indexOf(member(members, parts.manifest.uploads[1]!.file)), 1);
    });
    await expectRefused(file, /uploads\/.+ is listed in the manifest but missing from the file/);
  });

  it.each([
    ['an upload', () => `uploads/${randomUUID()}.png`],
    ['a script', () => 'run-me.sh'],
    ['a table file outside tables/', () => 'chapters.jsonl'],
  ])('it holds a member its manifest does not list: %s', async (_, name) => {
    const extra = name();
    const file = crafted('extra', (members) => members.push({ name: extra, data: Buffer.from('#!/bin/sh\n') }));
    await expectRefused(
      file,
      extra.startsWith('uploads/') ? /is in the file but not in its manifest/ : /is not part of a backup/,
    );
  });

  it('a line holds two objects (two rows under one line of the count)', async () => {
    const file = crafted('two-objects', (members) => {
      const chapters = member(members, 'tables/chapters.jsonl');
      const rows = lines(chapters);
      const planted = { ...JSON.parse(rows[0]!), id: randomUUID(), email: 'planted@example.org', slug: 'planted' };
      rows[0] = `${rows[0]},${JSON.stringify(planted)}`;
      setLines(chapters, rows);
    });
    await expectRefused(file, /Row 1 of tables\/chapters\.jsonl is not one JSON object/);
  });

  it.each([
    ['an array', (row: string) => `[${row}]`],
    ['a number', () => '42'],
    ['null', () => 'null'],
    ['a string', (row: string) => JSON.stringify(row)],
    ['a blank line', () => ''],
  ])('a line of a table is not an object: %s', async (_, replace) => {
    const file = crafted('not-object', (members) => {
      const registrations = member(members, 'tables/registrations.jsonl');
      const rows = lines(registrations);
      rows[1] = replace(rows[1]!);
      setLines(registrations, rows);
    });
    await expectRefused(file, /Row 2 of tables\/registrations\.jsonl is not (one|a) JSON object/);
  });

  it('a table holds another number of rows than its manifest says', async () => {
    const file = crafted(
      'row-count',
      () => {},
      (manifest) => (manifest.tables.find((t) => t.name === 'registrations')!.rows += 1),
    );
    await expectRefused(file, /tables\/registrations\.jsonl holds 3 rows, its manifest says 4/);
  });

  it('a table is not in the backup’s schema version', async () => {
    const file = crafted('unknown-table', (members, manifest) => {
      members.push({ name: 'tables/backdoor.jsonl', data: Buffer.from('{"id":1}\n') });
      manifest.tables.push({
        name: 'backdoor',
        file: 'tables/backdoor.jsonl',
        rows: 1,
        bytes: 0,
        sha256: '0'.repeat(64),
        columns: [{ name: 'id', type: 'integer' }],
      });
    });
    await expectRefused(file, /The table "backdoor" is not in the backup's schema version/);
  });

  it.each([
    ['in a row', 'row'],
    ['in the manifest', 'manifest'],
  ])('a column is not in the backup’s schema version: %s', async (_, where) => {
    const file = crafted('unknown-column', (members, manifest) => {
      if (where === 'manifest') {
        manifest.tables.find((t) => t.name === 'chapters')!.columns.push({ name: 'is_superuser', type: 'boolean' });
        return;
      }
      const chapters = member(members, 'tables/chapters.jsonl');
      setLines(
        chapters,
        lines(chapters).map((row) => JSON.stringify({ ...JSON.parse(row), is_superuser: true })),
      );
    });
    await expectRefused(file, /The table chapters has no column "is_superuser" in the backup's schema version/);
  });

  it('the schema version is not one this code has', async () => {
    const file = crafted(
      'newer',
      () => {},
      (manifest) => {
        manifest.schemaVersion = '2099-01-01T0000-future';
        manifest.migrations.push('2099-01-01T0000-future');
      },
    );
    await expectRefused(
      file,
      /The backup's schema \("2099-01-01T0000-future"\) is not one this version of the site has/,
    );
  });

  it('its migrations are not the ones that lead to its schema version', async () => {
    const file = crafted(
      'migrations',
      () => {},
      (manifest) => manifest.migrations.splice(1, 1),
    );
    await expectRefused(file, /The backup's migrations are not the ones that lead to its schema version/);
  });

  it.each([
    ['a path out of the folder', '../x'],
    ['a deeper path out', '../../../../tmp/evil.png'],
    ['an absolute path', '/etc/cron.d/evil'],
    ['a name of another form', 'photo.png'],
    ['a uuid with a type the site does not take', `${randomUUID()}.exe`],
    ['a uuid in capitals', `${randomUUID().toUpperCase()}.png`],
  ])('an upload key is unsafe or not of the site’s form: %s', async (_, key) => {
    const file = crafted('unsafe-key', (members, manifest) => {
      members.push({ name: `uploads/${key}`, data: Buffer.from('not an image') });
      manifest.uploads.push({ key, file: `uploads/${key}`, bytes: 0, sha256: '0'.repeat(64) });
    });
    await expectRefused(file, /is not the name of an upload of this site/);
  });

  it('an upload is over the site’s upload limit (zeros: the file itself is small)', async () => {
    const key = `${randomUUID()}.png`;
    const file = crafted('oversize-upload', (members, manifest) => {
      members.push({ name: `uploads/${key}`, data: Buffer.alloc(BACKUP_LIMITS.uploadBytes + 1) });
      manifest.uploads.push({ key, file: `uploads/${key}`, bytes: 0, sha256: '0'.repeat(64) });
    });
    expect(readFileSync(file).length).toBeLessThan(100_000);
    await expectRefused(file, /declares 5,242,881 bytes: an upload is at most 5 MB/);
  });

  it('the manifest says an upload is larger than the limit', async () => {
    const file = crafted(
      'manifest-upload-size',
      () => {},
      (manifest) => (manifest.uploads[0]!.bytes = 1_200_000_000),
    );
    await expectRefused(file, /The manifest says the upload .+ is 1,200,000,000 bytes: an upload is at most 5 MB/);
  });

  it('the manifest is over its limit', async () => {
    const manifest = `${JSON.stringify(restamped(parts))}${' '.repeat(BACKUP_LIMITS.manifestBytes)}`;
    const file = writeBackup(fileNamed('big-manifest'), parts.members, manifest);
    await expectRefused(file, /The manifest declares 25,\d{3},\d{3} bytes: a backup's is at most 24 MB/);
  });

  it('a column’s name is longer than PostgreSQL’s names: refused at the row, before names pile up in memory', async () => {
    const file = crafted('long-column', (members) => {
      const chapters = member(members, 'tables/chapters.jsonl');
      const [first, ...rest] = lines(chapters);
      setLines(chapters, [JSON.stringify({ ...JSON.parse(first!), ['c'.repeat(64)]: 1 }), ...rest]);
    });
    await expectRefused(
      file,
      /^Row 1 of tables\/chapters\.jsonl names a column longer than a column's name can be \(63 bytes\)$/,
    );
  });

  it('it holds more tables than any version of the site has', async () => {
    const file = crafted('many-tables', (members) => {
      for (let i = 0; i < BACKUP_LIMITS.tables; i++)
        members.push({ name: `tables/extra_${i}.jsonl`, data: Buffer.alloc(0) });
    });
    await expectRefused(file, /^The file holds more than 64 tables: no version of the site has as many$/);
  });

  it('its manifest holds escape codes: the refusal shows them as text, never as codes a terminal obeys', async () => {
    const file = crafted(
      'escape-codes',
      () => {},
      (manifest) => ((manifest as unknown as Record<string, unknown>)['formatVersion'] = '\u001b[2K\rRestored OK'),
    );
    await expectRefused(file, /^Backup format "\\u001b\[2K\\rRestored OK" is not one this version of the site reads$/);
  });

  it('a tar header lies about its size: 1.6 GB of manifest, 1.2 GB of upload, read from headers alone', async () => {
    const text = Buffer.from(JSON.stringify(restamped(parts)));
    const lyingManifest = writeBackup(fileNamed('lying-manifest'), parts.members, {
      name: 'manifest.json',
      data: text,
      declaredSize: 1_600_000_000,
    });
    await expectRefused(lyingManifest, /The manifest declares 1,600,000,000 bytes/);
    const key = `${randomUUID()}.png`;
    const lyingUpload = writeBackup(
      fileNamed('lying-upload'),
      [...parts.members, { name: `uploads/${key}`, data: Buffer.from('tiny'), declaredSize: 1_200_000_000 }],
      restamped(parts),
    );
    await expectRefused(lyingUpload, /declares 1,200,000,000 bytes: an upload is at most 5 MB/);
  });

  it.each([
    ['more bytes than follow', 4096],
    ['fewer bytes than follow', -50],
  ])('a table’s tar header declares %s', async (_, by) => {
    const members = parts.members.map((m) =>
      m.name === 'tables/registrations.jsonl' ? { ...m, declaredSize: m.data.length + by } : m,
    );
    const file = writeBackup(fileNamed('lying-table'), members, restamped(parts));
    const refusal = restoreBackup(busy, file, { replace: true, replacedBackupPath: safetyPath() });
    await expect(refusal).rejects.toBeInstanceOf(DamagedArchiveError);
    expect(await stateOf(busy)).toEqual(before);
  });

  it('the compression is damaged: flipped bytes, a cut-off end', async () => {
    const whole = readFileSync(backupFile);
    const flippedAt = (fraction: number) => {
      const copy = Buffer.from(whole);
      copy[Math.floor(copy.length * fraction)]! ^= 0xff;
      return copy;
    };
    const tar = gunzipSync(whole);
    const rewritten = Buffer.from(tar);
    rewritten.write('Arif Hossaim', tar.indexOf('Arif Hossain'));
    const damaged = {
      flippedAtAQuarter: flippedAt(0.25),
      flippedInTheMiddle: flippedAt(0.5),
      flippedNearTheEnd: flippedAt(0.9),
      flippedInTheTrailer: flippedAt(1 - 4 / whole.length),
      rewrittenRow: gzipSync(rewritten),
      truncatedTar: gzipSync(tar.subarray(0, tar.length - 3000)),
      truncatedGzip: whole.subarray(0, Math.floor(whole.length * 0.7)),
    };
    for (const [name, bytes] of Object.entries(damaged)) {
      const file = fileNamed(name);
      writeFileSync(file, bytes);
      const refusal = restoreBackup(busy, file, { replace: true, replacedBackupPath: safetyPath() });
      await expect(refusal, name).rejects.toBeInstanceOf(DamagedArchiveError);
      expect(await stateOf(busy), name).toEqual(before);
    }
  });
});

describe('a restore that fails part way loses nothing', () => {
  it('a constraint broken halfway through the load: rolled back, the safety backup named', async () => {
    // A registration in twice: the tables before it are loaded when its primary key refuses it.
    const file = crafted('constraint', (members) => {
      const registrations = member(members, 'tables/registrations.jsonl');
      const rows = lines(registrations);
      setLines(registrations, [...rows, rows[0]!]);
    });
    expect(await verifyBackup(file)).toBeTruthy();
    const replacedBackupPath = safetyPath();
    const failure = await restoreBackup(busy, file, { replace: true, replacedBackupPath }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(RestoreFailedError);
    expect(failure).toMatchObject({ replacedBackupPath, databaseRestored: false });
    expect((failure as Error).message).toMatch(/changed nothing .*duplicate key/);
    expect(await stateOf(busy)).toEqual(before);
    // The safety backup holds what is there.
    const kept = await verifyBackup(replacedBackupPath);
    expect(kept.tables.find((t) => t.name === 'registrations')?.rows).toBe(2);
    expect(kept.uploads).toHaveLength(4);
  });
});

/** The same database as `target` through a pool of its own (PostgreSQL), as a second process would open it. */
async function secondHandle(target: Target): Promise<Target> {
  // The in-memory PGlite is this process's alone: a second run on it is refused within the process.
  if (target.kind !== 'postgres') return target;
  const handle = await connectDatabase(target.database);
  opened.push(handle.db);
  return { ...target, db: handle.db };
}

describe('one restore or command-line backup of a database at a time', () => {
  it('a second restore or backup is refused at once while one runs, changing nothing; both go once it ends', async () => {
    const target = await newTarget('exclusive');
    const other = await secondHandle(target);
    let reached!: () => void;
    const atChecked = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = restoreBackup(target, backupFile, {
      step: async (step) => {
        if (step !== 'checked') return;
        reached();
        await gate;
      },
    });
    await atChecked;
    const during = await stateOf(target);

    const replacedBackupPath = safetyPath();
    const second = restoreBackup(other, backupFile, { replace: true, replacedBackupPath });
    await expect(second).rejects.toBeInstanceOf(DatabaseBusyError);
    await expect(second).rejects.toThrow(
      /^Another restore or backup of this database is running: wait for it to finish$/,
    );
    const out = fileNamed('beside-a-restore');
    await expect(writeBackupExclusively(other, out)).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(await stateOf(target)).toEqual(during);
    expect(existsSync(replacedBackupPath)).toBe(false);
    expect(existsSync(out)).toBe(false);

    release();
    await first;
    await writeBackupExclusively(other, out);
    expect((await verifyBackup(out)).uploads).toHaveLength(3);
    await restoreBackup(other, out, { replace: true, replacedBackupPath });
    expect(Object.keys(folderFiles(target.uploads))).toHaveLength(3);
  });
});

describe('an upload deleted by hand from the staging folder', () => {
  it('after a restore stopped while moving: reported by key, the rest finished, and backups go on', async () => {
    const target = await newTarget('lost-after-stop');
    const staged = `${target.uploads}-restoring`;
    // Stopped after its commit, at the first upload moved into place, as a killed process would be.
    let moved = 0;
    const stopped = restoreBackup(target, backupFile, {
      step: (step) => {
        if (step === 'upload-promoted' && ++moved === 1) throw new Error('stopped');
      },
    });
    await expect(stopped).rejects.toMatchObject({ databaseRestored: true, lostUploads: [] });
    const left = readdirSync(staged).filter(isBlobKey).sort();
    expect(left).toHaveLength(2);
    unlinkSync(join(staged, left[0]!));

    expect(await finishInterruptedRestore(target)).toEqual({ lostUploads: [left[0]] });
    expect(existsSync(staged)).toBe(false);
    const all = parts.manifest.uploads.map((u) => u.key).sort();
    expect(Object.keys(folderFiles(target.uploads))).toEqual(all.filter((key) => key !== left[0]));
    expect(await finishInterruptedRestore(target)).toBeUndefined();
    const out = fileNamed('after-lost');
    await writeBackupExclusively(target, out);
    expect((await verifyBackup(out)).uploads).toHaveLength(2);
  });

  it('between a restore’s commit and its move: the restore names it and says how to put it back, which works', async () => {
    const target = await newTarget('lost-after-commit');
    await restoreBackup(target, backupFile);
    // A backup sharing no upload with what is there, so the live store cannot stand in for a lost one.
    const fresh = crafted('fresh-uploads', (members, manifest) => {
      for (const upload of manifest.uploads) {
        const key = `${randomUUID()}.png`;
        member(members, upload.file).name = `uploads/${key}`;
        Object.assign(upload, { key, file: `uploads/${key}` });
      }
    });
    const freshKeys = (await verifyBackup(fresh)).uploads.map((u) => u.key).sort();
    const staged = `${target.uploads}-restoring`;
    let removed = '';
    const stopped = restoreBackup(target, fresh, {
      replace: true,
      replacedBackupPath: safetyPath(),
      step: (step) => {
        if (step !== 'committed') return;
        removed = readdirSync(staged).filter(isBlobKey).sort()[0]!;
        unlinkSync(join(staged, removed));
      },
    });
    const failure = await stopped.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(RestoreFailedError);
    expect(failure).toMatchObject({ databaseRestored: true, lostUploads: [removed] });
    expect((failure as Error).message).toBe(
      'The database holds the backup and the other uploads are in place, but ' +
        `1 upload the restored data names could not be put back (deleted from the staging folder before they were moved): ${removed}. ` +
        'They are in the file you restored: restore it again with --replace to put them back.',
    );
    expect(existsSync(staged)).toBe(false);
    expect(Object.keys(folderFiles(target.uploads))).toEqual(freshKeys.filter((key) => key !== removed));

    await restoreBackup(target, fresh, { replace: true, replacedBackupPath: safetyPath() });
    expect(Object.keys(folderFiles(target.uploads))).toEqual(freshKeys);
  });

  it('a journal that cannot be read is superseded by a restore with --replace, and only by one', async () => {
    const target = await newTarget('unreadable-journal');
    mkdirSync(`${target.uploads}-restoring`, { recursive: true });
    writeFileSync(join(`${target.uploads}-restoring`, 'journal.json'), '{"id":');
    await expect(restoreBackup(target, backupFile)).rejects.toThrow(
      'The journal of an interrupted restore is not readable: a restore with --replace supersedes it',
    );
    const restored = await restoreBackup(target, backupFile, { replace: true, replacedBackupPath: safetyPath() });
    expect(restored.superseded).toMatch(/not readable/);
    expect(Object.keys(folderFiles(target.uploads))).toHaveLength(3);
    expect(existsSync(`${target.uploads}-restoring`)).toBe(false);
  });
});

/** A target on disk (the child process opens it too): a PGlite folder, or a database of the test server. */
async function diskTarget(name: string): Promise<{ target: () => Promise<Target>; close: () => Promise<void> }> {
  const uploads = join(work, name, 'uploads');
  let database: DatabaseTarget = { kind: 'pglite', dataDir: join(work, name, 'pglite') };
  if (process.env['TEST_DATABASE_URL']) {
    const made = await createTestDatabase();
    databases.push(made);
    database = made.target;
  }
  let open: Kysely<Database> | undefined;
  return {
    target: async () => {
      const handle = await openOnDisk(database);
      open = handle.db;
      return { db: handle.db, kind: handle.kind, blobs: filesystemBlobStore(uploads), uploads, database };
    },
    close: async () => {
      await open?.destroy();
      open = undefined;
    },
  };
}

/** Runs a Node script in a process of its own; its output and how it ended. */
async function runNode(args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(process.execPath, args, { env });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const [status, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  return { status, signal, stdout, stderr };
}

/**
 * A process of its own opens the database and the schema catalog's throwaway database (backup-check.ts)
 * before it restores: seconds each on a busy 2-core machine.
 */
const CHILD_TIMEOUT = 180_000;

/** Runs a restore with --replace in a child process that kills itself at the nth time of a step. */
async function killedRestore(target: Target, file: string, killAt: { step: string; nth: number }) {
  const order = { target: target.database, uploads: target.uploads, file, replacedBackupPath: safetyPath(), killAt };
  const child = await runNode(['tests/support/restore-child.ts', JSON.stringify(order)]);
  expect(child.stderr).toBe('');
  expect(child.signal).toBe('SIGKILL');
}

describe('a restore killed part way', () => {
  it(
    'while it copies the uploads: the database and the uploads are as they were; the next restore goes through',
    async () => {
      const disk = await diskTarget('killed-copy');
      let target = await disk.target();
      await restoreBackup(target, backupFile);
      await target.db.updateTable('events').set({ title: 'Changed before the kill' }).execute();
      await target.blobs.put(`${randomUUID()}.png`, await png('#222222'));
      const state = await stateOf(target);
      await disk.close();

      await killedRestore(target, backupFile, { step: 'upload-staged', nth: 2 });

      target = await disk.target();
      const after = await stateOf(target);
      expect(after.tables).toEqual(state.tables);
      expect(after.uploads).toEqual(state.uploads);
      // The copies staged so far are left for the next restore, which empties the staging folder first.
      expect(Object.keys(after.staging)).toHaveLength(2);
      expect(await finishInterruptedRestore(target)).toBeUndefined();
      expect(await stateOf(target)).toEqual(after);

      await restoreBackup(target, backupFile, { replace: true, replacedBackupPath: safetyPath() });
      const restored = await stateOf(target);
      expect(restored.staging).toEqual({});
      expect(restored.uploads).toEqual(folderFiles(join(work, 'source-uploads')));
      expect(restored.tables['events']).toEqual((await tableRows(api.db))['events']);
      await disk.close();
    },
    CHILD_TIMEOUT,
  );

  it(
    'while it moves the uploads into place, after the commit: the next run finishes the moving',
    async () => {
      const disk = await diskTarget('killed-promotion');
      let target = await disk.target();
      await restoreBackup(target, backupFile);
      await target.db.updateTable('events').set({ title: 'Changed before the kill' }).execute();
      const own = `${randomUUID()}.png`;
      await target.blobs.put(own, await png('#333333'));
      await disk.close();

      await killedRestore(target, backupFile, { step: 'upload-promoted', nth: 1 });

      target = await disk.target();
      // The database took the backup; one upload is in place, two are staged, the one of its own still there.
      expect((await tableRows(target.db))['events']).toEqual((await tableRows(api.db))['events']);
      const stopped = await stateOf(target);
      expect(Object.keys(stopped.staging).sort()).toEqual(
        ['journal.json', ...parts.manifest.uploads.slice(1).map((u) => u.key)].sort(),
      );
      expect(Object.keys(stopped.uploads)).toContain(own);

      expect(await finishInterruptedRestore(target)).toMatchObject({
        replacedBackupPath: expect.stringMatching(/replaced-/),
      });
      const finished = await stateOf(target);
      expect(finished.uploads).toEqual(folderFiles(join(work, 'source-uploads')));
      expect(finished.staging).toEqual({});
      expect(finished.tables).toEqual(stopped.tables);
      await disk.close();
    },
    CHILD_TIMEOUT,
  );
});

describe('the restore command', () => {
  it(
    'prints, on a failure, that nothing changed, where the safety backup is and the command that puts it back; when done, the admin accounts',
    async () => {
      const dataDir = join(work, 'command-data');
      const env: Record<string, string> = {
        ...process.env,
        DATA_DIR: dataDir,
        SESSION_SECRET: 's'.repeat(40),
      } as never;
      if (process.env['TEST_DATABASE_URL']) {
        const database = await createTestDatabase();
        databases.push(database);
        env['DATABASE_URL'] = (database.target as { url: string }).url;
      } else delete env['DATABASE_URL'];
      const run = (...args: string[]) => runNode(['scripts/restore.ts', ...args], env);
      // A target holding data, as the command finds it (its database and DATA_DIR/uploads).
      const config = loadConfig(env);
      const handle = await openOnDisk(config.database);
      await restoreBackup(
        { db: handle.db, kind: handle.kind, blobs: filesystemBlobStore(join(dataDir, 'uploads')) },
        backupFile,
      );
      await handle.db.destroy();

      const broken = crafted('command-constraint', (members) => {
        const registrations = member(members, 'tables/registrations.jsonl');
        setLines(registrations, [...lines(registrations), lines(registrations)[0]!]);
      });
      const failed = await run(broken, '--replace');
      expect(failed.status).toBe(1);
      expect(failed.stderr).toMatch(
        /^The restore failed and changed nothing \(the database and the uploads are as they were\): /,
      );
      const kept = /kept in (\S+replaced-\S+\.tar\.gz)\n/.exec(failed.stderr)?.[1];
      expect(kept).toBeDefined();
      expect(existsSync(kept!)).toBe(true);
      expect(failed.stderr).toContain(
        `To put it back at any time: DATA_DIR=${dataDir} npm run restore -- ${kept} --replace`,
      );

      const refused = await run(
        crafted(
          'command-refused',
          () => {},
          (m) => (m.schemaVersion = 'unknown'),
        ),
        '--replace',
      );
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/^Refused, nothing was changed: The backup's schema \("unknown"\)/);

      // Done: it names the admin accounts the restored data brings (whoever holds them manages the site),
      // and DATA_DIR, opened up meanwhile, is its owner's alone again.
      chmodSync(dataDir, 0o755);
      const restored = await run(backupFile, '--replace');
      expect(restored.stderr).toBe('');
      expect(restored.status).toBe(0);
      const admins = await api.db
        .selectFrom('chapters')
        .select('email')
        .where('isAdmin', '=', true)
        .orderBy('createdAt')
        .execute();
      expect(admins.length).toBeGreaterThan(0);
      expect(restored.stdout).toContain(
        `Admin accounts in the restored data (each can sign in and manage the whole site): ${admins.map((a) => a.email).join(', ')}\n`,
      );
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    },
    CHILD_TIMEOUT,
  );
});
