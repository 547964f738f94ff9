import { API_BASE } from '../../lib/api-base.ts';
import { auditedChange } from '../repositories/audit.repository.ts';
import { recordUpload } from '../repositories/uploads.repository.ts';
import { auditRow } from './audit.service.ts';
import { newUploadKey, type UploadExtension } from '../storage/blob-store.ts';
import type { EditDeps } from './edit-deps.ts';

/** An image whose type its bytes proved. */
export interface CheckedImage {
  data: Uint8Array;
  contentType: string;
  /** Its file extension, without the dot. */
  ext: UploadExtension;
}

/**
 * Stores an uploaded image under a new key: its bytes in the blob store, then its index row with its
 * audit row in one transaction. When that fails, the bytes go again: nothing points to them. Returns
 * the image's address.
 */
export async function storeUpload(
  { db, blobs, actor }: Pick<EditDeps, 'db' | 'blobs' | 'actor'>,
  { data, contentType, ext }: CheckedImage,
): Promise<string> {
  const key = newUploadKey(ext);
  await blobs.put(key, data);
  try {
    await auditedChange(
      db,
      (tx) => recordUpload(tx, { key, contentType, size: data.byteLength, createdBy: actor.id }),
      (after) => auditRow(actor, 'upload', { action: 'create', after }),
    );
  } catch (err) {
    await blobs.delete(key).catch(() => undefined);
    throw err;
  }
  return `${API_BASE}/uploads/${key}`;
}
