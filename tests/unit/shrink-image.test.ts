import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../src/lib/image-upload.ts';
import {
  MAX_IMAGE_SIDE,
  fitWithin,
  isAnimated,
  pickSent,
  renamed,
  worthReencoding,
} from '../../src/islands/dashboard/ui/shrink-image.ts';

describe('fitWithin', () => {
  it('scales the longest side down to exactly 2000 px, keeping the proportions', () => {
    expect(fitWithin({ width: 3000, height: 1500 })).toEqual({ width: 2000, height: 1000 });
    expect(fitWithin({ width: 3024, height: 4032 })).toEqual({ width: 1500, height: 2000 });
    expect(fitWithin({ width: 4000, height: 4000 })).toEqual({ width: 2000, height: 2000 });
    expect(fitWithin({ width: 2001, height: 3 })).toEqual({ width: 2000, height: 3 });
  });
  it('never makes a side zero', () => {
    expect(fitWithin({ width: 10_000, height: 1 })).toEqual({ width: 2000, height: 1 });
  });
  it('leaves an image that already fits as it is, never enlarging it', () => {
    expect(fitWithin({ width: 2000, height: 1999 })).toEqual({ width: 2000, height: 1999 });
    expect(fitWithin({ width: 640, height: 480 })).toEqual({ width: 640, height: 480 });
    expect(fitWithin({ width: 300, height: 200 }, 100)).toEqual({ width: 100, height: 67 });
  });
});

describe('worthReencoding', () => {
  const photo = { type: 'image/jpeg', size: 3_000_000, width: 4032, height: 3024 };
  it('re-encodes anything larger than 2000 px, WebP included', () => {
    expect(worthReencoding(photo)).toBe(true);
    expect(worthReencoding({ ...photo, type: 'image/webp', size: 100_000 })).toBe(true);
  });
  it('tries WebP for a small image of another type', () => {
    expect(worthReencoding({ type: 'image/png', size: 50_000, width: 1200, height: 630 })).toBe(true);
    expect(worthReencoding({ type: 'image/avif', size: 50_000, width: MAX_IMAGE_SIDE, height: 10 })).toBe(true);
  });
  it('keeps a WebP that fits in size and pixels', () => {
    expect(worthReencoding({ type: 'image/webp', size: 200_000, width: 2000, height: 1000 })).toBe(false);
    expect(worthReencoding({ type: 'image/webp', size: MAX_IMAGE_BYTES + 1, width: 2000, height: 2000 })).toBe(true);
  });
});

describe('pickSent', () => {
  const small = { type: 'image/png', size: 40_000, width: 800, height: 600 };
  it('keeps a small original when the WebP is no smaller', () => {
    expect(pickSent(small, { type: 'image/webp', size: 40_000 })).toBe('original');
    expect(pickSent(small, { type: 'image/webp', size: 55_000 })).toBe('original');
    expect(pickSent(small, { type: 'image/webp', size: 12_000 })).toBe('encoded');
  });
  it('always sends the shrunk image when the original has too many pixels', () => {
    const big = { type: 'image/png', size: 30_000, width: 3000, height: 1500 };
    expect(pickSent(big, { type: 'image/webp', size: 45_000 })).toBe('encoded');
  });
  it('accepts the PNG a browser without a WebP encoder gives, never a type the API refuses', () => {
    const big = { type: 'image/jpeg', size: 3_000_000, width: 3000, height: 1500 };
    expect(pickSent(big, { type: 'image/png', size: 2_000_000 })).toBe('encoded');
    expect(pickSent(big, { type: 'image/bmp', size: 2_000_000 })).toBe('original');
  });
});

describe('isAnimated', () => {
  const bytesOf = async (image: Sharp) => new Uint8Array(await image.toBuffer());
  const frame = (background: string) =>
    sharp({ create: { width: 8, height: 8, channels: 3, background } })
      .png()
      .toBuffer();
  const frames = () => sharp({ create: { width: 8, height: 16, channels: 3, background: '#336699' } }).png();

  it('tells an animated WebP from a still one', async () => {
    const animation = sharp([await frame('#336699'), await frame('#993366')], { join: { animated: true } });
    expect(isAnimated(await bytesOf(animation.webp({ loop: 0 })))).toBe(true);
    expect(isAnimated(await bytesOf(frames().webp()))).toBe(false);
    // A still WebP with an alpha channel has the extended (VP8X) header too, without the animation flag.
    expect(isAnimated(await bytesOf(frames().ensureAlpha(0.5).webp()))).toBe(false);
  });

  it('tells an APNG (acTL before the image data) from a still PNG', async () => {
    const still = await bytesOf(frames());
    expect(isAnimated(still)).toBe(false);
    // The same PNG with an animation control chunk inserted after IHDR (8 + 25 bytes in).
    const acTL = Buffer.from([0, 0, 0, 8, ...Buffer.from('acTL'), 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0]);
    const apng = Buffer.concat([still.subarray(0, 33), acTL, still.subarray(33)]);
    expect(isAnimated(apng)).toBe(true);
  });

  it('keeps every GIF as it is, and finds no animation in a JPEG', async () => {
    expect(isAnimated(await bytesOf(frames().gif()))).toBe(true);
    expect(isAnimated(await bytesOf(frames().jpeg()))).toBe(false);
  });

  it('tells an AVIF image sequence by its brand', () => {
    const ftyp = (major: string, ...compatible: string[]) => {
      const brands = [major, '\0\0\0\0', ...compatible].join('');
      const box = Buffer.alloc(8 + brands.length);
      box.writeUInt32BE(box.length, 0);
      box.write('ftyp', 4, 'latin1');
      box.write(brands, 8, 'latin1');
      return new Uint8Array(box);
    };
    expect(isAnimated(ftyp('avis', 'avif', 'msf1'))).toBe(true);
    expect(isAnimated(ftyp('avif', 'mif1', 'avis'))).toBe(true);
    expect(isAnimated(ftyp('avif', 'mif1', 'miaf'))).toBe(false);
  });

  it('does not run past the end of a truncated header', () => {
    expect(isAnimated(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe(false);
    expect(isAnimated(new Uint8Array())).toBe(false);
  });
});

describe('renamed', () => {
  it('gives the name the extension of the new type', () => {
    expect(renamed('IMG_2041.JPG', 'image/webp')).toBe('IMG_2041.webp');
    expect(renamed('banner.final.png', 'image/webp')).toBe('banner.final.webp');
    expect(renamed('photo', 'image/webp')).toBe('photo.webp');
    expect(renamed('.png', 'image/webp')).toBe('image.webp');
  });
});
