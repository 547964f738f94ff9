import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Transformed images on disk (DATA_DIR/image-cache), so each variant is encoded once: AVIF at 2x
 * takes the better part of a second, a cached copy a millisecond. Entries are keyed by the source's
 * version (an upload's key, a static file's size and modification time) and the output parameters,
 * so a changed source file is never answered with a stale copy, and a copy is found without reading
 * the source.
 */
export function imageCache(dir: string) {
  return {
    key(sourceVersion: string, variant: string): string {
      return createHash('sha256').update(sourceVersion).update('\0').update(variant).digest('hex');
    },
    async get(key: string): Promise<Uint8Array | undefined> {
      try {
        return new Uint8Array(await readFile(join(dir, key)));
      } catch {
        return undefined;
      }
    },
    /** Written under a temporary name and renamed, so a concurrent reader never sees half a file. */
    async put(key: string, data: Uint8Array): Promise<void> {
      await mkdir(dir, { recursive: true });
      const temporary = join(dir, `${key}.${randomUUID()}.tmp`);
      try {
        await writeFile(temporary, data);
        await rename(temporary, join(dir, key));
      } catch {
        // A cache that cannot be written (full disk, read-only DATA_DIR) only costs a re-encode.
        await rm(temporary, { force: true });
      }
    },
  };
}

export type ImageCache = ReturnType<typeof imageCache>;
