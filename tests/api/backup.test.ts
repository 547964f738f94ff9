import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { writeBackupFile, type BackupManifest, type BackupTarget } from '../../src/server/backup/archive.ts';
import { verifyBackup } from '../../src/server/backup/backup-check.ts';
import { BackupRefusedError } from '../../src/server/backup/backup-errors.ts';
import { restoreBackup } from '../../src/server/backup/restore.ts';
import { schemaCatalog } from '../../src/server/backup/schema-catalog.ts';
import { catalogFromMigrations } from '../../src/server/db/migration-catalog.ts';
import { listTables } from '../../src/server/repositories/backup.repository.ts';
import { connectDatabase } from '../../src/server/db/connect.ts';
import { migrateTo } from '../../src/server/db/migrate.ts';
import { migrations } from '../../src/server/db/migrations/index.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { verifyPageData } from '../../src/server/pages/certificate-page.ts';
import { deletePersonalDataOfPastEvents } from '../../src/server/services/registrations.service.ts';
import { filesystemBlobStore, type BlobStore } from '../../src/server/storage/blob-store.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, sampleExcomMember, type TestApi } from '../support/api-server.ts';
import { attendanceHelpers } from '../support/attendance.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * Backup and restore: every table and every upload go into one file and come back equal, row for row
 * and byte for byte; the API answers the same on the restored copy; a database holding data is
 * refused unless replaced. Bad files and failures part way: backup-restore-safety.test.ts. PGlite, and
 * PostgreSQL with TEST_DATABASE_URL.
 */
const START = new Date('2030-03-01T00:00:00Z');
let clock = START;
const work = mkdtempSync(join(tmpdir(), 'backup-test-'));
const sourceUploads = join(work, 'source-uploads');
const setUp = useTestApi({
  chapters: { alpha: 'Alpha Chapter' },
  now: () => clock,
  config: { blobStore: { kind: 'filesystem', dir: sourceUploads } },
});
let api: TestApi;
let app: ReturnType<typeof createApi>;
let admin: string;
let alpha: TestChapter;
const { createEvent, register, checkIn } = attendanceHelpers(
  () => api,
  () => app,
);

/** A fresh, never migrated database and an empty upload folder, dropped after the file. */
const opened: { database: TestDatabase; db: Kysely<Database> }[] = [];
async function emptyTarget(name: string): Promise<BackupTarget & { database: TestDatabase; dir: string }> {
  const database = await createTestDatabase();
  const handle = await connectDatabase(database.target);
  opened.push({ database, db: handle.db });
  const dir = join(work, name);
  return { db: handle.db, kind: handle.kind, blobs: filesystemBlobStore(dir), database, dir };
}
afterAll(async () => {
  for (const { database, db } of opened) {
    await db.destroy();
    await database.drop();
  }
  rmSync(work, { recursive: true, force: true });
});

const source = (): BackupTarget => ({ db: api.db, kind: api.deps.database.kind, blobs: api.deps.blobs });

async function upload(token: string, color: string): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: color } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const res = await api.call('/uploads', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(201);
  return (await res.json()).url as string;
}

/** The tables as the database itself lists them (not the backup's own catalog query), Kysely's left out. */
async function databaseTables(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
        and table_name not in ('kysely_migration', 'kysely_migration_lock')
      order by table_name`.execute(db);
  return rows.map((r) => r.name);
}

/** Every row of a table as the driver reads it, in a stable order. */
async function rowsOf(db: Kysely<Database>, table: string) {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.raw(`"${table}"`)}`.execute(db);
  return rows.map((r) => JSON.stringify(r)).sort();
}

async function uploadsOf(blobs: BlobStore): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  for await (const key of blobs.keys()) found.set(key, Buffer.from((await blobs.get(key))!));
  return found;
}

let ticket: string;
let certificateId: string;
let eventId: string;
let backupFile: string;
let manifest: BackupManifest;

