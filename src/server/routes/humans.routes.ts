import { Hono } from 'hono';
import { humanSchema } from '../../lib/schemas/people.schema.ts';
import { requireAdmin } from '../auth/session.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../env.ts';
import { publicCache } from '../http/cache.ts';
import { readJson } from '../http/body.ts';
import { notFound } from '../http/errors.ts';
import { deleteHuman, insertHuman, listHumans } from '../repositories/humans.repository.ts';
import { releaseUploads } from '../services/upload-cleanup.ts';

export function humanRoutes({ database, blobs }: ApiDeps) {
  const db = database.db;
  return new Hono<AppEnv>()
    .get('/', publicCache, async (c) => c.json({ success: true, humans: await listHumans(db) }))
    .post('/', requireAdmin, async (c) => {
      const human = await insertHuman(db, await readJson(c, humanSchema));
      return c.json({ success: true, message: 'Human Added Successfully', human }, 201);
    })
    .delete('/:id', requireAdmin, async (c) => {
      const removed = await deleteHuman(db, c.req.param('id'));
      if (!removed) throw notFound('Human not found');
      await releaseUploads({ db, blobs }, [removed.image]);
      return c.json({ success: true, message: 'Human Deleted Successfully' });
    });
}
