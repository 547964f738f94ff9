import type { Config } from '../config.ts';
import { connectDatabase, type DialectWrapper } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { ApiDeps } from '../deps.ts';
import { noPageCache } from '../caching/page-cache.ts';
import { createMailer } from '../email/mailer.ts';
import { siteAddress } from '../http/site-origin.ts';
import { createBlobStore } from '../storage/blob-store.ts';

/**
 * Opens and migrates the configured database and returns what the API needs. `now` replaces the real
 * clock everywhere (the tests move it), the mailer's due times and retries included.
 */
export async function createDeps(
  config: Config,
  wrapDialect?: DialectWrapper,
  options: { now?: () => Date } = {},
): Promise<ApiDeps> {
  const database = await connectDatabase(config.database, wrapDialect);
  await migrateToLatest(database.db);
  const now = options.now ?? (() => new Date());
  // SITE_URL when set; otherwise the server names its own address once it listens (useOwnAddress).
  const site = siteAddress({ siteUrl: config.siteUrl, linkOrigin: config.mail.linkOrigin });
  return {
    config,
    database,
    blobs: await createBlobStore(config),
    now,
    pageCache: noPageCache,
    mail: createMailer({ db: database.db, config, now, site }),
    site,
  };
}
