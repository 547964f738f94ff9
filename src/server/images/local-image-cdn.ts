import { join } from 'node:path';
import sharp from 'sharp';
import { imageSlots } from '../../lib/images/image-slots.ts';
import { slotVariants } from '../../lib/images/responsive-image.ts';
import { fileCacheControl } from '../caching/cache-headers.ts';
import { boundedQueue, type BoundedQueue } from '../http/bounded-queue.ts';
import { imageCache } from './image-cache.ts';
import {
  DEFAULT_QUALITY,
  ImageRequestError,
  negotiateFormat,
  parseImageRequest,
  type ImageRequest,
  type OutputFormat,
} from './image-request.ts';
import { imageSources, type ImageSourceOptions, type LocatedSource } from './image-sources.ts';

/**
 * The local stand-in for Netlify Image CDN: answers `/.netlify/images?url=…&w=…` on the Node server
 * (npm start, npm run dev, the tests) the way the CDN does in production, with sharp. Only this
 * site's uploads and static images are read (src/server/images/image-sources.ts); bad requests get a
 * 4xx and write nothing. Never part of the Netlify function bundle: production uses the real CDN.
 */
export interface LocalImageCdnOptions extends ImageSourceOptions {
  /** Where transformed images are kept between requests and restarts (DATA_DIR/image-cache). */
  cacheDir: string;
  /** The line of encodes (default: one at a time, QUEUE_WAITING more waiting); tests pass their own. */
  queue?: BoundedQueue;
}

/** Decompression bombs: a 5 MB PNG can claim billions of pixels. 40 MP is a large camera photo. */
const MAX_INPUT_PIXELS = 40_000_000;
/**
 * Encodes waiting behind the running one before requests are refused with 503: a first visit to a
 * page of cards asks for a few dozen variants at once, a flood for many more. A waiting request holds
 * no image in memory (the source is read when its turn comes).
 */
export const QUEUE_WAITING = 32;
/** How long a client refused with 503 should wait: a few encodes' time. */
export const RETRY_AFTER_SECONDS = 5;

const CONTENT_TYPES: Record<OutputFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

export const cacheDirIn = (dataDir: string) => join(dataDir, 'image-cache');

const variantName = (v: { w?: number | undefined; h?: number | undefined; fit?: string | undefined }) =>
  `${v.w ?? ''}x${v.h ?? ''}:${v.fit ?? 'contain'}`;

/**
 * The variants the pages ask for (src/lib/images/image-slots.ts), at the CDN's default quality: the only
 * ones served. Any other size or quality is refused (400), so requests with varying parameters cannot
 * make the server encode, or keep, copies no page shows. The format is negotiated (or named by fm)
 * among the four the negotiation gives anyway.
 */
const PAGE_VARIANTS = new Set(Object.values(imageSlots).flatMap(slotVariants).map(variantName));
const PAGE_WIDTHS = [...new Set(Object.values(imageSlots).flatMap((slot) => slot.widths))].sort((a, b) => a - b);
const NOT_A_PAGE_VARIANT = `Only the sizes the site's pages use are served (widths ${PAGE_WIDTHS.join(', ')}, each with its slot's height and fit, quality ${DEFAULT_QUALITY})`;

function isPageVariant(request: ImageRequest): boolean {
  const { width: w, height: h, fit, quality } = request;
  return quality === DEFAULT_QUALITY && PAGE_VARIANTS.has(variantName({ w, h, fit }));
}

/**
 * The format a request will get, decided without the source where possible: what fm names, else AVIF
 * or WebP when the browser takes them, else "legacy" (JPEG or PNG, as the source decides).
 */
type FormatChoice = OutputFormat | 'legacy';
function formatChoice(request: ImageRequest, accept: string | undefined): FormatChoice {
  if (request.format) return request.format;
  const negotiated = negotiateFormat(accept, { format: undefined, hasAlpha: false });
  return negotiated === 'avif' || negotiated === 'webp' ? negotiated : 'legacy';
}
/** A legacy answer's format, from the bytes kept (PNG's signature, else JPEG). */
const legacyFormat = (data: Uint8Array): OutputFormat => (data[0] === 0x89 && data[1] === 0x50 ? 'png' : 'jpeg');

