import { describe, expect, it } from 'vitest';
import { imageSlots } from '../../src/lib/images/image-slots.ts';
import { imageCdnUrl, isTransformable, responsiveImage } from '../../src/lib/images/responsive-image.ts';
import { negotiateFormat, parseImageRequest } from '../../src/server/images/image-request.ts';

const UPLOAD = '/api/v1/uploads/0b6f3c1e-2f4a-4c1b-9a55-3f1d2c4b5a6e.png';

describe('responsiveImage', () => {
  it('gives an upload a srcset of Netlify Image CDN URLs at the slot’s widths, cropped to its box', () => {
    const image = responsiveImage(UPLOAD, imageSlots.eventBanner);
    expect(image.width).toBe(1280);
    expect(image.height).toBe(720);
    expect(image.sizes).toBe('(min-width: 1024px) 960px, 100vw');
    expect(image.srcSet!.split(', ')).toEqual([
      `/.netlify/images?url=${UPLOAD}&w=480&h=270&fit=cover 480w`,
      `/.netlify/images?url=${UPLOAD}&w=720&h=405&fit=cover 720w`,
      `/.netlify/images?url=${UPLOAD}&w=960&h=540&fit=cover 960w`,
      `/.netlify/images?url=${UPLOAD}&w=1280&h=720&fit=cover 1280w`,
      `/.netlify/images?url=${UPLOAD}&w=1920&h=1080&fit=cover 1920w`,
    ]);
    // The fallback src: the smallest candidate that fills the box.
    expect(image.src).toBe(`/.netlify/images?url=${UPLOAD}&w=1280&h=720&fit=cover`);
  });

  it('asks only for a width when the slot draws the whole image (object-contain)', () => {
    const image = responsiveImage('/sample/logos/du-cs-sbc.png', imageSlots.chapterLogo);
    expect(image.srcSet).toBe(
      '/.netlify/images?url=/sample/logos/du-cs-sbc.png&w=240 240w, /.netlify/images?url=/sample/logos/du-cs-sbc.png&w=480 480w',
    );
    expect(image.src).toBe('/.netlify/images?url=/sample/logos/du-cs-sbc.png&w=240');
  });

  it('draws external addresses, SVGs, GIFs and non-paths as given, still with the box’s dimensions', () => {
    for (const source of [
      'https://example.com/banner.png',
      '//example.com/banner.png',
      '/\\example.com/banner.png',
      '/logo.svg',
      '/sample/party.gif',
      'blob:http://localhost/1234',
      '/.netlify/images?url=/a.png&w=10',
    ]) {
      expect(isTransformable(source)).toBe(false);
      expect(responsiveImage(source, imageSlots.eventCard)).toEqual({ src: source, width: 640, height: 360 });
    }
  });

  it('percent-encodes what would break the query, and the server reads back the same source', () => {
    const source = '/sample/a&b=c d+e.webp';
    const url = imageCdnUrl(source, { w: 300, h: 200, fit: 'cover' });
    expect(url).toBe('/.netlify/images?url=/sample/a%26b%3Dc%20d%2Be.webp&w=300&h=200&fit=cover');
    const parsed = parseImageRequest(new URL(url, 'http://localhost').searchParams);
    expect(decodeURIComponent(parsed.source)).toBe(source);
    expect([parsed.width, parsed.height, parsed.fit]).toEqual([300, 200, 'cover']);
  });

  it('every slot lists ascending widths that reach at least its box', () => {
    for (const [name, slot] of Object.entries(imageSlots)) {
      expect(
        [...slot.widths].sort((a, b) => a - b),
        name,
      ).toEqual(slot.widths);
      expect(slot.widths.at(-1), name).toBeGreaterThanOrEqual(slot.width);
    }
  });
});

describe('negotiateFormat', () => {
  const photo = { format: 'jpeg', hasAlpha: false };
  it('prefers AVIF, then WebP, as the Accept header allows', () => {
    expect(negotiateFormat('image/avif,image/webp,image/apng,image/*,*/*;q=0.8', photo)).toBe('avif');
    expect(negotiateFormat('image/webp,*/*', photo)).toBe('webp');
    expect(negotiateFormat('image/avif;q=0, image/webp;q=0.9', photo)).toBe('webp');
  });
  it('keeps a JPEG or PNG source’s format for a browser that names neither, else picks by transparency', () => {
    expect(negotiateFormat('image/*,*/*;q=0.8', photo)).toBe('jpeg');
    expect(negotiateFormat(undefined, { format: 'png', hasAlpha: true })).toBe('png');
    expect(negotiateFormat('*/*', { format: 'webp', hasAlpha: true })).toBe('png');
    expect(negotiateFormat('*/*', { format: 'heif', hasAlpha: false })).toBe('jpeg');
  });
});
