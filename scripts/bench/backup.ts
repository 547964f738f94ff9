import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../../src/server/config.ts';
import { connectDatabase } from '../../src/server/db/connect.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { bootstrap } from '../../src/server/runtime/bootstrap.ts';
import { findPostgresBin, startPostgres } from '../postgres-test-server.ts';

/**
 * `npm run bench -- backup`: `npm run backup`, `npm run restore` into an empty target and
 * `npm run restore -- --replace` over what that restored (each in a process of its own, as a volunteer
 * runs them) on a generated chapter: the sample data, one event with REGISTRATIONS
 * registrations and UPLOAD_MB of uploads (random bytes in 2 MB files: nothing compresses), on PGlite
 * and on a throwaway PostgreSQL (TEST_DATABASE_URL's server when set). Each command prints its tables,
 * rows, bytes, time and peak memory (RSS); a run with 1,000 registrations beside it shows whether
 * memory grows with the data. Figures only, never pass/fail. BENCH_BACKUP_UPLOAD_MB overrides the
 * uploads (default 1024, a gigabyte; about 5 GB of temporary disk at the peak).
 */
const REGISTRATIONS = [1_000, 100_000];
const UPLOAD_MB = Number(process.env['BENCH_BACKUP_UPLOAD_MB'] ?? 1024);
const UPLOAD_FILE_MB = 2;
const run = promisify(execFile);

/** A new database on the server for one run, dropped at the end (the server may be shared). */
function databases(serverUrl: string) {
  const made: string[] = [];
  const admin = async (statement: string) => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    async fresh(): Promise<string> {
      const name = `bench_backup_${randomBytes(6).toString('hex')}`;
      await admin(`create database ${name}`);
      made.push(name);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return url.href;
    },
    async dropAll() {
      for (const name of made.splice(0)) await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

async function fill(env: Record<string, string>, registrations: number, uploadMb: number) {
  const config = loadConfig({ ...env, SESSION_SECRET: 'bench-session-secret-that-is-long-enough', SAMPLE_DATA: '1' });
  const { db } = await connectDatabase(config.database);
  try {
    await migrateToLatest(db);
    await bootstrap(db, config);
    const event = await db.selectFrom('events').select('id').executeTakeFirstOrThrow();
    await sql`insert into registrations (event_id, ticket, full_name, email, phone, institution, answers, status)
      select ${event.id}::uuid, md5(g::text) || md5((g * 7)::text), 'Registrant ' || g, 'person' || g || '@example.org',
        '+8801711' || lpad(g::text, 6, '0'), 'University ' || (g % 50), '["CSE", "Yes"]'::jsonb, 'confirmed'
      from generate_series(1, ${registrations}::int) g`.execute(db);
  } finally {
    await db.destroy();
  }
  if (config.blobStore.kind !== 'filesystem') return;
  mkdirSync(config.blobStore.dir, { recursive: true });
  for (let mb = 0; mb < uploadMb; mb += UPLOAD_FILE_MB)
    writeFileSync(join(config.blobStore.dir, `${randomUUID()}.webp`), randomBytes(UPLOAD_FILE_MB * 1024 * 1024));
}

async function roundTrip(label: string, source: Record<string, string>, target: Record<string, string>, file: string) {
  const env = (extra: Record<string, string>) => ({ ...process.env, SESSION_SECRET: 'x'.repeat(40), ...extra });
  const backup = await run(process.execPath, ['scripts/backup.ts', '--out', file], { env: env(source) });
  const restore = await run(process.execPath, ['scripts/restore.ts', file], { env: env(target) });
  // Again over what it restored: the safety backup first, then the load, its uploads staged and moved.
  const replace = await run(process.execPath, ['scripts/restore.ts', file, '--replace'], { env: env(target) });
  console.log(`  ${label}`);
  for (const line of `backup:  ${backup.stdout}restore: ${restore.stdout}restore --replace: ${replace.stdout}`
    .trim()
    .split('\n'))
    console.log(`    ${line}`);
}

export async function benchBackup(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'bench-backup-'));
  const pg = process.env['TEST_DATABASE_URL']
    ? { url: process.env['TEST_DATABASE_URL'], stop: async () => {} }
    : findPostgresBin()
      ? await startPostgres(findPostgresBin()!)
      : undefined;
  const dbs = pg && databases(pg.url);
  try {
    console.log(
      `\nBackup and restore (npm run backup / npm run restore), uploads ${UPLOAD_MB} MB with the larger run:`,
    );
    for (const registrations of REGISTRATIONS) {
      const uploads = registrations === REGISTRATIONS.at(-1) ? UPLOAD_MB : 0;
      const dir = (name: string) => join(work, `${name}-${registrations}`);
      const sourceEnv = { DATA_DIR: dir('pglite') };
      await fill(sourceEnv, registrations, uploads);
      await roundTrip(
        `PGlite, ${registrations} registrations`,
        sourceEnv,
        { DATA_DIR: dir('pglite-restored') },
        join(work, `pglite-${registrations}.tar.gz`),
      );
      rmSync(dir('pglite'), { recursive: true, force: true });
      rmSync(dir('pglite-restored'), { recursive: true, force: true });
      rmSync(join(work, `pglite-${registrations}.tar.gz`), { force: true });
      if (!dbs) continue;
      const pgSource = { DATA_DIR: dir('pg'), DATABASE_URL: await dbs.fresh() };
      await fill(pgSource, registrations, uploads);
      await roundTrip(
        `PostgreSQL, ${registrations} registrations`,
        pgSource,
        { DATA_DIR: dir('pg-restored'), DATABASE_URL: await dbs.fresh() },
        join(work, `pg-${registrations}.tar.gz`),
      );
      rmSync(dir('pg'), { recursive: true, force: true });
      rmSync(dir('pg-restored'), { recursive: true, force: true });
      rmSync(join(work, `pg-${registrations}.tar.gz`), { force: true });
      await dbs.dropAll();
    }
    if (!pg) console.log('  PostgreSQL: no server (TEST_DATABASE_URL) nor binaries (PG_BIN); skipped.');
  } finally {
    await dbs?.dropAll();
    await pg?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
