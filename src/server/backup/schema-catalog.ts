import { connectDatabase } from '../db/connect.ts';
import { migrateTo } from '../db/migrate.ts';
import { catalogFromMigrations, type SchemaCatalog } from '../db/migration-catalog.ts';
import { listTables } from '../repositories/backup.repository.ts';

export type { SchemaCatalog } from '../db/migration-catalog.ts';

/**
 * The tables and columns of a schema version this code knows (isKnownMigration), learnt without
 * touching the database a restore goes into: read from the migrations themselves (no database, no
 * time), or, when a migration does what that reading cannot follow, from the catalog of a throwaway
 * in-memory database migrated to the version (exact, but PGlite's own set-up takes seconds and a few
 * hundred MB).
 */
export async function schemaCatalog(version: string): Promise<SchemaCatalog> {
  return (await catalogFromMigrations(version)) ?? migrated(version);
}

const known = new Map<string, Promise<SchemaCatalog>>();
/** migratedCatalog, once per version in a process. */
function migrated(version: string): Promise<SchemaCatalog> {
  let catalog = known.get(version);
  if (!catalog) {
    catalog = migratedCatalog(version);
    known.set(version, catalog);
    catalog.catch(() => known.delete(version));
  }
  return catalog;
}

/** The catalog of a throwaway in-memory database migrated to `version`. */
export async function migratedCatalog(version: string): Promise<SchemaCatalog> {
  const { db } = await connectDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    await migrateTo(db, version);
    return new Map((await listTables(db)).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
  } finally {
    await db.destroy();
  }
}
