import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { formatBytes } from '../src/lib/format.ts';
import type { BackupManifest } from '../src/server/backup/archive.ts';

/** What a backup or restore held and took, for the console: tables, rows, uploads, bytes, time, peak memory. */
export async function describeBackup(manifest: BackupManifest, file: string, ms: number): Promise<string[]> {
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const uploadBytes = manifest.uploads.reduce((sum, u) => sum + u.bytes, 0);
  const { size } = await stat(file);
  return [
    `${file}: schema ${manifest.schemaVersion}, ${manifest.tables.length} tables, ${rows} rows, ` +
      `${manifest.uploads.length} uploads (${formatBytes(uploadBytes)}), file ${formatBytes(size)}`,
    `${(ms / 1000).toFixed(1)} s, peak memory (RSS) ${formatBytes(peakRss())}`,
  ];
}

/**
 * This process's peak resident memory. Linux's getrusage (process.resourceUsage) keeps, across the
 * fork and exec that start a command, the RSS its parent had: a command started by a large process
 * would report that parent's size. The high-water mark of the process's own memory (VmHWM) starts
 * from nothing at exec.
 */
function peakRss(): number {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (hwm) return Number(hwm) * 1024;
  } catch {
    // Not Linux: the process's own figure.
  }
  return process.resourceUsage().maxRSS * 1024;
}