beforeAll(async () => {
  ({ api, admin } = setUp);
  ({ alpha } = setUp.chapters);
  app = createApi({ ...api.deps, now: () => clock });

  // Sample data through the API: an event with a banner upload, registrants, check-ins, certificates.
  const banner = await upload(alpha.token, '#1447e1');
  const photo = await upload(alpha.token, '#e11447');
  expect((await api.call('/excom', json('POST', sampleExcomMember({ image: photo }), alpha.token))).status).toBe(201);
  const event = await createEvent(alpha.token, {
    title: 'কর্মশালা: Backup Workshop',
    banner,
    fees: 150.25,
    registration: { mode: 'site', questions: ['Department'] },
  });
  eventId = event.id;
  const first = await register(event.id, { fullName: 'তাসনিম রহমান', answers: ['CSE'] });
  await register(event.id, { fullName: 'Arif Hossain', answers: ['Physics'] });
  await register(event.id, { fullName: 'Nobody Came', answers: ['EEE'] });
  ticket = first.ticket;
  clock = new Date('2030-03-10T04:05:00Z');
  expect((await checkIn(event.id, { ticket }, alpha.token)).status).toBe(200);
  // Certificates are issued once the event has ended (13:00 in Dhaka).
  clock = new Date('2030-03-10T07:30:00Z');
  const issued = await api.call(`/events/${event.id}/certificates`, json('POST', undefined, alpha.token));
  certificateId = (await issued.json()).certificates[0].id;
  expect(
    (await api.call('/contact', json('POST', { name: 'Visitor', email: 'v@example.org', message: 'Hello there!' })))
      .status,
  ).toBe(201);

  backupFile = join(work, 'chapter.tar.gz');
  manifest = await writeBackupFile(source(), backupFile, clock);
});

describe('the backup file', () => {
  it('holds every table the database has (a table added without being backed up fails here)', async () => {
    expect(manifest.tables.map((t) => t.name).sort()).toEqual(await databaseTables(api.db));
  });

  it('is a gzipped tar that tar itself reads: tables as JSON lines, uploads as files, a manifest', () => {
    const listing = execFileSync('tar', ['tzf', backupFile], { encoding: 'utf8' }).trim().split('\n');
    expect(listing.at(-1)).toBe('manifest.json');
    expect(listing).toEqual([
      ...manifest.tables.map((t) => t.file),
      ...manifest.uploads.map((u) => u.file),
      'manifest.json',
    ]);
    const out = join(work, 'extracted');
    execFileSync('mkdir', ['-p', out]);
    execFileSync('tar', ['xzmf', backupFile, '-C', out]);
    const lines = readFileSync(join(out, 'tables/registrations.jsonl'), 'utf8').trim().split('\n');
    expect(lines.map((l) => JSON.parse(l).full_name).sort()).toEqual(['Arif Hossain', 'Nobody Came', 'তাসনিম রহমান']);
    const onDisk = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(onDisk.schemaVersion).toBe(Object.keys(migrations).at(-1));
    const sha = execFileSync('sha256sum', [join(out, 'tables/registrations.jsonl')], { encoding: 'utf8' }).split(
      ' ',
    )[0];
    expect(onDisk.tables.find((t) => t.name === 'registrations')).toMatchObject({ rows: 3, sha256: sha });
  });

  it('puts each table after the tables it refers to', () => {
    const order = manifest.tables.map((t) => t.name);
    expect(order.indexOf('chapters')).toBeLessThan(order.indexOf('events'));
    expect(order.indexOf('events')).toBeLessThan(order.indexOf('registrations'));
    expect(order.indexOf('registrations')).toBeLessThan(order.indexOf('check_ins'));
    expect(order.indexOf('registrations')).toBeLessThan(order.indexOf('certificates'));
  });
});

