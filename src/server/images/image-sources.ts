import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { API_BASE } from '../../lib/api-base.ts';
import { pathInside } from '../runtime/static-site.ts';

/** A source image's bytes and how long browsers may keep what is made from it. */
export interface SourceImage {
  data: Uint8Array;
  /** Uploads never change under their key; the site's own files can change with the next build. */
  immutable: boolean;
}

export interface ImageSourceOptions {
  /** Answers same-origin requests in process: the API, for `/api/v1/uploads/{key}`. */
  api: (request: Request) => Response | Promise<Response>;
  /** The site's static files: dist/client when built, public/ under `npm run dev`. */
  staticRoot: string;
}

export type Refusal = { refused: 403 | 404; message: string };
export type SourceResult = { found: SourceImage } | Refusal;

/**
 * A source that exists, found without reading it: `version` names its current bytes (an upload's key
 * never gets other bytes; a static file is named by its size and modification time), so a transformed
 * copy can be looked up before anything is read or decoded. `read` loads the bytes.
 */
export interface LocatedSource {
  version: string;
  immutable: boolean;
  read(): Promise<SourceResult>;
}

/** A bound on the static files read whole into memory (uploads stop at 5 MB; the sample images are far smaller). */
const MAX_SOURCE_BYTES = 8 * 1024 * 1024;
const UPLOADS = `${API_BASE}/uploads/`;
const STATIC_IMAGE = /\.(png|jpe?g|webp|avif|gif)$/i;
const NOT_FOUND: Refusal = { refused: 404, message: 'Image not found' };

/**
 * Finds a source the way the CDN would on this site, without leaving the process: uploads through
 * the API's own route (its rules decide what exists), images among the static files on disk. Other
 * paths (pages, other API routes) are not images and are refused before anything is read.
 */
export function imageSources({ api, staticRoot }: ImageSourceOptions) {
  const root = resolve(staticRoot);
  const request = (path: string, method: 'GET' | 'HEAD') =>
    api(new Request(new URL(path, 'http://localhost'), { method }));
  const isImage = (response: Response) => response.ok && response.headers.get('content-type')?.startsWith('image/');

  async function upload(path: string): Promise<LocatedSource | Refusal> {
    const head = await request(path, 'HEAD');
    await head.body?.cancel();
    if (!isImage(head)) return NOT_FOUND;
    return {
      version: `upload:${path}`,
      immutable: true,
      async read() {
        const response = await request(path, 'GET');
        if (!isImage(response)) {
          await response.body?.cancel();
          return NOT_FOUND;
        }
        return { found: { data: new Uint8Array(await response.arrayBuffer()), immutable: true } };
      },
    };
  }

  async function staticFile(path: string): Promise<LocatedSource | Refusal> {
    const file = pathInside(root, path);
    if (!file) return { refused: 403, message: 'Not a path on this site' };
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return NOT_FOUND;
    if (info.size > MAX_SOURCE_BYTES) return { refused: 403, message: 'The source image is too large' };
    return {
      version: `static:${path}:${info.size}:${info.mtimeMs}`,
      immutable: false,
      async read() {
        const data = await readFile(file).catch(() => undefined);
        return data ? { found: { data: new Uint8Array(data), immutable: false } } : NOT_FOUND;
      },
    };
  }

  return async function locate(path: string): Promise<LocatedSource | Refusal> {
    if (path.startsWith(UPLOADS)) return upload(path);
    if (path.startsWith(`${API_BASE}/`) || path === API_BASE)
      return { refused: 403, message: 'Only uploaded images can be transformed' };
    if (!STATIC_IMAGE.test(path)) return { refused: 403, message: 'Not an image path' };
    return staticFile(path);
  };
}
