import type { Kysely } from 'kysely';
import { API_BASE } from '../../lib/api-base.ts';
import type { Database } from '../db/schema.ts';
import { deleteUploadRecord, isUploadInUse } from '../repositories/uploads.repository.ts';
import { isBlobKey, type BlobStore } from '../storage/blob-store.ts';

/** What removing an unused upload needs: the index of uploads (and the records that use them), and the bytes. */
export interface UploadCleanupDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
}

const UPLOAD_PATH = `${API_BASE}/uploads/`;

/**
 * The upload key of an image address, when it is one of our uploads as the upload route hands them
 * out (/api/v1/uploads/{key}). Anything else (sample images, the site's own files, other sites) is
 * never ours to delete.
 */
export function ownUploadKey(url: string | undefined): string | undefined {
  if (!url?.startsWith(UPLOAD_PATH)) return undefined;
  const key = url.slice(UPLOAD_PATH.length);
  return isBlobKey(key) ? key : undefined;
}

/**
 * After a record let go of images (replaced, or the record deleted), removes each one that was our
 * upload and that no record shows any more: its index row, then its bytes. The edit is already saved,
 * so a failure here is logged, never the user's error; at worst the blob stays, as all did before.
 * Resized copies in the local image CDN's cache (DATA_DIR/image-cache) are left: they are keyed by the
 * source's bytes, which can no longer be fetched, so they are never served again; they only hold disk.
 */
export async function releaseUploads(
  { db, blobs }: UploadCleanupDeps,
  released: readonly (string | undefined)[],
  log: (line: string) => void = console.error,
): Promise<void> {
  const keys = new Set(released.map(ownUploadKey).filter((key) => key !== undefined));
  for (const key of keys) {
    try {
      if (await isUploadInUse(db, key)) continue;
      await deleteUploadRecord(db, key);
      await blobs.delete(key);
    } catch (err) {
      log(`Could not remove the unused upload ${key}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

/** The images an edit let go of: those it had before that it does not have after. */
export const replacedImages = (before: readonly string[], after: readonly string[]) =>
  before.filter((url) => !after.includes(url));
