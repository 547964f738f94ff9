import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import { MAX_IMAGE_BYTES } from '../../src/lib/image-upload.ts';
import { expect, holdRequests, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { BANNER_FILE, allowHttpErrors, signInAs, toastWith, unique } from './dashboard-helpers.ts';

/**
 * A 3000×1500 PNG of about 6 MB: a gradient whose top 55% carries fine noise, so PNG's lossless
 * compression can do little with it while a 2000 px WebP comes out far below 5 MB, as with a phone photo.
 */
async function largePng(): Promise<Buffer> {
  const width = 3000;
  const height = 1500;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 1;
  const noise = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0x0f;
  for (let y = 0; y < height; y++) {
    const noisy = y < height * 0.55;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (Math.floor((x * 255) / width) + (noisy ? noise() : 0)) & 0xff;
      raw[i + 1] = (Math.floor((y * 255) / height) + (noisy ? noise() : 0)) & 0xff;
      raw[i + 2] = 128 + (noisy ? noise() : 0);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Fills the add-human form (admin) with this image and sends it. */
async function addHuman(page: Page, name: string, image: { name: string; mimeType: string; buffer: Buffer }) {
  await page.goto('/dashboard/add-humans');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Image').setInputFiles(image);
  await page.getByLabel('Description').fill('Volunteer photographer.');
  await page.getByRole('button', { name: 'Add Human' }).click();
}

/** The stored bytes and type of the image the API lists for this human. */
async function storedImageOf(request: APIRequestContext, name: string) {
  const { humans } = (await (await request.get('/api/v1/humans')).json()) as {
    humans: { name: string; image: string }[];
  };
  const url = humans.find((h) => h.name === name)?.image;
  expect(url).toMatch(/^\/api\/v1\/uploads\//);
  const res = await request.get(url!);
  expect(res.ok()).toBe(true);
  const bytes = await res.body();
  // sharp reads the format and size from the bytes themselves, whatever the headers say.
  const { format, width, height } = await sharp(bytes).metadata();
  return { contentType: res.headers()['content-type'], bytes, format, width, height };
}

const uploadBar = (page: Page) => page.getByRole('progressbar', { name: 'Uploading image' });

test.describe('image upload from the dashboard', () => {
  test('a 6 MB, 3000×1500 PNG is shrunk in the browser to a 2000 px WebP, with a progress bar while it is sent', async ({
    page,
    request,
  }) => {
    const original = await largePng();
    // Over the 5 MB limit as chosen: only the shrinking lets it through.
    expect(original.byteLength).toBeGreaterThan(MAX_IMAGE_BYTES);
    expect(original.byteLength).toBeLessThan(8 * 1024 * 1024);

    await signInAs(page);
    const upload = await holdRequests(page, '**/api/v1/uploads');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/uploads') && r.method() === 'POST');
    const name = unique('Tahmid Hasan');
    await addHuman(page, name, { name: 'IMG_2041.png', mimeType: 'image/png', buffer: original });

    // The upload is held: the bar is shown, and the form cannot be sent twice meanwhile.
    await expect(uploadBar(page)).toBeVisible();
    await expect(uploadBar(page)).toHaveJSProperty('max', 100);
    await expect(page.getByRole('button', { name: 'Adding Human...' })).toBeDisabled();
    expect((await sent).postDataBuffer()?.byteLength).toBeLessThan(MAX_IMAGE_BYTES);
    await expectNoSeriousA11yViolations(page);

    upload.release();
    await expect(toastWith(page, 'Human Added Successfully')).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Human' })).toBeEnabled();

    const stored = await storedImageOf(request, name);
    expect(stored.contentType).toBe('image/webp');
    expect(stored.format).toBe('webp');
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 2000, height: 1000 });
    expect(stored.bytes.byteLength).toBeLessThan(MAX_IMAGE_BYTES);
  });

  test('the form with its upload bar passes an accessibility scan in the dark scheme too', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signInAs(page);
    const upload = await holdRequests(page, '**/api/v1/uploads');
    await addHuman(page, unique('Dark Scheme'), BANNER_FILE);
    await expect(uploadBar(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    upload.release();
    await expect(toastWith(page, 'Human Added Successfully')).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  });

  test('a GIF is sent as it is, never flattened, even when larger than 2000 px', async ({ page, request }) => {
    const frame = (background: string) =>
      sharp({ create: { width: 2400, height: 60, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#1d4ed8'), await frame('#f59e0b')], { join: { animated: true } })
      .gif({ loop: 0 })
      .toBuffer();
    await signInAs(page);
    const name = unique('Animated Banner');
    await addHuman(page, name, { name: 'wave.gif', mimeType: 'image/gif', buffer: gif });
    await expect(toastWith(page, 'Human Added Successfully')).toBeVisible();

    const stored = await storedImageOf(request, name);
    expect(stored.contentType).toBe('image/gif');
    expect(Buffer.compare(stored.bytes, gif)).toBe(0);
  });

  test('a sideways phone photo (EXIF orientation 6) is stored upright, 2000 px tall', async ({ page, request }) => {
    // Stored 3000×1500 with "rotate 90° clockwise to view": it is meant to be seen 1500×3000.
    const photo = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#0e7490' } })
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    await signInAs(page);
    const name = unique('Portrait');
    await addHuman(page, name, { name: 'IMG_2042.JPG', mimeType: 'image/jpeg', buffer: photo });
    await expect(toastWith(page, 'Human Added Successfully')).toBeVisible();

    const stored = await storedImageOf(request, name);
    expect(stored.format).toBe('webp');
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 1000, height: 2000 });
  });

  test('an upload the server refuses shows its message under the field; the bar goes away', async ({
    page,
    request,
    consoleErrors,
  }) => {
    await signInAs(page);
    const name = unique('Expired Session');
    await page.goto('/dashboard/add-humans');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Image').setInputFiles(BANNER_FILE);
    await page.getByLabel('Description').fill('Volunteer photographer.');
    // The session ends while the form is open (the httpOnly token goes; the page still looks signed in).
    await page.context().clearCookies({ name: 'token' });
    await page.getByRole('button', { name: 'Add Human' }).click();

    const message = 'Please sign in to continue';
    await expect(toastWith(page, message)).toBeVisible();
    await expect(page.locator('#field-image-error')).toHaveText(message);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Human' })).toBeEnabled();
    await expect(page.getByLabel('Name')).toHaveValue(name);
    const { humans } = (await (await request.get('/api/v1/humans')).json()) as { humans: { name: string }[] };
    expect(humans.some((h) => h.name === name)).toBe(false);
    allowHttpErrors(consoleErrors, 401);
  });
});
