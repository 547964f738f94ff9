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

export type SourceResult = { found: SourceImage } | { refused: 403 | 404; message: string };

/** A bound on the static files read whole into memory (uploads stop at 5 MB; the sample images are far smaller). */
const MAX_SOURCE_BYTES = 8 * 1024 * 1024;
const UPLOADS = `${API_BASE}/uploads/`;
const STATIC_IMAGE = /\.(png|jpe?g|webp|avif|gif)$/i;

/**
 * Fetches a source the way the CDN would from this site, without leaving the process: uploads through
 * the API's own route (its rules decide what exists), images among the static files from disk. Other
 * paths (pages, other API routes) are not images and are refused before anything is read.
 */
export function imageSources({ api, staticRoot }: ImageSourceOptions) {
  const root = resolve(staticRoot);

  async function upload(path: string): Promise<SourceResult> {
    const response = await api(new Request(new URL(path, 'http://localhost')));
    if (!response.ok || !response.headers.get('content-type')?.startsWith('image/')) {
      await response.body?.cancel();
      return { refused: 404, message: 'Image not found' };
    }
    return { found: { data: new Uint8Array(await response.arrayBuffer()), immutable: true } };
  }

  async function staticFile(path: string): Promise<SourceResult> {
    const file = pathInside(root, path);
    if (!file) return { refused: 403, message: 'Not a path on this site' };
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return { refused: 404, message: 'Image not found' };
    if (info.size > MAX_SOURCE_BYTES) return { refused: 403, message: 'The source image is too large' };
    return { found: { data: new Uint8Array(await readFile(file)), immutable: false } };
  }

  return async function load(path: string): Promise<SourceResult> {
    if (path.startsWith(UPLOADS)) return upload(path);
    if (path.startsWith(`${API_BASE}/`) || path === API_BASE)
      return { refused: 403, message: 'Only uploaded images can be transformed' };
    if (!STATIC_IMAGE.test(path)) return { refused: 403, message: 'Not an image path' };
    return staticFile(path);
  };
}
