import type { Config } from '../config.ts';
import { connectDatabase, type DialectWrapper } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { ApiDeps } from '../deps.ts';
import { noPageCache } from '../caching/page-cache.ts';
import { createBlobStore } from '../storage/blob-store.ts';

/** Opens and migrates the configured database and returns what the API needs. */
export async function createDeps(config: Config, wrapDialect?: DialectWrapper): Promise<ApiDeps> {
  const database = await connectDatabase(config.database, wrapDialect);
  await migrateToLatest(database.db);
  return { config, database, blobs: await createBlobStore(config), now: () => new Date(), pageCache: noPageCache };
}
