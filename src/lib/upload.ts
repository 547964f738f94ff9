import { request } from './api-client.ts';
import { IMAGE_FIELD, imageFileProblem } from './image-upload.ts';

export type UploadResult = { ok: true; url: string } | { ok: false; message: string };

/** Checks the file, then sends it as multipart form data; resolves to the stored image's URL. */
export async function uploadImage(file: File): Promise<UploadResult> {
  const problem = imageFileProblem(file);
  if (problem) return { ok: false, message: problem };
  const form = new FormData();
  form.append(IMAGE_FIELD, file);
  const result = await request<{ url: string }>('POST', '/uploads', { body: form });
  if (result.ok) return { ok: true, url: result.data.url };
  return {
    ok: false,
    message: result.status === 0 ? 'Network error: the image could not be uploaded' : result.message,
  };
}
