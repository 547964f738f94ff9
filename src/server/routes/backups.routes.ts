import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Hono, type Context } from 'hono';
import { currentUser, requireAdmin } from '../auth/current-user.ts';
import { PRIVATE_CACHE_CONTROL } from '../caching/cache-headers.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { downloadBackup, downloadStoredBackup, listAutomaticBackups } from '../services/backups.service.ts';
import { createBackupStore } from '../storage/backup-store.ts';

export const BACKUP_CONTENT_TYPE = 'application/gzip';

/** A backup as a download: streamed as it is written, never kept by any cache. */
function attachment(c: Context<AppEnv>, filename: string, body: Readable, bytes?: number) {
  c.header('Cache-Control', PRIVATE_CACHE_CONTROL);
  c.header('Content-Type', BACKUP_CONTENT_TYPE);
  c.header('Content-Disposition', `attachment; filename="${filename}"`);
  if (bytes !== undefined) c.header('Content-Length', String(bytes));
  return c.body(Readable.toWeb(body) as WebReadableStream<Uint8Array> as ReadableStream<Uint8Array>);
}

/**
 * Backups, for admins only: `GET /backups` lists the automatic ones (with when the next will be made),
 * `GET /backups/now` downloads a fresh one of everything, `GET /backups/{key}` one of the kept ones.
 * Each download is audited.
 */
export function backupRoutes({ config, database, blobs, now }: ApiDeps) {
  const store = () => createBackupStore(config);
  const target = { db: database.db, kind: database.kind, blobs };
  return new Hono<AppEnv>()
    .get('/', requireAdmin, async (c) => {
      c.header('Cache-Control', PRIVATE_CACHE_CONTROL);
      return c.json({
        success: true,
        ...(await listAutomaticBackups(await store(), now(), config.registrationRetentionDays)),
      });
    })
    .get('/now', requireAdmin, async (c) => {
      const { filename, body } = await downloadBackup(target, currentUser(c), now());
      return attachment(c, filename, body);
    })
    .get('/:key', requireAdmin, async (c) => {
      const found = await downloadStoredBackup(target, await store(), c.req.param('key'), currentUser(c));
      return attachment(c, found.filename, found.body, found.bytes);
    });
}
