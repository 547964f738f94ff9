/**
 * Uploaded and sample images are served through an image CDN at the widths each slot draws them at,
 * re-encoded (AVIF/WebP, negotiated from the browser's Accept header) instead of at their stored size
 * (up to 5 MB). The URL shape is Netlify Image CDN's, `/.netlify/images?url=…&w=…`, in every
 * environment: Netlify answers it in production, netlify-cli in `netlify serve`, and the local Node
 * server (src/server/images/) under `npm start`, `npm run dev` and the tests. So no component branches.
 */

/** Where, and how big, one kind of image is drawn. Defined once per slot in image-slots.ts. */
export interface ImageSlot {
  /** The rendered box in CSS pixels, for the width/height attributes that reserve its space. */
  readonly width: number;
  readonly height: number;
  /** Candidate widths in pixels, ascending: 1x and 2x of the sizes the slot takes across layouts. */
  readonly widths: readonly number[];
  /** The `sizes` attribute: how wide the slot is at each breakpoint. */
  readonly sizes: string;
  /**
   * cover: cropped to the box's aspect ratio, as `object-cover` draws it (the CDN sends no pixels the
   * crop would hide); contain: the whole image scaled to the width, as `object-contain` draws it.
   */
  readonly fit: 'cover' | 'contain';
}

/** Attributes for an <img>; srcSet and sizes are absent when the source cannot go through the CDN. */
export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
}

export const IMAGE_CDN_PATH = '/.netlify/images';

/**
 * Raster formats the CDN re-encodes. GIFs are left alone (a re-encode keeps only the first frame of
 * an animation), SVGs too (already resolution-independent).
 */
const TRANSFORMABLE = /\.(png|jpe?g|webp|avif)$/i;

/**
 * Only this site's own files and uploads go through the CDN. External addresses are drawn as given:
 * Netlify transforms a remote image only when netlify.toml allow-lists its host, and a pasted URL can
 * name any host; the local server would otherwise become a proxy that fetches whatever it is told.
 */
export function isTransformable(source: string): boolean {
  if (!source.startsWith('/') || source.startsWith('//') || source.startsWith('/\\')) return false;
  if (source.startsWith(IMAGE_CDN_PATH)) return false;
  const path = source.split(/[?#]/, 1)[0]!;
  return TRANSFORMABLE.test(path);
}

export interface CdnParams {
  w: number;
  h?: number;
  fit?: 'cover' | 'contain';
}

/** One CDN address. The source keeps its slashes readable; everything else in it is percent-encoded. */
export function imageCdnUrl(source: string, { w, h, fit }: CdnParams): string {
  const url = encodeURIComponent(source).replaceAll('%2F', '/');
  let query = `url=${url}&w=${w}`;
  if (h !== undefined) query += `&h=${h}`;
  if (fit === 'cover') query += '&fit=cover';
  return `${IMAGE_CDN_PATH}?${query}`;
}

/** The CDN parameters of one candidate width: cover slots ask for the box's aspect ratio too. */
function paramsFor(slot: ImageSlot, w: number): CdnParams {
  if (slot.fit === 'contain') return { w };
  return { w, h: Math.round((w * slot.height) / slot.width), fit: 'cover' };
}

/** Every variant a slot's srcset asks for. */
export const slotVariants = (slot: ImageSlot): CdnParams[] => slot.widths.map((w) => paramsFor(slot, w));

/** The attributes that let the browser fetch the smallest variant that fills the slot sharply. */
export function responsiveImage(source: string, slot: ImageSlot): ResponsiveImage {
  const box = { width: slot.width, height: slot.height };
  if (!isTransformable(source)) return { src: source, ...box };
  const srcSet = slotVariants(slot)
    .map((params) => `${imageCdnUrl(source, params)} ${params.w}w`)
    .join(', ');
  // The fallback for browsers without srcset: the smallest candidate at least as wide as the box.
  const fallback = slot.widths.find((w) => w >= slot.width) ?? slot.widths[slot.widths.length - 1]!;
  return { src: imageCdnUrl(source, paramsFor(slot, fallback)), srcSet, sizes: slot.sizes, ...box };
}
