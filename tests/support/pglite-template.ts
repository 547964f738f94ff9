import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../../src/server/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated, empty PGlite database (see below), or '' when the tests run on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/**
 * The API tests' global set-up: PGlite's own set-up (its initdb, in WebAssembly) and the migrations cost
 * more than a second of CPU for every test server, and each test file starts at least one. They are done
 * once here; each test server then starts from a copy of this dump (test-database.ts), migrated and empty,
 * as a fresh database is once migrated. Each run writes its own file, deleted when the run ends.
 */
export default async function setup(project: TestProject) {
  if (process.env['TEST_DATABASE_URL']) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const pglite = await PGlite.create();
  const db = new Kysely<unknown>({ dialect: new PGliteDialect({ pglite }) });
  await migrateToLatest(db);
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  const dir = join('.tmp', 'pglite-templates');
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(file, { force: true });
}
