import { Hono } from 'hono';
import { humanSchema } from '../../lib/schemas/people.schema.ts';
import { requireAdmin } from '../auth/session.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../env.ts';
import { publicCache } from '../http/cache.ts';
import { readJson } from '../http/body.ts';
import { notFound } from '../http/errors.ts';
import { isUuid } from '../http/ids.ts';
import { toHuman } from '../mappers.ts';

export function humanRoutes({ database }: ApiDeps) {
  const db = database.db;
  return new Hono<AppEnv>()
    .get('/', publicCache, async (c) => {
      const rows = await db.selectFrom('humans').selectAll().orderBy('createdAt', 'desc').orderBy('id').execute();
      return c.json({ success: true, humans: rows.map(toHuman) });
    })
    .post('/', requireAdmin, async (c) => {
      const input = await readJson(c, humanSchema);
      const row = await db.insertInto('humans').values(input).returningAll().executeTakeFirstOrThrow();
      return c.json({ success: true, message: 'Human Added Successfully', human: toHuman(row) }, 201);
    })
    .delete('/:id', requireAdmin, async (c) => {
      const id = c.req.param('id');
      const deleted = isUuid(id) ? await db.deleteFrom('humans').where('id', '=', id).executeTakeFirst() : undefined;
      if (!deleted || deleted.numDeletedRows === 0n) throw notFound('Human not found');
      return c.json({ success: true, message: 'Human Deleted Successfully' });
    });
}
