import type { Locator, Page, Response } from '@playwright/test';
import sharp from 'sharp';
import { test, expect } from './fixtures.ts';
import { adminToken, createEvent, deleteAllEvents, uploadImage } from './live-data.ts';
import { samplePhoto } from '../support/sample-photo.ts';

/** The srcset candidate the browser chose, once the image has loaded and decoded. */
async function loadedVariant(img: Locator) {
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return new URL(await img.evaluate((el: HTMLImageElement) => el.currentSrc));
}

/** The responses of the image CDN, by URL, as the page fetched them. */
function cdnResponses(page: Page) {
  const seen = new Map<string, Response>();
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/.netlify/images') seen.set(res.url(), res);
  });
  return seen;
}

test.describe('uploaded images', () => {
  let banner: string;
  let uploadBytes: number;
  let eventId: string;

  test.beforeAll(async ({ request, baseURL }) => {
    const token = await adminToken(request, baseURL!);
    await deleteAllEvents(request, token);
    const image = await samplePhoto();
    uploadBytes = image.byteLength;
    banner = await uploadImage(request, token, image, 'banner.jpg');
    eventId = (await createEvent(request, token, { title: 'Resized Banner Summit', banner }))._id;
  });

  test('the event page’s banner is a srcset of resized AVIF variants, loaded eagerly at the width it is drawn', async ({
    page,
  }) => {
    const responses = cdnResponses(page);
    await page.goto(`/events/${eventId}`);
    const img = page.getByRole('img', { name: 'Banner of Resized Banner Summit' });
    await expect(img).toHaveAttribute('width', '1280');
    await expect(img).toHaveAttribute('height', '720');
    await expect(img).toHaveAttribute('sizes', '(min-width: 1024px) 960px, 100vw');
    await expect(img).toHaveAttribute(
      'srcset',
      new RegExp(`^/\\.netlify/images\\?url=${banner}&w=480&h=270&fit=cover 480w, `),
    );
    // The page's largest paint: fetched at once, never lazily.
    await expect(img).toHaveAttribute('fetchpriority', 'high');
    await expect(img).not.toHaveAttribute('loading', 'lazy');

    // A 1280 px wide window at 1x draws it 960 px wide: the browser takes the 960w candidate.
    const chosen = await loadedVariant(img);
    expect(chosen.pathname).toBe('/.netlify/images');
    expect(chosen.searchParams.get('url')).toBe(banner);
    expect(chosen.searchParams.get('w')).toBe('960');
    const response = responses.get(chosen.href);
    expect(response?.headers()['content-type']).toBe('image/avif');
    const body = await response!.body();
    expect(body.byteLength).toBeLessThan(uploadBytes / 10);
    const decoded = await sharp(body).metadata();
    expect([decoded.width, decoded.height]).toEqual([960, 540]);
  });

  test('an /events card takes the small variant its grid column needs', async ({ page }) => {
    const responses = cdnResponses(page);
    await page.goto('/events');
    const card = page.getByRole('article').filter({ hasText: 'Resized Banner Summit' }).first();
    const img = card.getByRole('img', { name: 'Banner of Resized Banner Summit' });
    await expect(img).toHaveAttribute('width', '640');
    await expect(img).toHaveAttribute('height', '360');
    await expect(img).toHaveAttribute('sizes', '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw');
    await expect(img).toHaveAttribute('srcset', /\/\.netlify\/images\?url=\/api\/v1\/uploads\/.+ 1024w$/);
    await img.scrollIntoViewIfNeeded();

    const chosen = await loadedVariant(img);
    expect(chosen.searchParams.get('url')).toBe(banner);
    expect(chosen.searchParams.get('w')).toBe('480');
    const response = responses.get(chosen.href);
    expect(response?.headers()['content-type']).toBe('image/avif');
    const decoded = await sharp(await response!.body()).metadata();
    expect([decoded.width, decoded.height]).toEqual([480, 270]);
  });
});
