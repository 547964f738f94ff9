/**
 * The query of a `/.netlify/images` request, read with Netlify Image CDN's names and meanings (url, w,
 * h, fit, fm, q) so the local server answers the same URLs the CDN does in production.
 */

export type OutputFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export interface ImageRequest {
  /** A path on this site, without query or fragment: `/api/v1/uploads/{key}`, `/sample/…`. */
  source: string;
  width: number | undefined;
  height: number | undefined;
  fit: 'contain' | 'cover' | 'fill';
  /** Absent: negotiated from the Accept header, as the CDN does. */
  format: OutputFormat | undefined;
  quality: number;
}

/** Larger than any slot at 2x; anything wider is a mistake or an attempt to make the server work. */
export const MAX_DIMENSION = 4000;
/** Netlify's default quality for lossy formats. */
export const DEFAULT_QUALITY = 75;

const FORMATS: Record<string, OutputFormat> = { avif: 'avif', webp: 'webp', jpg: 'jpeg', jpeg: 'jpeg', png: 'png' };
const FITS = ['contain', 'cover', 'fill'] as const;

export class ImageRequestError extends Error {
  readonly status: 400 | 403;
  constructor(status: 400 | 403, message: string) {
    super(message);
    this.status = status;
  }
}

function dimension(params: URLSearchParams, short: string, long: string): number | undefined {
  const raw = params.get(short) ?? params.get(long);
  if (raw === null) return undefined;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_DIMENSION)
    throw new ImageRequestError(400, `${short} must be a whole number of pixels from 1 to ${MAX_DIMENSION}`);
  return Number(raw);
}

/** The source as a path on this site; anything that would be fetched from elsewhere is refused. */
function sourcePath(raw: string | null): string {
  if (!raw) throw new ImageRequestError(400, 'The url parameter (the source image) is required');
  // Resolved against a placeholder origin: an absolute URL, `//host` or `/\host` ends up elsewhere.
  const placeholder = 'http://this-site.invalid';
  let url: URL;
  try {
    url = new URL(raw, placeholder);
  } catch {
    throw new ImageRequestError(400, 'The url parameter is not a valid address');
  }
  if (url.origin !== placeholder || !raw.startsWith('/'))
    throw new ImageRequestError(403, 'Only images on this site can be transformed');
  return url.pathname;
}

export function parseImageRequest(params: URLSearchParams): ImageRequest {
  const source = sourcePath(params.get('url'));
  const width = dimension(params, 'w', 'width');
  const height = dimension(params, 'h', 'height');

  const fitParam = params.get('fit') ?? 'contain';
  const fit = FITS.find((f) => f === fitParam);
  if (!fit) throw new ImageRequestError(400, `fit must be one of ${FITS.join(', ')}`);

  const fm = params.get('fm');
  const format = fm === null ? undefined : FORMATS[fm];
  if (fm !== null && !format) throw new ImageRequestError(400, 'fm must be one of avif, webp, jpg, png');

  const q = params.get('q') ?? params.get('quality');
  if (q !== null && (!/^\d{1,3}$/.test(q) || Number(q) < 1 || Number(q) > 100))
    throw new ImageRequestError(400, 'q must be a whole number from 1 to 100');

  return { source, width, height, fit, format, quality: q === null ? DEFAULT_QUALITY : Number(q) };
}

/** Whether an Accept header names this type (wildcards do not count: every browser sends image/*). */
function accepts(accept: string | undefined, type: string): boolean {
  return (accept ?? '').split(',').some((range) => {
    const [name, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return name === type && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * The format to send when the request names none: AVIF, else WebP, when the browser says it accepts
 * them; otherwise the source's own format when browsers universally show it, else JPEG (PNG when the
 * image has transparency).
 */
export function negotiateFormat(
  accept: string | undefined,
  source: { format: string | undefined; hasAlpha: boolean },
): OutputFormat {
  if (accepts(accept, 'image/avif')) return 'avif';
  if (accepts(accept, 'image/webp')) return 'webp';
  if (source.format === 'jpeg' || source.format === 'png') return source.format;
  return source.hasAlpha ? 'png' : 'jpeg';
}