describe('a restore into a fresh database and store', () => {
  let target: Awaited<ReturnType<typeof emptyTarget>>;
  let restoredApp: ReturnType<typeof createApi>;
  /** The API on the restored copy (the same configuration, so the same signing secret). */
  const original = { call: (path: string, init?: RequestInit) => app.request(`/api/v1${path}`, init) };
  const restored = { call: (path: string, init?: RequestInit) => restoredApp.request(`/api/v1${path}`, init) };
  beforeAll(async () => {
    target = await emptyTarget('restored-uploads');
    await restoreBackup(target, backupFile);
    restoredApp = createApi({
      ...api.deps,
      database: { db: target.db, kind: target.kind },
      blobs: target.blobs,
      now: () => clock,
    });
  });

  it('holds every table row for row and every upload byte for byte', async () => {
    const tables = await databaseTables(api.db);
    expect(await databaseTables(target.db)).toEqual(tables);
    for (const table of ['registrations', 'check_ins', 'certificates', 'audit_log', 'uploads', 'email_outbox'])
      expect((await rowsOf(api.db, table)).length, table).toBeGreaterThan(0);
    for (const table of tables) expect(await rowsOf(target.db, table), table).toEqual(await rowsOf(api.db, table));
    const uploads = await uploadsOf(api.deps.blobs);
    expect(uploads.size).toBe(2);
    expect(await uploadsOf(target.blobs)).toEqual(uploads);
  });

  it('answers the API’s calls as the original does: events, a ticket, a verify page, the audit trail', async () => {
    for (const path of [
      '/events',
      `/events/${eventId}`,
      `/tickets/${ticket}`,
      '/chapters/alpha',
      `/events/${eventId}/registration`,
    ]) {
      const [before, after] = await Promise.all([original.call(path), restored.call(path)]);
      expect(after.status, path).toBe(200);
      expect(await after.json(), path).toEqual(await before.json());
    }
    const audit = '/audit?pageSize=100';
    const [before, after] = await Promise.all([
      original.call(audit, json('GET', undefined, admin)),
      restored.call(audit, json('GET', undefined, admin)),
    ]);
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual(await before.json());
    const verify = await verifyPageData({ db: target.db, now: () => clock } as never, certificateId);
    expect(verify).toEqual(await verifyPageData({ db: api.db, now: () => clock } as never, certificateId));
    expect(verify?.fullName).toBe('তাসনিম রহমান');
    const image = (await (await restored.call(`/events/${eventId}`)).json()).event.banner as string;
    const [a, b] = await Promise.all([
      original.call(image.replace('/api/v1', '')),
      restored.call(image.replace('/api/v1', '')),
    ]);
    expect(Buffer.from(await b.arrayBuffer())).toEqual(Buffer.from(await a.arrayBuffer()));
  });

  it('goes on where the original left off: a new registration takes the next place in line', async () => {
    // On the event's day, while it still takes registrations (the backup was made after its end).
    const after = clock;
    clock = new Date('2030-03-10T04:30:00Z');
    const res = await restoredApp.request(
      `/api/v1/events/${eventId}/registrations`,
      json('POST', { fullName: 'Late Comer', email: 'late@example.org', consent: true, answers: ['ME'] }),
      { incoming: { socket: { remoteAddress: '10.8.0.1' } } },
    );
    clock = after;
    expect(res.status).toBe(201);
    const seqs = await target.db
      .selectFrom('registrations')
      .select(['email', 'seq'])
      .where('eventId', '=', eventId)
      .orderBy('seq')
      .execute();
    expect(seqs.at(-1)?.email).toBe('late@example.org');
    expect(new Set(seqs.map((r) => String(r.seq))).size).toBe(seqs.length);
  });
});

