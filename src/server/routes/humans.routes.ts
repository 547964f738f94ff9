import { Hono, type Context } from 'hono';
import { humanPatchSchema, humanSchema } from '../../lib/schemas/people.schema.ts';
import { requireAdmin } from '../auth/session.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../env.ts';
import { publicCache } from '../http/cache.ts';
import { readJson } from '../http/body.ts';
import { notFound } from '../http/errors.ts';
import { deleteHuman, findHuman, insertHuman, listHumans } from '../repositories/humans.repository.ts';
import { changeHuman } from '../services/humans.service.ts';

const HUMAN_NOT_FOUND = 'Human not found';

export function humanRoutes({ database }: ApiDeps) {
  const db = database.db;

  // PUT replaces every field, PATCH the ones it carries; each is validated before anything is looked up.
  const update = (replace: boolean) => async (c: Context<AppEnv>) => {
    const changes = await readJson(c, replace ? humanSchema : humanPatchSchema);
    const human = await changeHuman(db, c.req.param('id') ?? '', changes);
    if (!human) throw notFound(HUMAN_NOT_FOUND);
    return c.json({ success: true, message: 'Human Updated Successfully', human });
  };

  return new Hono<AppEnv>()
    .get('/', publicCache, async (c) => c.json({ success: true, humans: await listHumans(db) }))
    .get('/:id', publicCache, async (c) => {
      const human = await findHuman(db, c.req.param('id'));
      if (!human) throw notFound(HUMAN_NOT_FOUND);
      return c.json({ success: true, human });
    })
    .post('/', requireAdmin, async (c) => {
      const human = await insertHuman(db, await readJson(c, humanSchema));
      return c.json({ success: true, message: 'Human Added Successfully', human }, 201);
    })
    .put('/:id', requireAdmin, update(true))
    .patch('/:id', requireAdmin, update(false))
    .delete('/:id', requireAdmin, async (c) => {
      if (!(await deleteHuman(db, c.req.param('id')))) throw notFound(HUMAN_NOT_FOUND);
      return c.json({ success: true, message: 'Human Deleted Successfully' });
    });
}
