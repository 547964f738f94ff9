import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyBackup } from '../../src/server/backup/backup-check.ts';
import {
  LOCAL_BACKUP_CHECK_INTERVAL_MS,
  runScheduledJobs,
  startLocalJobs,
} from '../../src/server/jobs/scheduled-jobs.ts';
import { AUTOMATIC_BACKUPS_KEPT } from '../../src/server/services/backups.service.ts';
import { filesystemBackupStore } from '../../src/server/storage/backup-store.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, sampleEvent, type TestApi } from '../support/api-server.ts';

/**
 * Backups from the dashboard: admins download a fresh one or a kept automatic one (streamed, never
 * cached, audited when it starts); chapters get 403, strangers 401. The automatic run writes one a
 * day, keeps the last 14 and none older than the retention period. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'backup-downloads-'));
let clock = new Date('2030-03-01T00:00:00Z');
const RETENTION_DAYS = 30;
const setUp = useTestApi({
  chapters: { alpha: 'Alpha Chapter' },
  now: () => clock,
  config: {
    dataDir,
    blobStore: { kind: 'filesystem', dir: join(dataDir, 'uploads') },
    registrationRetentionDays: RETENTION_DAYS,
  },
});
let api: TestApi;
let admin: string;
let alpha: TestChapter;
beforeAll(async () => {
  ({ api, admin } = setUp);
  ({ alpha } = setUp.chapters);
  expect((await api.call('/events', json('POST', sampleEvent(), alpha.token))).status).toBe(201);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const store = filesystemBackupStore(join(dataDir, 'backups'));
const jobs = () => runScheduledJobs({ ...api.deps, now: () => clock, backups: { blobs: api.deps.blobs, store } });
const backupAudit = async () =>
  (await (await api.call('/audit?entity=backup', json('GET', undefined, admin))).json()).entries as {
    accountEmail: string;
    action: string;
    entityName: string;
    link: string | null;
  }[];

describe('who may download', () => {
  it.each(['/backups', '/backups/now', '/backups/backup-2030-03-01T00-00-00.000Z.tar.gz'])(
    '%s: 401 without a session, 403 for a chapter',
    async (path) => {
      expect((await api.call(path)).status).toBe(401);
      const res = await api.call(path, json('GET', undefined, alpha.token));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        success: false,
        code: 'forbidden',
        message: 'Only administrators can do this',
      });
    },
  );
});

describe('a fresh backup', () => {
  it('is streamed to the admin as a gzipped tar, never cached, and audited before its first byte', async () => {
    const res = await api.call('/backups/now', json('GET', undefined, admin));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-type')).toBe('application/gzip');
    const filename = /attachment; filename="(ieee-cs-bdc-backup-[^"]+\.tar\.gz)"/.exec(
      res.headers.get('content-disposition') ?? '',
    )?.[1];
    expect(filename).toBeDefined();
    // The headers are here and the body not yet read: the row is already written.
    expect(await backupAudit()).toEqual([
      expect.objectContaining({
        accountEmail: 'admin@test.example',
        action: 'create',
        entityName: filename,
        link: null,
      }),
    ]);
    const file = join(dataDir, 'downloaded.tar.gz');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const manifest = await verifyBackup(file);
    expect(manifest.tables.find((t) => t.name === 'events')?.rows).toBe(1);
    expect(manifest.tables.find((t) => t.name === 'chapters')?.rows).toBe(2);
  });
});

describe('automatic backups', () => {
  it('are listed for the admin and downloaded as they were kept', async () => {
    // None yet: the first is made at the next check, five minutes at most away.
    expect(await (await api.call('/backups', json('GET', undefined, admin))).json()).toEqual({
      success: true,
      backups: [],
      next: '2030-03-01T00:05:00.000Z',
      keep: { count: AUTOMATIC_BACKUPS_KEPT, days: RETENTION_DAYS },
    });
    const report = await jobs();
    expect(report.backup).toMatchObject({ written: { key: 'backup-2030-03-01T00-00-00.000Z.tar.gz' }, deleted: [] });
    const listed = await api.call('/backups', json('GET', undefined, admin));
    expect(listed.headers.get('cache-control')).toBe('private, no-store');
    const kept = readFileSync(join(dataDir, 'backups', 'backup-2030-03-01T00-00-00.000Z.tar.gz'));
    // The next once this one is a day old, at the check that follows.
    expect(await listed.json()).toEqual({
      success: true,
      backups: [
        { key: 'backup-2030-03-01T00-00-00.000Z.tar.gz', createdAt: '2030-03-01T00:00:00.000Z', bytes: kept.length },
      ],
      next: '2030-03-02T00:05:00.000Z',
      keep: { count: AUTOMATIC_BACKUPS_KEPT, days: RETENTION_DAYS },
    });
    // It holds password hashes and tickets: its owner alone reads it.
    expect(statSync(join(dataDir, 'backups', 'backup-2030-03-01T00-00-00.000Z.tar.gz')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'backups')).mode & 0o777).toBe(0o700);
    const res = await api.call('/backups/backup-2030-03-01T00-00-00.000Z.tar.gz', json('GET', undefined, admin));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(kept);
    expect((await backupAudit())[0]?.entityName).toBe('backup-2030-03-01T00-00-00.000Z.tar.gz');
  });

  it('answer 404 for a backup that is not kept, or a name that is no backup’s', async () => {
    for (const key of ['backup-2029-01-01T00-00-00.000Z.tar.gz', '..%2Fsession-secret', 'manifest.json'])
      expect((await api.call(`/backups/${key}`, json('GET', undefined, admin))).status, key).toBe(404);
  });

  it('are written once a day, the last 14 kept', async () => {
    clock = new Date('2030-03-01T23:00:00Z');
    expect((await jobs()).backup).toEqual({ written: undefined, deleted: [] });
    for (let day = 2; day <= 16; day++) {
      clock = new Date(`2030-03-${String(day).padStart(2, '0')}T00:00:00Z`);
      await jobs();
    }
    const keys = (await store.list()).map((b) => b.key);
    expect(keys).toHaveLength(AUTOMATIC_BACKUPS_KEPT);
    expect(keys[0]).toBe('backup-2030-03-16T00-00-00.000Z.tar.gz');
    expect(keys.at(-1)).toBe('backup-2030-03-03T00-00-00.000Z.tar.gz');
  });

  it('older than the retention period are deleted', async () => {
    // Twenty days without a run (a site switched off): the next run keeps nothing older than 30 days.
    clock = new Date('2030-04-05T00:00:00Z');
    const { backup } = await jobs();
    expect(backup).toMatchObject({ written: { key: 'backup-2030-04-05T00-00-00.000Z.tar.gz' } });
    const keys = (await store.list()).map((b) => b.key);
    expect(keys[0]).toBe('backup-2030-04-05T00-00-00.000Z.tar.gz');
    expect(keys.at(-1)).toBe('backup-2030-03-06T00-00-00.000Z.tar.gz');
    for (const b of await store.list())
      expect(clock.getTime() - Date.parse(b.createdAt)).toBeLessThanOrEqual(RETENTION_DAYS * 86_400_000);
  });

  it('are written by the local server, which checks every five minutes', async () => {
    const local = filesystemBackupStore(join(dataDir, 'local-backups'));
    const lines: string[] = [];
    // Only the intervals are faked: the database keeps its own timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const jobs = startLocalJobs(
        { ...api.deps, now: () => clock, backups: { blobs: api.deps.blobs, store: local } },
        (line) => lines.push(line),
      );
      vi.advanceTimersByTime(LOCAL_BACKUP_CHECK_INTERVAL_MS - 1);
      expect(await local.list()).toEqual([]);
      vi.advanceTimersByTime(1);
      await jobs.stop();
    } finally {
      vi.useRealTimers();
    }
    expect((await local.list()).map((b) => b.key)).toEqual(['backup-2030-04-05T00-00-00.000Z.tar.gz']);
    expect(lines).toEqual([
      expect.stringMatching(/^Wrote the automatic backup backup-2030-04-05T00-00-00\.000Z\.tar\.gz \(\d+ KB\)$/),
    ]);
  });
});
