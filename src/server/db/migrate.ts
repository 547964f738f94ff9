import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations } from './migrations/index.ts';

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error ?? 'unknown error'));
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, { cause });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Whether this code knows a migration by that name (a backup made by a newer version names one it doesn't). */
export const isKnownMigration = (name: string) => Object.hasOwn(migrations, name);

/** The migrations this code knows, in the order they run, up to and including `name`. */
export function migrationsUpTo(name: string): string[] {
  const names = Object.keys(migrations);
  return names.slice(0, names.indexOf(name) + 1);
}

/** Migrates up (or down) to the named migration: a restore first brings an empty database to the backup's version. */
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateTo(name);
  const failed = results.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error ?? 'unknown error'));
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, { cause });
  }
}
