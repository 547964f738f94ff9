import { Hono, type Context } from 'hono';
import { eventSchema, eventUpdateSchema } from '../../lib/schemas/event.schema.ts';
import { assertCanManage, currentUser, requireUser } from '../auth/session.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../env.ts';
import { publicCache } from '../http/cache.ts';
import { readJson, validate } from '../http/body.ts';
import { notFound } from '../http/errors.ts';
import { findEvent } from '../repositories/events.repository.ts';
import { EVERY_CHAPTER, forViewer } from '../repositories/viewer-scope.ts';
import { addEvent, changeEvent, eventsInOrder, removeEvent } from '../services/events.service.ts';

export function eventRoutes({ database, now, pageCache }: ApiDeps) {
  const db = database.db;
  const edit = (c: Context<AppEnv>) => ({ db, pageCache, actor: currentUser(c) });

  async function ownedEvent(c: Context<AppEnv>, id: string) {
    const found = await findEvent(db, id);
    if (!found) throw notFound('Event not found');
    assertCanManage(currentUser(c), found.chapterId);
    return found.item;
  }

  const update = async (c: Context<AppEnv>, id: string) => {
    const existing = await ownedEvent(c, id);
    const changes = await readJson(c, eventUpdateSchema);
    const merged = validate(eventSchema, { ...existing, ...changes });
    const event = await changeEvent(edit(c), existing, merged, now());
    return c.json({ success: true, message: 'Event Updated Successfully', event });
  };

  return new Hono<AppEnv>()
    .get('/', publicCache, async (c) =>
      c.json({ success: true, events: await eventsInOrder(db, EVERY_CHAPTER, now()) }),
    )
    .get('/myevents', requireUser, async (c) =>
      c.json({ success: true, events: await eventsInOrder(db, forViewer(currentUser(c)), now()) }),
    )
    .get('/:id', publicCache, async (c) => {
      const found = await findEvent(db, c.req.param('id'));
      if (!found) throw notFound('Event not found');
      return c.json({ success: true, event: found.item });
    })
    .post('/', requireUser, async (c) => {
      const user = currentUser(c);
      const event = await addEvent(edit(c), user.id, await readJson(c, eventSchema));
      return c.json({ success: true, message: 'Event Added Successfully', event }, 201);
    })
    .put('/:id', requireUser, (c) => update(c, c.req.param('id')))
    .patch('/:id', requireUser, (c) => update(c, c.req.param('id')))
    .delete('/:id', requireUser, async (c) => {
      const event = await ownedEvent(c, c.req.param('id'));
      await removeEvent(edit(c), event);
      return c.json({ success: true, message: 'Event Deleted Successfully' });
    });
}
