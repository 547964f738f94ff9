/**
 * Reads QR codes from the camera's video: the browser's own BarcodeDetector where it has one that reads
 * QR codes (Android's Chrome), else the barcode-detector polyfill (zxing-wasm), loaded only then. Its
 * WebAssembly file is one of this site's hashed assets (Vite's `?url`), never fetched from a CDN.
 */

export interface QrReader {
  /** The QR codes' texts in the video's current frame. */
  read(source: HTMLVideoElement): Promise<string[]>;
  /** Which reader this is: 'native' or 'wasm'. */
  kind: 'native' | 'wasm';
}

interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats(): Promise<readonly string[]>;
}

async function nativeDetector(): Promise<DetectorLike | undefined> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return undefined;
  try {
    const formats = await Native.getSupportedFormats();
    return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : undefined;
  } catch {
    return undefined;
  }
}

async function wasmDetector(): Promise<DetectorLike> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

/**
 * What the camera will need where the polyfill reads the codes, loaded now (not run) so the check-in
 * page's service worker keeps it: the polyfill's module (it is then among the page's loaded assets) and
 * the address of its WebAssembly file. Nothing where the browser reads QR codes itself.
 */
export async function readerAssets(): Promise<string[]> {
  if (await nativeDetector()) return [];
  const [, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  return [new URL(wasmUrl, location.href).href];
}

let reader: Promise<QrReader> | undefined;

/** The page's one reader, made on first use (when the volunteer starts the camera). */
export function qrReader(): Promise<QrReader> {
  reader ??= (async () => {
    const native = await nativeDetector();
    const detector = native ?? (await wasmDetector());
    return {
      kind: native ? 'native' : 'wasm',
      read: async (source) => (await detector.detect(source)).map((code) => code.rawValue),
    } satisfies QrReader;
  })();
  return reader;
}
