import { createReadStream, openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import type { NetlifyBlobsAccess } from './blob-store.ts';

/**
 * Where the automatic backups live: files in DATA_DIR/backups locally, a Netlify Blobs store of their
 * own ("backups") in production. Keys name the moment they were made, so the newest sorts last.
 */
export interface StoredBackup {
  key: string;
  createdAt: string;
  bytes: number;
}

export interface BackupStore {
  /** Every backup kept, newest first. */
  list(): Promise<StoredBackup[]>;
  /** Stores a new backup under `key`: `write` writes the file at the path it is given. */
  save(key: string, write: (path: string) => Promise<unknown>): Promise<StoredBackup>;
  /** A kept backup's bytes, as a stream. */
  open(key: string): Promise<{ bytes: number; body: Readable } | undefined>;
  delete(key: string): Promise<void>;
}

const KEY = /^(backup|replaced)-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})(\.\d{3})?Z\.tar\.gz$/;

/** The key of a backup made at `at` (`kind` replaced: the copy a restore keeps of what it replaced). */
export const backupKey = (at: Date, kind: 'backup' | 'replaced' = 'backup') =>
  `${kind}-${at.toISOString().replaceAll(':', '-')}.tar.gz`;

/** When the backup a key names was made; undefined for a name that is no backup's. */
export function backupTime(key: string): Date | undefined {
  const m = KEY.exec(key);
  return m ? new Date(`${m[2]}T${m[3]}:${m[4]}:${m[5]}${m[6] ?? ''}Z`) : undefined;
}

const newestFirst = (a: StoredBackup, b: StoredBackup) => b.createdAt.localeCompare(a.createdAt);

export function filesystemBackupStore(dir: string): BackupStore {
  return {
    async list() {
      const names = await readdir(dir).catch(() => [] as string[]);
      const found: StoredBackup[] = [];
      for (const key of names) {
        const at = backupTime(key);
        const info = at && (await stat(join(dir, key)).catch(() => undefined));
        if (at && info?.isFile()) found.push({ key, createdAt: at.toISOString(), bytes: info.size });
      }
      return found.sort(newestFirst);
    },
    async save(key, write) {
      const at = backupTime(key);
      if (!at) throw new Error(`not a backup's name: ${key}`);
      // The folder too is its owner's alone (the files in it are: archive.ts).
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await write(join(dir, key));
      return { key, createdAt: at.toISOString(), bytes: (await stat(join(dir, key))).size };
    },
    async open(key) {
      if (!backupTime(key)) return undefined;
      const info = await stat(join(dir, key)).catch(() => undefined);
      return info?.isFile() ? { bytes: info.size, body: createReadStream(join(dir, key)) } : undefined;
    },
    async delete(key) {
      if (!backupTime(key)) throw new Error(`not a backup's name: ${key}`);
      await rm(join(dir, key), { force: true });
    },
  };
}

export async function netlifyBackupStore(storeName = 'backups', access?: NetlifyBlobsAccess): Promise<BackupStore> {
  const { getStore } = await import('@netlify/blobs');
  const store = getStore({ name: storeName, consistency: 'strong', ...access });
  return {
    async list() {
      const found: StoredBackup[] = [];
      for await (const page of store.list({ paginate: true })) {
        for (const { key } of page.blobs) {
          const at = backupTime(key);
          const meta = at && (await store.getMetadata(key));
          if (at && meta) found.push({ key, createdAt: at.toISOString(), bytes: Number(meta.metadata['bytes'] ?? 0) });
        }
      }
      return found.sort(newestFirst);
    },
    async save(key, write) {
      const at = backupTime(key);
      if (!at) throw new Error(`not a backup's name: ${key}`);
      // Written to the function's temporary disk first, then sent from the file: never whole in memory.
      const dir = await mkdtemp(join(tmpdir(), 'backup-'));
      try {
        const path = join(dir, key);
        await write(path);
        const { size } = await stat(path);
        await store.set(key, await openAsBlob(path), { metadata: { bytes: size } });
        return { key, createdAt: at.toISOString(), bytes: size };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async open(key) {
      if (!backupTime(key)) return undefined;
      const found = await store.getWithMetadata(key, { type: 'stream' });
      if (!found) return undefined;
      return {
        bytes: Number(found.metadata['bytes'] ?? 0),
        body: Readable.fromWeb(found.data as import('node:stream/web').ReadableStream<Uint8Array>),
      };
    },
    async delete(key) {
      await store.delete(key);
    },
  };
}

/** The one place that picks the backup store: beside the uploads' store, of the same kind. */
export async function createBackupStore(config: Config): Promise<BackupStore> {
  return config.blobStore.kind === 'netlify'
    ? netlifyBackupStore()
    : filesystemBackupStore(join(config.dataDir, 'backups'));
}
