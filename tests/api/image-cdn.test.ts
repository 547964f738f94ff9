import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { localImageCdn } from '../../src/server/images/local-image-cdn.ts';
import { useTestApi } from '../support/api-fixture.ts';
import type { TestApi } from '../support/api-server.ts';

/** A photo-like source (noise, so encoders cannot cheat), 1600x900 like a typical banner upload. */
const photo = (width = 1600, height = 900) =>
  sharp({
    create: { width, height, channels: 3, background: '#1447e1', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .png()
    .toBuffer();

let api: TestApi;
let dir: string;
let cacheDir: string;
let staticRoot: string;
let uploadUrl: string;
let cdn: (req: Request) => Promise<Response>;

const AVIF_FIRST = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
const WEBP_ONLY = 'image/webp,image/*,*/*;q=0.8';

function get(query: string, headers: Record<string, string> = { accept: AVIF_FIRST }) {
  return cdn(new Request(`http://localhost/.netlify/images?${query}`, { headers }));
}

async function decoded(res: Response) {
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
}

const cachedFiles = async () => (await readdir(cacheDir).catch(() => [])).sort();

const setUp = useTestApi();
beforeAll(async () => {
  api = setUp.api;
  dir = await mkdtemp(join(tmpdir(), 'image-cdn-'));
  cacheDir = join(dir, 'cache');
  staticRoot = join(dir, 'client');
  await mkdir(join(staticRoot, 'sample'), { recursive: true });
  await writeFile(join(staticRoot, 'sample', 'banner.png'), await photo(1200, 675));
  await writeFile(join(staticRoot, 'sample', 'notes.png'), 'not really a png');
  await writeFile(join(staticRoot, 'secret.txt'), 'keep out');
  await writeFile(join(dir, 'outside.png'), await photo(100, 100));
  cdn = localImageCdn({ api: createApi(api.deps).fetch, staticRoot, cacheDir });

  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await photo())], { type: 'image/png' }), 'banner.png');
  const res = await api.call('/uploads', {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${setUp.admin}` },
  });
  uploadUrl = ((await res.json()) as { url: string }).url;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the local image CDN (/.netlify/images)', () => {
  it('serves an upload resized to the asked width, as AVIF when the browser accepts it', async () => {
    const res = await get(`url=${uploadUrl}&w=480`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await decoded(res);
    expect(meta.format).toBe('heif');
    expect([meta.width, meta.height]).toEqual([480, 270]);
  });

  it('sends WebP to a browser that accepts WebP but not AVIF, and the old format to one that accepts neither', async () => {
    const webp = await get(`url=${uploadUrl}&w=320`, { accept: WEBP_ONLY });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect((await decoded(webp)).width).toBe(320);

    const plain = await get(`url=${uploadUrl}&w=320`, { accept: '*/*' });
    expect(plain.headers.get('content-type')).toBe('image/png');
    expect((await decoded(plain)).width).toBe(320);
  });

  it('crops to the asked box with fit=cover, and keeps an explicit fm whatever the Accept header says', async () => {
    const res = await get(`url=${uploadUrl}&w=200&h=200&fit=cover&fm=webp`);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('vary')).toBeNull();
    const meta = await decoded(res);
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 200, 200]);
  });

  it('never enlarges: a width beyond the source gives the source’s size', async () => {
    const meta = await decoded(await get(`url=${uploadUrl}&w=3000&fm=webp`));
    expect(meta.width).toBe(1600);
  });

  it('serves the site’s static images, revalidated since a build can change them', async () => {
    const res = await get('url=/sample/banner.png&w=600', { accept: WEBP_ONLY });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect((await decoded(res)).width).toBe(600);

    const again = await get('url=/sample/banner.png&w=600', {
      accept: WEBP_ONLY,
      'if-none-match': res.headers.get('etag')!,
    });
    expect(again.status).toBe(304);
  });

  it('answers a repeated request from its cache with the same bytes', async () => {
    // The event page banner's 720w candidate.
    const query = `url=${uploadUrl}&w=720&h=405&fit=cover`;
    const before = await cachedFiles();
    const first = Buffer.from(await (await get(query)).arrayBuffer());
    const added = (await cachedFiles()).filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);
    const entry = join(cacheDir, added[0]!);
    expect((await readFile(entry)).equals(first)).toBe(true);

    const second = Buffer.from(await (await get(query)).arrayBuffer());
    expect(second.equals(first)).toBe(true);
    expect(await cachedFiles()).toEqual([...before, ...added].sort());
    // Read from disk, not encoded again: a changed entry is what the next request gets.
    await writeFile(entry, Buffer.concat([first, Buffer.from('cached')]));
    const third = Buffer.from(await (await get(query)).arrayBuffer());
    expect(third.subarray(-6).toString()).toBe('cached');
  });

  it('answers sizes no page asks for without keeping them, so the cache stays bounded', async () => {
    await get(`url=${uploadUrl}&w=240`);
    const before = await cachedFiles();
    for (const query of [`url=${uploadUrl}&w=333`, `url=${uploadUrl}&w=240&q=74`, `url=${uploadUrl}&w=240&h=99`]) {
      const res = await get(query);
      expect(res.status).toBe(200);
    }
    expect((await decoded(await get(`url=${uploadUrl}&w=333`))).width).toBe(333);
    expect(await cachedFiles()).toEqual(before);
  });

  it('refuses bad requests with a 4xx and writes nothing', async () => {
    await get(`url=${uploadUrl}&w=240`); // the cache directory exists (240w: the chapter logo's size)
    const before = await cachedFiles();
    const refusals: [string, number][] = [
      ['w=100', 400],
      [`url=${uploadUrl}&w=0`, 400],
      [`url=${uploadUrl}&w=100000`, 400],
      [`url=${uploadUrl}&w=12.5`, 400],
      [`url=${uploadUrl}&w=-1`, 400],
      [`url=${uploadUrl}&q=0`, 400],
      [`url=${uploadUrl}&fm=blurhash`, 400],
      [`url=${uploadUrl}&fit=stretch`, 400],
      ['url=https://example.com/cat.png&w=100', 403],
      ['url=//example.com/cat.png&w=100', 403],
      ['url=/\\example.com/cat.png&w=100', 403],
      ['url=http%3A%2F%2F127.0.0.1%3A1%2Fx.png&w=100', 403],
      ['url=sample/banner.png&w=100', 403],
      ['url=/secret.txt&w=100', 403],
      ['url=/api/v1/events&w=100', 403],
      // An image just outside the static root: dot segments are resolved first, encoded ones refused.
      ['url=/../outside.png&w=100', 404],
      ['url=/sample/..%2F..%2Foutside.png&w=100', 404],
      ['url=/sample/..%252F..%252Foutside.png&w=100', 403],
      ['url=/api/v1/uploads/00000000-0000-4000-8000-000000000000.png&w=100', 404],
      ['url=/api/v1/uploads/..%2F..%2Fetc%2Fpasswd&w=100', 403],
      ['url=/api/v1/uploads/..%252F..%252Fetc%252Fpasswd&w=100', 404],
      ['url=/sample/missing.png&w=100', 404],
      ['url=/sample/notes.png&w=100', 415],
    ];
    for (const [query, status] of refusals) {
      const res = await get(query);
      expect(`${query} -> ${res.status}`).toBe(`${query} -> ${status}`);
    }
    expect(await cachedFiles()).toEqual(before);
  });

  it('refuses a source claiming more pixels than a photo has (a decompression bomb)', async () => {
    const bomb = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await writeFile(join(staticRoot, 'sample', 'bomb.png'), bomb);
    const before = await cachedFiles();
    expect((await get('url=/sample/bomb.png&w=100')).status).toBe(415);
    expect(await cachedFiles()).toEqual(before);
  });

  it('answers only GET and HEAD', async () => {
    const head = await cdn(new Request(`http://localhost/.netlify/images?url=${uploadUrl}&w=480`, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
    const post = await cdn(new Request(`http://localhost/.netlify/images?url=${uploadUrl}`, { method: 'POST' }));
    expect(post.status).toBe(405);
  });
});
