import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/connect.ts';
import type { Database } from './db/schema.ts';
import type { BlogSource } from './blog/blog-source.ts';
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

/**
 * What the on-demand pages' server code (src/server/pages/) needs from its runtime, as ApiDeps is the
 * API's: built in runtime/page-deps.ts, from the API's own deps where one process serves both.
 */
export interface PageDeps {
  db: Kysely<Database>;
  blog: BlogSource;
  now: () => Date;
  /** The site's address for the links a page writes (a ticket's QR code, a certificate's verify link). */
  siteOrigin: () => string | undefined;
  /** SITE_URL: besides the request's own origin, the one a form may be posted from (same-origin.ts). */
  siteUrl?: string | undefined;
  /** The key sessions are signed with: the door pass link's page signs the pass's cookie with it. */
  sessionSecret: string;
  /** The CDN's cache: a form posted without script purges what it changed, as the API does. */
  pageCache: PageCache;
  /** The outbox's sender: whether the site sends e-mail, and a kick once a form's write queued some. */
  mail: Pick<Mailer, 'enabled' | 'kick'>;
}
