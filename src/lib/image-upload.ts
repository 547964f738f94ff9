/**
 * What POST /api/v1/uploads accepts: the server enforces it (deciding the type from the file's bytes)
 * and the browser checks the same rules before sending, to save a pointless upload.
 */

/** Accepted image types, each with the extension it is stored under. */
export const IMAGE_EXTENSIONS = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
} as const satisfies Record<string, string>;
export type ImageType = keyof typeof IMAGE_EXTENSIONS;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The multipart field the image travels in. */
export const IMAGE_FIELD = 'image';

/** For <input type="file" accept>. */
export const IMAGE_ACCEPT = Object.keys(IMAGE_EXTENSIONS).join(',');

/** The form hint under an image field (src/lib/shrink-image.ts does the shrinking; GIFs are sent as chosen). */
export const IMAGE_HINT =
  'PNG, JPEG, WebP, GIF or AVIF. Large images are resized to 2000 px before upload; 5 MB at most.';

export const imageProblems = {
  type: 'Choose a PNG, JPEG, WebP, GIF or AVIF image',
  tooLarge: 'Images must be 5 MB or smaller',
  empty: 'The image is empty',
} as const;

export function isImageType(type: string): type is ImageType {
  return Object.hasOwn(IMAGE_EXTENSIONS, type);
}

/**
 * A message when a chosen file can never be uploaded (not an accepted type, or empty), otherwise undefined.
 * Its size is not judged here: the browser shrinks a large image before sending, so the 5 MB rule applies
 * to what is sent (sentImageProblem).
 */
export function imageFileProblem(file: { type: string; size: number }): string | undefined {
  if (!isImageType(file.type)) return imageProblems.type;
  if (file.size === 0) return imageProblems.empty;
  return undefined;
}

/** A message when this file, as it is about to be sent, breaks the server's rules, otherwise undefined. */
export function sentImageProblem(file: { type: string; size: number }): string | undefined {
  const problem = imageFileProblem(file);
  if (problem) return problem;
  if (file.size > MAX_IMAGE_BYTES) return imageProblems.tooLarge;
  return undefined;
}
