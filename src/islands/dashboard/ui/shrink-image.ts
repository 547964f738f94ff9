/**
 * Shrinks an image in the browser before it is uploaded: at most MAX_IMAGE_SIDE pixels on its longest
 * side, encoded as WebP. Photos straight from a phone are often 4000 px and 5-10 MB; the site never shows
 * them larger than 2000 px, so sending them whole wastes the uploader's bandwidth and the storage.
 *
 * What is sent as chosen, untouched:
 * - GIFs, and animated PNG, WebP and AVIF: a canvas would keep only the first frame, silently turning an
 *   animation into a still. A GIF larger than 5 MB is refused by the size rule instead.
 * - A WebP of at most MAX_IMAGE_SIDE px (and within the size limit): re-encoding it only loses quality.
 * - A file the browser cannot decode or encode: the server judges it as it is.
 * - A file of at most MAX_IMAGE_SIDE px whose WebP comes out no smaller (a small or flat PNG).
 */
import { MAX_IMAGE_BYTES, isImageType } from '../../../lib/image-upload.ts';

export const MAX_IMAGE_SIDE = 2000;
/** Good for photos, with no visible loss at the sizes the site shows them. */
export const WEBP_QUALITY = 0.85;
export const SHRUNK_TYPE = 'image/webp';

export interface Size {
  width: number;
  height: number;
}

/** The size an image is drawn at: scaled down, proportions kept, so that its longest side is at most `max`. */
export function fitWithin({ width, height }: Size, max = MAX_IMAGE_SIDE): Size {
  const longest = Math.max(width, height);
  if (longest <= max) return { width, height };
  const scale = max / longest;
  // The longest side is exactly `max`; rounding only ever touches the other one.
  return width >= height
    ? { width: max, height: Math.max(1, Math.round(height * scale)) }
    : { width: Math.max(1, Math.round(width * scale)), height: max };
}

/** A decoded still image as chosen: its type and bytes, and its size in pixels (EXIF orientation applied). */
export interface ChosenImage extends Size {
  type: string;
  size: number;
}

/** Whether drawing and encoding a decoded still image can help (see the module's comment for when it cannot). */
export function worthReencoding(image: ChosenImage): boolean {
  if (Math.max(image.width, image.height) > MAX_IMAGE_SIDE) return true;
  return !(image.type === SHRUNK_TYPE && image.size <= MAX_IMAGE_BYTES);
}

/** Which file to send once the image has been re-encoded. */
export function pickSent(original: ChosenImage, encoded: { type: string; size: number }): 'original' | 'encoded' {
  // A browser without a WebP encoder hands back a PNG (Safari): still an accepted type.
  if (!isImageType(encoded.type)) return 'original';
  // Too many pixels: the size rule of the site wins, whatever the bytes.
  if (Math.max(original.width, original.height) > MAX_IMAGE_SIDE) return 'encoded';
  return encoded.size < original.size ? 'encoded' : 'original';
}

const ascii = (bytes: Uint8Array, at: number, length = 4) => String.fromCharCode(...bytes.subarray(at, at + length));
const uint32 = (bytes: Uint8Array, at: number) =>
  ((bytes[at] ?? 0) * 2 ** 24 + ((bytes[at + 1] ?? 0) << 16) + ((bytes[at + 2] ?? 0) << 8) + (bytes[at + 3] ?? 0)) >>>
  0;

/** How much of a file isAnimated() needs: PNG's acTL comes before the image data, the others' flags at the start. */
export const ANIMATION_HEADER_BYTES = 256 * 1024;

/**
 * Whether the start of an image file says it is animated: any GIF (animated or not, it is kept as it is),
 * a PNG with an acTL chunk (APNG), a WebP whose VP8X header has the animation flag, an AVIF image sequence.
 */
export function isAnimated(bytes: Uint8Array): boolean {
  if (ascii(bytes, 0, 3) === 'GIF') return true;
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8) === 'WEBP')
    return ascii(bytes, 12) === 'VP8X' && ((bytes[20] ?? 0) & 0x02) !== 0;
  if (ascii(bytes, 1, 3) === 'PNG') {
    // Chunks: 4-byte length, 4-byte type, data, 4-byte CRC; the animation control chunk precedes IDAT.
    for (let at = 8; at + 8 <= bytes.length;) {
      const type = ascii(bytes, at + 4);
      if (type === 'acTL') return true;
      if (type === 'IDAT' || type === 'IEND') return false;
      at += 12 + uint32(bytes, at);
    }
    return false;
  }
  if (ascii(bytes, 4) === 'ftyp') {
    // An AVIF image sequence names the 'avis' brand, as its major brand or among the compatible ones.
    const boxEnd = Math.min(uint32(bytes, 0), bytes.length);
    for (let at = 8; at + 4 <= boxEnd; at += 4) if (ascii(bytes, at) === 'avis') return true;
  }
  return false;
}

/** The file's name with the extension of its new type. */
export function renamed(name: string, type: string): string {
  const extension = type.split('/')[1] ?? 'img';
  const base = name.replace(/\.[^./]*$/, '') || 'image';
  return `${base}.${extension}`;
}

/** The bitmap drawn at this size on a fresh canvas and encoded as WebP; null when the browser has no 2D canvas. */
async function encode(bitmap: ImageBitmap, { width, height }: Size): Promise<Blob | null> {
  // OffscreenCanvas keeps the page's own canvas list clean and its convertToBlob is promise-based.
  const offscreen = typeof OffscreenCanvas !== 'undefined';
  const canvas = offscreen ? new OffscreenCanvas(width, height) : document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) return null;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  if (canvas instanceof HTMLCanvasElement)
    return new Promise((resolve) => canvas.toBlob(resolve, SHRUNK_TYPE, WEBP_QUALITY));
  return canvas.convertToBlob({ type: SHRUNK_TYPE, quality: WEBP_QUALITY });
}

/** The file to upload for a chosen image: shrunk to WebP when that helps, otherwise the file itself. */
export async function shrinkImage(file: File): Promise<File> {
  // Any GIF counts as animated (see isAnimated): sent as chosen.
  if (isAnimated(new Uint8Array(await file.slice(0, ANIMATION_HEADER_BYTES).arrayBuffer()))) return file;
  let bitmap: ImageBitmap;
  try {
    // Phone photos are stored sideways with an EXIF orientation: draw them the way they are meant to be seen.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file; // not decodable here (e.g. an AVIF in an older browser): the server judges the bytes
  }
  try {
    const chosen: ChosenImage = { type: file.type, size: file.size, width: bitmap.width, height: bitmap.height };
    if (!worthReencoding(chosen)) return file;
    const encoded = await encode(bitmap, fitWithin(chosen));
    if (!encoded || pickSent(chosen, encoded) === 'original') return file;
    return new File([encoded], renamed(file.name, encoded.type), {
      type: encoded.type,
      lastModified: file.lastModified,
    });
  } catch {
    return file; // e.g. a canvas too large for the device's memory
  } finally {
    bitmap.close();
  }
}
