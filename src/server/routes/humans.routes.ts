import { Hono } from 'hono';
import { humanSchema } from '../../lib/schemas/people.schema.ts';
import { currentUser, requireAdmin } from '../auth/session.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../env.ts';
import { publicCache } from '../http/cache.ts';
import { readJson } from '../http/body.ts';
import { notFound } from '../http/errors.ts';
import { deleteHuman, findHuman, insertHuman, listHumans } from '../repositories/humans.repository.ts';
import { auditNote, writtenFields } from '../services/audit.ts';

export function humanRoutes({ database }: ApiDeps) {
  const db = database.db;
  return new Hono<AppEnv>()
    .get('/', publicCache, async (c) => c.json({ success: true, humans: await listHumans(db) }))
    .post('/', requireAdmin, async (c) => {
      const fields = await readJson(c, humanSchema);
      const audit = auditNote(currentUser(c), { action: 'create', entity: 'human', fields: writtenFields(fields) });
      const human = await insertHuman(db, fields, audit);
      return c.json({ success: true, message: 'Human Added Successfully', human }, 201);
    })
    .delete('/:id', requireAdmin, async (c) => {
      const human = await findHuman(db, c.req.param('id'));
      if (!human) throw notFound('Human not found');
      await deleteHuman(db, human.id, auditNote(currentUser(c), { action: 'delete', entity: 'human' }));
      return c.json({ success: true, message: 'Human Deleted Successfully' });
    });
}
