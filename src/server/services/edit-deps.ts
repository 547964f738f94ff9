import type { Kysely } from 'kysely';
import type { PageCache } from '../caching/page-cache.ts';
import type { Database } from '../db/schema.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { Actor } from './audit.service.ts';

/**
 * What a staff edit needs: the database it writes, the CDN cache of the pages that show the result,
 * the blob store holding the uploaded images it may let go of, and who is editing (the audit trail
 * names them).
 */
export interface EditDeps {
  db: Kysely<Database>;
  pageCache: PageCache;
  blobs: BlobStore;
  actor: Actor;
}
