import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { PostgresCluster } from '../../scripts/postgres-test-server.ts';
import { verifyBackup } from '../../src/server/backup/backup-check.ts';
import { samplePhoto } from '../support/sample-photo.ts';
import { ORIGIN, adminToken, setting, useStoppedCdn } from './walk.ts';

/**
 * Backups as Netlify runs them: the scheduled function writes one into the Blobs store "backups"
 * (Neon's driver reading the database, the uploads read from Netlify Blobs); the admin lists it and
 * downloads it through the API function, never cached; `npm run restore` loads it into a second
 * database, which then holds the site's rows and its uploads byte for byte.
 */
test.describe.configure({ mode: 'serial' });

const cdn = useStoppedCdn();
const POSTGRES = setting<PostgresCluster>('NETLIFY_TEST_POSTGRES');

const EVENT = {
  title: 'Backup Walk Meetup',
  eventDate: '2031-08-01',
  startTime: '10:00',
  endTime: '12:00',
  location: 'Dhaka',
  host: 'IEEE CS Bangladesh Chapter',
  registrationMethod: 'Offline',
  fees: 0,
  eventLink: 'https://example.org/unused',
  description: 'Backed up by the scheduled function.',
  registration: { mode: 'site' },
};

test('the scheduled function keeps a backup in Blobs; restored into a second database it holds the site', async ({
  request,
  baseURL,
}) => {
  const auth = { Authorization: `Bearer ${await adminToken(baseURL)}` };
  const photo = await samplePhoto();
  const uploaded = await request.post('/api/v1/uploads', {
    headers: auth,
    multipart: { image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(uploaded.status()).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };
  const key = url.split('/').at(-1)!;
  const created = await request.post('/api/v1/events', { headers: auth, data: { ...EVENT, banner: url } });
  expect(created.status()).toBe(201);
  const eventId = ((await created.json()) as { event: { id: string } }).event.id;
  const registered = await request.post(`/api/v1/events/${eventId}/registrations`, {
    data: { fullName: 'ব্যাকআপ পরীক্ষা', email: 'backup@netlify.test', consent: true },
  });
  expect(registered.status()).toBe(201);

  // Netlify runs it on its schedule; here the walk invokes it on the CLI, as Netlify's UI can.
  const run = await request.post(`${ORIGIN}/.netlify/functions/scheduled-jobs`);
  expect(run.status()).toBe(204);

  expect((await request.get('/api/v1/backups')).status()).toBe(401);
  const listed = await request.get('/api/v1/backups', { headers: auth });
  expect(listed.status()).toBe(200);
  expect(listed.headers()['cache-control']).toBe('private, no-store');
  const { backups } = (await listed.json()) as { backups: { key: string; bytes: number }[] };
  expect(backups).toHaveLength(1);
  const kept = backups[0]!;

  const download = await request.get(`/api/v1/backups/${kept.key}`, { headers: auth });
  expect(download.status()).toBe(200);
  expect(download.headers()['cache-control']).toBe('private, no-store');
  expect(download.headers()['content-type']).toBe('application/gzip');
  const body = await download.body();
  expect(body.length).toBe(kept.bytes);
  const work = mkdtempSync(join(tmpdir(), 'netlify-backup-'));
  const file = join(work, kept.key);
  writeFileSync(file, body);
  const manifest = await verifyBackup(file);
  expect(manifest.uploads.map((u) => u.key)).toContain(key);

  // A fresh one through the API function, streamed.
  const now = await request.get('/api/v1/backups/now', { headers: auth });
  expect(now.status()).toBe(200);
  expect(now.headers()['cache-control']).toBe('private, no-store');
  writeFileSync(join(work, 'now.tar.gz'), await now.body());
  expect((await verifyBackup(join(work, 'now.tar.gz'))).tables.map((t) => t.name)).toEqual(
    manifest.tables.map((t) => t.name),
  );
  expect(
    cdn()
      .held()
      .filter((copy) => copy.url.startsWith('/api/v1/backups')),
  ).toEqual([]);

  // The second database, on the same server, loaded by the restore command.
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${POSTGRES.port}/postgres` });
  await admin.connect();
  await admin.query('drop database if exists restored_walk');
  await admin.query('create database restored_walk');
  await admin.end();
  const restoredUrl = `postgres://postgres@127.0.0.1:${POSTGRES.port}/restored_walk`;
  const dataDir = join(work, 'data');
  const restore = spawnSync(process.execPath, ['scripts/restore.ts', file], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: restoredUrl, DATA_DIR: dataDir, SESSION_SECRET: 'r'.repeat(40) },
  });
  expect(restore.stderr).toBe('');
  expect(restore.status).toBe(0);

  const restored = new pg.Client({ connectionString: restoredUrl });
  await restored.connect();
  try {
    for (const table of manifest.tables) {
      const { rows } = await restored.query(`select count(*)::int as n from "${table.name}"`);
      expect(rows[0].n, table.name).toBe(table.rows);
    }
    const event = await restored.query('select title, banner from events where id = $1', [eventId]);
    expect(event.rows).toEqual([{ title: EVENT.title, banner: url }]);
    const registration = await restored.query('select full_name from registrations where event_id = $1', [eventId]);
    expect(registration.rows).toEqual([{ full_name: 'ব্যাকআপ পরীক্ষা' }]);
  } finally {
    await restored.end();
  }
  const served = await request.get(url);
  expect(readFileSync(join(dataDir, 'uploads', key))).toEqual(await served.body());
});
