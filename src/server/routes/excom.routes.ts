import { MEMBER_NOT_FOUND } from '../../lib/api-errors.ts';
import { Hono, type Context } from 'hono';
import { excomSchema, excomUpdateSchema } from '../../lib/schemas/people.schema.ts';
import { assertCanManage, currentUser, requireUser } from '../auth/current-user.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/body.ts';
import { notFound } from '../http/errors.ts';
import { findExcomMember, listExcom } from '../repositories/excom.repository.ts';
import { forViewer } from '../repositories/viewer-scope.ts';
import { addExcomMember, changeExcomMember, removeExcomMember } from '../services/excom.service.ts';

/** A chapter's executive committee, managed from the dashboard and shown on its landing page. */
export function excomRoutes({ database, now, pageCache, blobs }: ApiDeps) {
  const db = database.db;
  const edit = (c: Context<AppEnv>) => ({ db, pageCache, blobs, actor: currentUser(c) });

  async function owned(c: Context<AppEnv>, id: string) {
    const found = await findExcomMember(db, id);
    if (!found) throw notFound(MEMBER_NOT_FOUND, 'member_not_found');
    assertCanManage(currentUser(c), found.chapterId);
    return found.item;
  }

  const update = async (c: Context<AppEnv>, id: string) => {
    await owned(c, id);
    const member = await changeExcomMember(edit(c), id, await readJson(c, excomUpdateSchema), now());
    return c.json({ success: true, message: 'Member Updated Successfully', member });
  };

  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', async (c) => c.json({ success: true, excoms: await listExcom(db, forViewer(currentUser(c))) }))
    .get('/member/:id', async (c) => c.json({ success: true, member: await owned(c, c.req.param('id')) }))
    .post('/', async (c) => {
      const member = await addExcomMember(edit(c), currentUser(c).id, await readJson(c, excomSchema));
      return c.json({ success: true, message: 'Member Added Successfully', member }, 201);
    })
    .put('/:id', (c) => update(c, c.req.param('id')))
    .patch('/:id', (c) => update(c, c.req.param('id')))
    .delete('/:id', async (c) => {
      const member = await owned(c, c.req.param('id'));
      await removeExcomMember(edit(c), member);
      return c.json({ success: true, message: 'Member Deleted Successfully' });
    });
}
