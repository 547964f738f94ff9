import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { Hono } from 'hono';
import { currentUser, requireUser } from '../auth/session.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../env.ts';
import { badRequest, HttpError, notFound, payloadTooLarge, unsupportedMediaType } from '../http/errors.ts';
import { findUploadType, recordUpload } from '../repositories/uploads.repository.ts';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

/** Image types we accept, decided by the file's bytes, never its name or the client's claim. */
const IMAGE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

export function uploadRoutes({ database, blobs }: ApiDeps) {
  const db = database.db;
  return new Hono<AppEnv>()
    .post('/', requireUser, async (c) => {
      if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) {
        throw unsupportedMediaType('Send the image as multipart/form-data in the field "image"');
      }
      let form: Record<string, unknown>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw badRequest('Malformed multipart body');
      }
      const file = form['image'];
      if (!(file instanceof File))
        throw badRequest('Attach the image in the field "image"', [{ path: 'image', message: 'Image is required' }]);
      if (file.size > MAX_UPLOAD_BYTES) throw payloadTooLarge('Images must be 5 MB or smaller');
      if (file.size === 0) throw badRequest('The image is empty', [{ path: 'image', message: 'The image is empty' }]);

      const data = new Uint8Array(await file.arrayBuffer());
      const type = await fileTypeFromBuffer(data);
      const ext = type && IMAGE_TYPES[type.mime];
      if (!type || !ext) throw new HttpError(415, 'Only PNG, JPEG, WebP, GIF or AVIF images are accepted');

      const key = `${randomUUID()}.${ext}`;
      await blobs.put(key, data);
      await recordUpload(db, { key, contentType: type.mime, size: data.byteLength, createdBy: currentUser(c).id });
      return c.json({ success: true, url: `/api/v1/uploads/${key}` }, 201);
    })
    .get('/:key', async (c) => {
      const key = c.req.param('key');
      const contentType = await findUploadType(db, key);
      const data = contentType && (await blobs.get(key));
      if (!contentType || !data) throw notFound('Image not found');
      return c.body(data.slice().buffer, 200, {
        'Content-Type': contentType,
        'Cache-Control': 'public, max-age=31536000, immutable',
        // An image is never a document: no scripts even if a browser were tricked into rendering it.
        'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      });
    });
}
