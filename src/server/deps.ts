import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/connect.ts';
import type { PageCache } from './caching/page-cache.ts';
import type { BlobStore } from './storage/blob-store.ts';
import type { Mailer } from './email/mailer.ts';
import type { SiteAddress } from './http/site-origin.ts';

/** What the API needs from its runtime; the Node server and the Netlify function each build one. */
export interface ApiDeps {
  config: Config;
  database: DatabaseHandle;
  blobs: BlobStore;
  /** The clock, injectable so tests can move time (rate limits, upcoming events). */
  now: () => Date;
  /** The CDN cache of the on-demand pages, purged after staff edits (a no-op on the local server). */
  pageCache: PageCache;
  /** Sends the e-mail outbox; routes kick it after a registration commits (http/send-mail-soon.ts). */
  mail: Mailer;
  /** The site's address, the origin of every link it writes (mail, tickets, certificates). */
  site: SiteAddress;
}