describe('refusals', () => {
  it('refuses a database holding data unless told to replace it, and then keeps a backup of what it replaced', async () => {
    const target = await emptyTarget('busy-uploads');
    await restoreBackup(target, backupFile);
    await target.db.updateTable('events').set({ title: 'Changed since' }).execute();
    await expect(restoreBackup(target, backupFile)).rejects.toBeInstanceOf(BackupRefusedError);
    expect((await target.db.selectFrom('events').select('title').executeTakeFirst())?.title).toBe('Changed since');

    const kept = join(work, 'replaced.tar.gz');
    const result = await restoreBackup(target, backupFile, { replace: true, replacedBackupPath: kept });
    expect(result.replacedBackupPath).toBe(kept);
    expect((await target.db.selectFrom('events').select('title').executeTakeFirst())?.title).toBe(
      'কর্মশালা: Backup Workshop',
    );
    const before = await verifyBackup(kept);
    expect(before.tables.find((t) => t.name === 'events')?.rows).toBe(1);
    expect(execFileSync('tar', ['xzOf', kept, 'tables/events.jsonl'], { encoding: 'utf8' })).toContain('Changed since');
  });
});

describe('schema versions', () => {
  it('accepts the tables and columns a migrated database has, at every version (read from the migrations)', async () => {
    const target = await emptyTarget('catalog-uploads');
    let read = 0;
    for (const version of Object.keys(migrations)) {
      await migrateTo(target.db, version);
      const database = new Map(
        (await listTables(target.db)).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]),
      );
      expect(await schemaCatalog(version), version).toEqual(database);
      const fromMigrations = await catalogFromMigrations(version);
      if (fromMigrations) read++;
      if (fromMigrations) expect(fromMigrations, version).toEqual(database);
    }
    expect(read).toBeGreaterThan(0);
  });

  it('restores a backup made at an older schema: migrated to it, loaded, then migrated forward', async () => {
    const old = await emptyTarget('old-uploads');
    const version = '2026-11-27T0100-registrations';
    await migrateTo(old.db, version);
    const chapter = await old.db
      .insertInto('chapters')
      .values({ name: 'Old', email: 'old@example.org', passwordHash: 'x', phone: '', slug: 'old' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into events (chapter_id, title, event_date, start_time, end_time, location, host,
        registration_method, fees, banner, event_link, description)
      values (${chapter.id}, 'Before certificates', '2030-01-01', '10:00', '11:00', 'Dhaka', 'Host', 'Online', 0, '', '', '')`.execute(
      old.db,
    );
    const file = join(work, 'old.tar.gz');
    const made = await writeBackupFile(old, file);
    expect(made.schemaVersion).toBe(version);

    const target = await emptyTarget('from-old-uploads');
    await restoreBackup(target, file);
    const event = await target.db.selectFrom('events').selectAll().executeTakeFirstOrThrow();
    expect(event).toMatchObject({ title: 'Before certificates', certificatesAuto: true });
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(target.db);
    expect(rows.map((r) => r.name)).toEqual(Object.keys(migrations));
  });
});

describe('retention', () => {
  it('a registration deleted by retention is in no backup made after', async () => {
    const past = await createEvent(alpha.token, { title: 'Long Ago', eventDate: '2030-03-20' });
    await register(past.id, { fullName: 'Forgotten Person', email: 'forgotten@example.org' });
    const beforeFile = join(work, 'before-retention.tar.gz');
    await writeBackupFile(source(), beforeFile, clock);
    expect(gunzipSync(readFileSync(beforeFile)).includes('forgotten@example.org')).toBe(true);

    clock = new Date('2031-06-01T00:00:00Z');
    expect(
      await deletePersonalDataOfPastEvents(api.db, clock, api.deps.config.registrationRetentionDays),
    ).toBeGreaterThan(0);
    const afterFile = join(work, 'after-retention.tar.gz');
    await writeBackupFile(source(), afterFile, clock);
    const tar = gunzipSync(readFileSync(afterFile));
    expect(tar.includes('forgotten@example.org')).toBe(false);
    expect(tar.includes('Forgotten Person')).toBe(false);
  });
});
