import { API_BASE } from './api-client.ts';

/** What POST /api/v1/uploads accepts (it checks the content again; this saves a pointless upload). */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** For <input type="file" accept>. */
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

/** A message when the file cannot be an accepted image, otherwise undefined. */
export function imageFileProblem(file: { type: string; size: number }): string | undefined {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type))
    return 'Choose a PNG, JPEG, WebP, GIF or AVIF image';
  if (file.size > MAX_IMAGE_BYTES) return 'Images must be 5 MB or smaller';
  if (file.size === 0) return 'The image is empty';
  return undefined;
}

export type UploadResult = { ok: true; url: string } | { ok: false; message: string };

/** Checks the file, then sends it as the multipart field `image`; resolves to the stored image's URL. */
export async function uploadImage(file: File): Promise<UploadResult> {
  const problem = imageFileProblem(file);
  if (problem) return { ok: false, message: problem };
  const form = new FormData();
  form.append('image', file);
  try {
    const res = await fetch(`${API_BASE}/uploads`, { method: 'POST', body: form, credentials: 'same-origin' });
    const body = (await res.json().catch(() => ({}))) as { success?: boolean; url?: string; message?: string };
    if (body.success && body.url) return { ok: true, url: body.url };
    return { ok: false, message: body.message ?? `The image could not be uploaded (${res.status})` };
  } catch {
    return { ok: false, message: 'Network error: the image could not be uploaded' };
  }
}
