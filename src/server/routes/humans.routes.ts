import { Hono, type Context } from 'hono';
import { humanPatchSchema, humanSchema } from '../../lib/schemas/people.schema.ts';
import { currentUser, requireAdmin } from '../auth/current-user.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { sharedRead } from '../caching/cache-headers.ts';
import { cacheTag } from '../caching/page-cache.ts';
import { readJson } from '../http/body.ts';
import { notFound } from '../http/errors.ts';
import { findHuman, listHumans } from '../repositories/humans.repository.ts';
import { addHuman, changeHuman, removeHuman } from '../services/humans.service.ts';

const HUMAN_NOT_FOUND = 'Human not found';

export function humanRoutes({ database, pageCache, blobs }: ApiDeps) {
  const db = database.db;
  const edit = (c: Context<AppEnv>) => ({ db, pageCache, blobs, actor: currentUser(c) });

  async function existing(id: string) {
    const human = await findHuman(db, id);
    if (!human) throw notFound(HUMAN_NOT_FOUND, 'human_not_found');
    return human;
  }

  // PUT replaces every field, PATCH the ones it carries.
  const update = (replace: boolean) => async (c: Context<AppEnv>) => {
    const { id } = await existing(c.req.param('id') ?? '');
    const changes = await readJson(c, replace ? humanSchema : humanPatchSchema);
    const human = await changeHuman(edit(c), id, changes);
    if (!human) throw notFound(HUMAN_NOT_FOUND, 'human_not_found');
    return c.json({ success: true, message: 'Human Updated Successfully', human });
  };

  return new Hono<AppEnv>()
    .get('/', sharedRead({ tags: () => [cacheTag.humans] }), async (c) =>
      c.json({ success: true, humans: await listHumans(db) }),
    )
    .get('/:id', sharedRead({ tags: (c) => [cacheTag.human(c.req.param('id') ?? '')] }), async (c) =>
      c.json({ success: true, human: await existing(c.req.param('id')) }),
    )
    .post('/', requireAdmin, async (c) => {
      const human = await addHuman(edit(c), await readJson(c, humanSchema));
      return c.json({ success: true, message: 'Human Added Successfully', human }, 201);
    })
    .put('/:id', requireAdmin, update(true))
    .patch('/:id', requireAdmin, update(false))
    .delete('/:id', requireAdmin, async (c) => {
      if (!(await removeHuman(edit(c), await existing(c.req.param('id')))))
        throw notFound(HUMAN_NOT_FOUND, 'human_not_found');
      return c.json({ success: true, message: 'Human Deleted Successfully' });
    });
}
