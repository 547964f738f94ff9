import { Hono, type Context } from 'hono';
import { humanPatchSchema, humanSchema } from '../../lib/schemas/people.schema.ts';
import { currentUser, requireAdmin } from '../auth/session.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { sharedRead } from '../caching/cache-headers.ts';
import { cacheTag } from '../caching/page-cache.ts';
import { purgeStalePages, stalePages } from '../caching/purges.ts';
import { readJson } from '../http/body.ts';
import { notFound } from '../http/errors.ts';
import { deleteHuman, findHuman, insertHuman, listHumans } from '../repositories/humans.repository.ts';
import { auditNote, writtenFields } from '../services/audit.ts';
import { changeHuman } from '../services/humans.service.ts';
import { releaseUploads, replacedImages } from '../services/upload-cleanup.ts';

const HUMAN_NOT_FOUND = 'Human not found';

export function humanRoutes({ database, blobs, pageCache }: ApiDeps) {
  const db = database.db;

  async function existing(id: string) {
    const human = await findHuman(db, id);
    if (!human) throw notFound(HUMAN_NOT_FOUND);
    return human;
  }

  // PUT replaces every field, PATCH the ones it carries.
  const update = (replace: boolean) => async (c: Context<AppEnv>) => {
    const before = await existing(c.req.param('id') ?? '');
    const changes = await readJson(c, replace ? humanSchema : humanPatchSchema);
    const human = await changeHuman(db, before, changes, currentUser(c));
    if (!human) throw notFound(HUMAN_NOT_FOUND);
    await purgeStalePages(pageCache, stalePages.human(human));
    await releaseUploads({ db, blobs }, replacedImages([before.image], [human.image]));
    return c.json({ success: true, message: 'Human Updated Successfully', human });
  };

  return new Hono<AppEnv>()
    .get('/', sharedRead({ tags: () => [cacheTag.humans] }), async (c) => c.json({ success: true, humans: await listHumans(db) }))
    .get('/:id', sharedRead({ tags: (c) => [cacheTag.human(c.req.param('id') ?? '')] }), async (c) => c.json({ success: true, human: await existing(c.req.param('id')) }))
    .post('/', requireAdmin, async (c) => {
      const fields = await readJson(c, humanSchema);
      const audit = auditNote(currentUser(c), { action: 'create', entity: 'human', fields: writtenFields(fields) });
      const human = await insertHuman(db, fields, audit);
      await purgeStalePages(pageCache, stalePages.human(human));
      return c.json({ success: true, message: 'Human Added Successfully', human }, 201);
    })
    .put('/:id', requireAdmin, update(true))
    .patch('/:id', requireAdmin, update(false))
    .delete('/:id', requireAdmin, async (c) => {
      const human = await existing(c.req.param('id'));
      await deleteHuman(db, human.id, auditNote(currentUser(c), { action: 'delete', entity: 'human' }));
      await purgeStalePages(pageCache, stalePages.human(human));
      await releaseUploads({ db, blobs }, [human.image]);
      return c.json({ success: true, message: 'Human Deleted Successfully' });
    });
}