/** sharp's failures here all come from the source: not an image, truncated, or too many pixels. */
class UnusableSource extends Error {}

function encode(data: Uint8Array, request: ImageRequest, format: OutputFormat): Promise<Buffer> {
  let image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  if (request.width || request.height) {
    image = image.resize({
      ...(request.width ? { width: request.width } : {}),
      ...(request.height ? { height: request.height } : {}),
      // Netlify's contain keeps the whole image within the box; never enlarged, as on the CDN.
      fit: request.fit === 'contain' ? 'inside' : request.fit,
      withoutEnlargement: true,
    });
  }
  const quality = request.quality;
  if (format === 'avif') image = image.avif({ quality, effort: 2 });
  else if (format === 'webp') image = image.webp({ quality });
  else if (format === 'jpeg') image = image.jpeg({ quality, mozjpeg: true });
  else image = image.png();
  return image.toBuffer();
}

async function inspect(data: Uint8Array) {
  try {
    return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new UnusableSource();
  }
}

export function localImageCdn(options: LocalImageCdnOptions) {
  const locate = imageSources(options);
  const cache = imageCache(options.cacheDir);
  const queue = options.queue ?? boundedQueue({ running: 1, waiting: QUEUE_WAITING });

  /** Reads, checks and encodes the source, and keeps the result: the expensive part, run in the queue. */
  async function transform(source: LocatedSource, request: ImageRequest, choice: FormatChoice, key: string) {
    const read = await source.read();
    if ('refused' in read) return read;
    const { data } = read.found;
    const meta = await inspect(data);
    if (!meta.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS) throw new UnusableSource();
    const format = choice === 'legacy' ? negotiateFormat(undefined, meta) : choice;
    const body = await encode(data, request, format).catch(() => {
      throw new UnusableSource();
    });
    await cache.put(key, body);
    return { body: new Uint8Array(body), format };
  }

  return async function handle(req: Request): Promise<Response> {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return new Response('Method not allowed', { status: 405, headers: { Allow: 'GET, HEAD' } });
    let request: ImageRequest;
    try {
      request = parseImageRequest(new URL(req.url).searchParams);
    } catch (err) {
      if (err instanceof ImageRequestError) return new Response(err.message, { status: err.status });
      throw err;
    }
    if (!isPageVariant(request)) return new Response(NOT_A_PAGE_VARIANT, { status: 400 });

    const source = await locate(request.source);
    if ('refused' in source) return new Response(source.message, { status: source.refused });

    // Each variant is kept under the source's version and the output asked for: a repeat is answered
    // from disk before the source is read, and never waits in the queue.
    const choice = formatChoice(request, req.headers.get('accept') ?? undefined);
    const { width, height, fit, quality } = request;
    const key = cache.key(source.version, JSON.stringify({ width, height, fit, quality, choice }));
    const headers: Record<string, string> = { 'Cache-Control': fileCacheControl(source.immutable), ETag: `"${key}"` };
    // The answer depends on the Accept header only when the request left the format to us.
    if (!request.format) headers['Vary'] = 'Accept';
    if (req.headers.get('if-none-match') === headers.ETag) return new Response(null, { status: 304, headers });

    let body = await cache.get(key);
    let format: OutputFormat | undefined = body && (choice === 'legacy' ? legacyFormat(body) : choice);
    if (!body || !format) {
      let outcome;
      try {
        outcome = await queue.run(() => transform(source, request, choice, key));
      } catch (err) {
        if (err instanceof UnusableSource)
          return new Response('The source is not an image this server can transform', { status: 415 });
        throw err;
      }
      if (!outcome)
        return new Response('Busy transforming images; try again shortly', {
          status: 503,
          headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
        });
      if ('refused' in outcome.value) return new Response(outcome.value.message, { status: outcome.value.refused });
      ({ body, format } = outcome.value);
    }
    headers['Content-Type'] = CONTENT_TYPES[format];
    headers['Content-Length'] = String(body.byteLength);
    return new Response(req.method === 'HEAD' ? null : body.slice().buffer, { status: 200, headers });
  };
}
