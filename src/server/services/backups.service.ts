import type { Readable } from 'node:stream';
import { backupStream, writeBackupFile, type BackupTarget } from '../backup/archive.ts';
import { insertAuditRow } from '../repositories/audit.repository.ts';
import { backupKey, backupTime, type BackupStore, type StoredBackup } from '../storage/backup-store.ts';
import { auditRow, type Actor } from './audit.service.ts';
import { notFoundError } from './domain-errors.ts';
import { DAY_MS } from '../../lib/durations.ts';

/**
 * Backups for admins: a fresh one downloaded from Settings, the automatic ones kept by the scheduled
 * run (once a day: the last AUTOMATIC_BACKUPS_KEPT, none older than the registrations' retention).
 */
export const AUTOMATIC_BACKUPS_KEPT = 14;
/** The automatic run writes a new backup when the newest is at least this old. */
export const AUTOMATIC_BACKUP_INTERVAL_MS = DAY_MS;
/**
 * How often the automatic run looks whether a backup is due: the scheduled function's schedule on
 * Netlify (every five minutes) and the local server's timer alike.
 */
export const AUTOMATIC_BACKUP_CHECK_MS = 5 * 60_000;

/** A download is recorded when it starts: the file holds everyone's personal data. */
async function recordDownload(target: BackupTarget, actor: Actor, name: string) {
  await insertAuditRow(target.db, auditRow(actor, 'backup', { action: 'create', after: { id: name, name } }));
}

/** A backup of everything as it is now, streamed; the audit row is written before the first byte. */
export async function downloadBackup(
  target: BackupTarget,
  actor: Actor,
  now: Date,
): Promise<{ filename: string; body: Readable }> {
  const filename = `ieee-cs-bdc-${backupKey(now)}`;
  await recordDownload(target, actor, filename);
  return { filename, body: backupStream(target, now) };
}

/** The automatic backups kept, newest first, when the next will be made, and how many and how long are kept. */
export interface AutomaticBackups {
  backups: StoredBackup[];
  /** When the next automatic backup will be made at the latest (the first ever, when none is kept). */
  next: string;
  keep: { count: number; days: number };
}

/**
 * When the next automatic backup will be made at the latest: at the first check once the newest is a
 * day old, or, with none kept (a new site) or one overdue (a server that was off), at the next check.
 */
export function nextAutomaticBackup(kept: readonly StoredBackup[], now: Date): Date {
  const newest = kept[0];
  const due = newest ? Date.parse(newest.createdAt) + AUTOMATIC_BACKUP_INTERVAL_MS : now.getTime();
  return new Date(Math.max(due, now.getTime()) + AUTOMATIC_BACKUP_CHECK_MS);
}

export async function listAutomaticBackups(
  store: BackupStore,
  now: Date,
  retentionDays: number,
): Promise<AutomaticBackups> {
  const backups = await store.list();
  return {
    backups,
    next: nextAutomaticBackup(backups, now).toISOString(),
    keep: { count: AUTOMATIC_BACKUPS_KEPT, days: retentionDays },
  };
}

/** One of the kept backups, streamed; recorded like a fresh download. */
export async function downloadStoredBackup(
  target: BackupTarget,
  store: BackupStore,
  key: string,
  actor: Actor,
): Promise<{ filename: string; bytes: number; body: Readable }> {
  const found = backupTime(key) && (await store.open(key));
  if (!found) throw notFoundError('backup_not_found', 'Backup not found');
  await recordDownload(target, actor, key);
  return { filename: key, ...found };
}

export interface AutomaticBackupReport {
  /** The backup written by this run; undefined when the newest was recent enough. */
  written: StoredBackup | undefined;
  /** Backups deleted: beyond the last AUTOMATIC_BACKUPS_KEPT, or older than the retention period. */
  deleted: string[];
}

/**
 * The automatic backup: writes one when the newest is a day old (or there is none), then deletes the
 * backups beyond the last AUTOMATIC_BACKUPS_KEPT and those older than `retentionDays`, since they hold
 * registrations that retention has deleted since.
 */
export async function runAutomaticBackup(
  target: BackupTarget,
  store: BackupStore,
  now: Date,
  retentionDays: number,
): Promise<AutomaticBackupReport> {
  const kept = await store.list();
  const newest = kept[0];
  let written: StoredBackup | undefined;
  if (!newest || now.getTime() - Date.parse(newest.createdAt) >= AUTOMATIC_BACKUP_INTERVAL_MS) {
    written = await store.save(backupKey(now), (path) => writeBackupFile(target, path, now));
    kept.unshift(written);
  }
  const oldest = now.getTime() - retentionDays * DAY_MS;
  const deleted = kept
    .filter((b, i) => i >= AUTOMATIC_BACKUPS_KEPT || Date.parse(b.createdAt) < oldest)
    .map((b) => b.key);
  for (const key of deleted) await store.delete(key);
  return { written, deleted };
}
