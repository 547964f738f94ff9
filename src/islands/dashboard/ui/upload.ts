import { requestWithUploadProgress, type UploadProgressListener } from './api-upload.ts';
import { IMAGE_FIELD, imageFileProblem, sentImageProblem } from '../../../lib/image-upload.ts';
import { shrinkImage } from './shrink-image.ts';

export type UploadResult = { ok: true; url: string } | { ok: false; message: string };

/**
 * Checks the file, shrinks it in the browser when that helps (src/lib/shrink-image.ts), checks what will
 * be sent against the server's rules (so a large photo that shrinks under 5 MB goes through), then sends
 * it as multipart form data, telling the progress; resolves to the stored image's URL.
 */
export async function uploadImage(
  file: File,
  /** Told 0 once the image is ready to go (shrunk when that helps), then how much of it is sent. */
  onProgress: UploadProgressListener = () => {},
): Promise<UploadResult> {
  const problem = imageFileProblem(file);
  if (problem) return { ok: false, message: problem };
  const sent = await shrinkImage(file);
  const sentProblem = sentImageProblem(sent);
  if (sentProblem) return { ok: false, message: sentProblem };
  const form = new FormData();
  form.append(IMAGE_FIELD, sent);
  const result = await requestWithUploadProgress<{ url: string }>('POST', '/uploads', form, onProgress);
  if (result.ok) return { ok: true, url: result.data.url };
  return {
    ok: false,
    message: result.status === 0 ? 'Network error: the image could not be uploaded' : result.message,
  };
}
