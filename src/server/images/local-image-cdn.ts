import { join } from 'node:path';
import sharp from 'sharp';
import { imageSlots } from '../../lib/images/image-slots.ts';
import { slotVariants } from '../../lib/images/responsive-image.ts';
import { fileCacheControl } from '../caching/cache-headers.ts';
import { imageCache } from './image-cache.ts';
import {
  DEFAULT_QUALITY,
  ImageRequestError,
  negotiateFormat,
  parseImageRequest,
  type ImageRequest,
  type OutputFormat,
} from './image-request.ts';
import { imageSources, type ImageSourceOptions } from './image-sources.ts';

/**
 * The local stand-in for Netlify Image CDN: answers `/.netlify/images?url=…&w=…` on the Node server
 * (npm start, npm run dev, the tests) the way the CDN does in production, with sharp. Only this
 * site's uploads and static images are read (src/server/images/image-sources.ts); bad requests get a
 * 4xx and write nothing. Never part of the Netlify function bundle: production uses the real CDN.
 */
export interface LocalImageCdnOptions extends ImageSourceOptions {
  /** Where transformed images are kept between requests and restarts (DATA_DIR/image-cache). */
  cacheDir: string;
}

/** Decompression bombs: a 5 MB PNG can claim billions of pixels. 40 MP is a large camera photo. */
const MAX_INPUT_PIXELS = 40_000_000;

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
 * The variants the pages ask for (src/lib/images/image-slots.ts). Only these are kept on disk: any
 * other size is still answered, but a crawler walking w=1..4000 cannot fill DATA_DIR with copies.
 */
const PAGE_VARIANTS = new Set(Object.values(imageSlots).flatMap(slotVariants).map(variantName));

function isPageVariant(request: ImageRequest): boolean {
  const { width: w, height: h, fit, quality } = request;
  return quality === DEFAULT_QUALITY && PAGE_VARIANTS.has(variantName({ w, h, fit }));
}

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

/** One transform at a time: encoding is CPU-heavy, and a page of cards would otherwise start a dozen. */
function oneAtATime() {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const result = queue.then(task, task);
    queue = result.catch(() => undefined);
    return result;
  };
}

export function localImageCdn(options: LocalImageCdnOptions) {
  const load = imageSources(options);
  const cache = imageCache(options.cacheDir);
  const serialised = oneAtATime();

  async function inspect(data: Uint8Array) {
    try {
      return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    } catch {
      throw new UnusableSource();
    }
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

    const source = await load(request.source);
    if ('refused' in source) return new Response(source.message, { status: source.refused });
    const { data, immutable } = source.found;

    try {
      const meta = await inspect(data);
      if (!meta.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS) throw new UnusableSource();
      const format = request.format ?? negotiateFormat(req.headers.get('accept') ?? undefined, meta);
      const { width, height, fit, quality } = request;
      const key = cache.key(data, JSON.stringify({ width, height, fit, quality, format }));

      const headers: Record<string, string> = {
        'Content-Type': CONTENT_TYPES[format],
        'Cache-Control': fileCacheControl(immutable),
        ETag: `"${key}"`,
      };
      // The answer depends on the Accept header only when the request left the format to us.
      if (!request.format) headers['Vary'] = 'Accept';
      if (req.headers.get('if-none-match') === headers.ETag) return new Response(null, { status: 304, headers });

      let body = await cache.get(key);
      if (!body) {
        body = await serialised(() => encode(data, request, format)).catch(() => {
          throw new UnusableSource();
        });
        if (isPageVariant(request)) await cache.put(key, body);
      }
      headers['Content-Length'] = String(body.byteLength);
      return new Response(req.method === 'HEAD' ? null : body.slice().buffer, { status: 200, headers });
    } catch (err) {
      if (err instanceof UnusableSource)
        return new Response('The source is not an image this server can transform', { status: 415 });
      throw err;
    }
  };
}
