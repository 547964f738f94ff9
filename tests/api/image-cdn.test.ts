import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { boundedQueue } from '../../src/server/http/bounded-queue.ts';
import { localImageCdn, RETRY_AFTER_SECONDS } from '../../src/server/images/local-image-cdn.ts';
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
/** The encoder's line, shared with the test so it can fill it. */
const queue = boundedQueue({ running: 1, waiting: 1 });

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
  cdn = localImageCdn({ api: createApi(api.deps).fetch, staticRoot, cacheDir, queue });

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
    const webp = await get(`url=${uploadUrl}&w=240`, { accept: WEBP_ONLY });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect((await decoded(webp)).width).toBe(240);

    const plain = await get(`url=${uploadUrl}&w=240`, { accept: '*/*' });
    expect(plain.headers.get('content-type')).toBe('image/png');
    expect((await decoded(plain)).width).toBe(240);
    // Kept too: the same answer again, from the cache.
    const again = await get(`url=${uploadUrl}&w=240`, { accept: '*/*' });
    expect(again.headers.get('content-type')).toBe('image/png');
  });

  it('crops to the asked box with fit=cover, and keeps an explicit fm whatever the Accept header says', async () => {
    // The chapter page's excom photo at 2x.
    const res = await get(`url=${uploadUrl}&w=256&h=256&fit=cover&fm=webp`);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('vary')).toBeNull();
    const meta = await decoded(res);
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
  });

  it('never enlarges: a width beyond the source gives the source’s size', async () => {
    // The event banner's widest candidate, 1920x1080, from a 1600x900 upload.
    const meta = await decoded(await get(`url=${uploadUrl}&w=1920&h=1080&fit=cover&fm=webp`));
    expect(meta.width).toBe(1600);
  });

  it('serves the site’s static images, revalidated since a build can change them', async () => {
    const res = await get('url=/sample/banner.png&w=480', { accept: WEBP_ONLY });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect((await decoded(res)).width).toBe(480);

    const again = await get('url=/sample/banner.png&w=480', {
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

  it('refuses sizes and qualities no page asks for, and keeps nothing for them', async () => {
    await get(`url=${uploadUrl}&w=240`);
    const before = await cachedFiles();
    for (const query of [
      `url=${uploadUrl}&w=333`,
      `url=${uploadUrl}&w=240&q=74`,
      `url=${uploadUrl}&w=240&q=100`,
      `url=${uploadUrl}&w=240&h=99`,
      `url=${uploadUrl}&w=240&fit=cover`,
      `url=${uploadUrl}&w=4000`,
      `url=${uploadUrl}`,
    ]) {
      const res = await get(query);
      expect(`${query} -> ${res.status}`).toBe(`${query} -> 400`);
      expect(await res.text()).toMatch(/Only the sizes the site's pages use are served/);
    }
    // The default quality may be named.
    expect((await get(`url=${uploadUrl}&w=240&q=75`)).status).toBe(200);
    expect(await cachedFiles()).toEqual(before);
  });

  it('keeps a bounded line of encodes: when it is full a new variant gets 503 with Retry-After, a kept one is still served', async () => {
    const kept = `url=${uploadUrl}&w=480`;
    expect((await get(kept)).status).toBe(200);
    // Fill the line: one encode running (held open by the test) and one waiting.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const running = queue.run(() => held);
    const waiting = queue.run(async () => undefined);
    expect(queue.size).toBe(2);
    try {
      const refused = await get(`url=${uploadUrl}&w=640&h=360&fit=cover`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      // A variant already made is answered from the cache, past the line.
      const fromCache = await get(kept);
      expect(fromCache.status).toBe(200);
      expect(fromCache.headers.get('content-type')).toBe('image/avif');
    } finally {
      release();
    }
    await Promise.all([running, waiting]);
    expect(queue.size).toBe(0);
    expect((await get(`url=${uploadUrl}&w=640&h=360&fit=cover`)).status).toBe(200);
  });

  it('refuses bad requests with a 4xx and writes nothing', async () => {
    await get(`url=${uploadUrl}&w=240`); // the cache directory exists (240w: the chapter logo's size)
    const before = await cachedFiles();
    const refusals: [string, number][] = [
      ['w=240', 400],
      [`url=${uploadUrl}&w=0`, 400],
      [`url=${uploadUrl}&w=100000`, 400],
      [`url=${uploadUrl}&w=12.5`, 400],
      [`url=${uploadUrl}&w=-1`, 400],
      [`url=${uploadUrl}&q=0`, 400],
      [`url=${uploadUrl}&fm=blurhash`, 400],
      [`url=${uploadUrl}&fit=stretch`, 400],
      ['url=https://example.com/cat.png&w=240', 403],
      ['url=//example.com/cat.png&w=240', 403],
      ['url=/\\example.com/cat.png&w=240', 403],
      ['url=http%3A%2F%2F127.0.0.1%3A1%2Fx.png&w=240', 403],
      ['url=sample/banner.png&w=240', 403],
      ['url=/secret.txt&w=240', 403],
      ['url=/api/v1/events&w=240', 403],
      // An image just outside the static root: dot segments are resolved first, encoded ones refused.
      ['url=/../outside.png&w=240', 404],
      ['url=/sample/..%2F..%2Foutside.png&w=240', 404],
      ['url=/sample/..%252F..%252Foutside.png&w=240', 403],
      ['url=/api/v1/uploads/00000000-0000-4000-8000-000000000000.png&w=240', 404],
      ['url=/api/v1/uploads/..%2F..%2Fetc%2Fpasswd&w=240', 403],
      ['url=/api/v1/uploads/..%252F..%252Fetc%252Fpasswd&w=240', 404],
      ['url=/sample/missing.png&w=240', 404],
      ['url=/sample/notes.png&w=240', 415],
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
    expect((await get('url=/sample/bomb.png&w=240')).status).toBe(415);
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
