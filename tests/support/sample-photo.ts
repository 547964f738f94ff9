import sharp from 'sharp';

/**
 * A photo as a phone takes it and a chapter uploads it: a 2400x1350 JPEG of about 1 MB (the noise
 * keeps it from compressing to nothing), for tests of what the image CDN makes of an upload.
 */
export function samplePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 2400,
      height: 1350,
      channels: 3,
      background: '#1447e1',
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}
