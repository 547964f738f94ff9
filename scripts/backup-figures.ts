import { stat } from 'node:fs/promises';
import type { BackupManifest } from '../src/server/backup/archive.ts';

/** What a backup or restore held and took, for the console: tables, rows, uploads, bytes, time, peak memory. */
export async function describeBackup(manifest: BackupManifest, file: string, ms: number): Promise<string[]> {
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const uploadBytes = manifest.uploads.reduce((sum, u) => sum + u.bytes, 0);
  const { size } = await stat(file);
  return [
    `${file}: schema ${manifest.schemaVersion}, ${manifest.tables.length} tables, ${rows} rows, ` +
      `${manifest.uploads.length} uploads (${mb(uploadBytes)}), file ${mb(size)}`,
    `${(ms / 1000).toFixed(1)} s, peak memory (RSS) ${mb(process.resourceUsage().maxRSS * 1024)}`,
  ];
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
