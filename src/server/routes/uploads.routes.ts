import { fileTypeFromBuffer } from 'file-type';
import { Hono } from 'hono';
import { IMAGE_EXTENSIONS, IMAGE_FIELD, MAX_IMAGE_BYTES, imageProblems, isImageType } from '../../lib/image-upload.ts';
import { currentUser, requireUser } from '../auth/current-user.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { IMMUTABLE_CACHE_CONTROL } from '../caching/cache-headers.ts';
import { badRequest, notFound, payloadTooLarge, unsupportedMediaType } from '../http/errors.ts';
import { findUploadType } from '../repositories/uploads.repository.ts';
import { storeUpload } from '../services/uploads.service.ts';

/** The image plus the multipart envelope around it. */
export const UPLOAD_BODY_LIMIT = MAX_IMAGE_BYTES + 64 * 1024;

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
        throw badRequest('Malformed multipart body', undefined, 'malformed_body');
      }
      const file = form[IMAGE_FIELD];
      if (!(file instanceof File))
        throw badRequest(`Attach the image in the field "${IMAGE_FIELD}"`, [
          { path: IMAGE_FIELD, message: 'Image is required' },
        ]);
      if (file.size > MAX_IMAGE_BYTES) throw payloadTooLarge(imageProblems.tooLarge);
      if (file.size === 0) throw badRequest(imageProblems.empty, [{ path: IMAGE_FIELD, message: imageProblems.empty }]);

      const data = new Uint8Array(await file.arrayBuffer());
      // The type is decided by the file's bytes, never its name or the client's claim.
      const type = await fileTypeFromBuffer(data);
      if (!type || !isImageType(type.mime))
        throw unsupportedMediaType('Only PNG, JPEG, WebP, GIF or AVIF images are accepted');
      const image = { data, contentType: type.mime, ext: IMAGE_EXTENSIONS[type.mime] };
      const url = await storeUpload({ db, blobs, actor: currentUser(c) }, image);
      return c.json({ success: true, url }, 201);
    })
    .get('/:key', async (c) => {
      const key = c.req.param('key');
      const contentType = await findUploadType(db, key);
      // HEAD answers from the upload index alone (the local image CDN asks whether an upload still exists).
      if (contentType && c.req.method === 'HEAD')
        return c.body(null, 200, { 'Content-Type': contentType, 'Cache-Control': IMMUTABLE_CACHE_CONTROL });
      const data = contentType && (await blobs.get(key));
      if (!contentType || !data) throw notFound('Image not found', 'image_not_found');
      return c.body(data.slice().buffer, 200, {
        'Content-Type': contentType,
        'Cache-Control': IMMUTABLE_CACHE_CONTROL,
        // An image is never a document: no scripts even if a browser were tricked into rendering it.
        'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      });
    });
}
