import { EVENT_NOT_FOUND } from '../../lib/api-errors.ts';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { EventItem } from '../../lib/types.ts';
import { assertCanManage, currentUser } from '../auth/current-user.ts';
import type { Database } from '../db/schema.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import type { Owned } from '../repositories/viewer-scope.ts';
import { findVisibleEvent } from '../services/events.service.ts';

/**
 * The event `id` (the path's `:id` unless given) as the viewer may see it, with its chapter: 404 for an
 * id that names none, and for a draft of another chapter (only its chapter and admins know it is there).
 */
export async function visibleEvent(
  db: Kysely<Database>,
  c: Context<AppEnv>,
  id = c.req.param('id') ?? '',
): Promise<Owned<EventItem>> {
  const found = await findVisibleEvent(db, id, c.get('user'));
  if (!found) throw notFound(EVENT_NOT_FOUND, 'event_not_found');
  return found;
}

/**
 * The one guard of the routes that act on an event (the path's `:id`) for its staff: 401 without a
 * session, 404 as visibleEvent, 403 for another chapter's event with `refusal` (saying whose it is and
 * who may do what was asked). Its chapter and admins get the event.
 */
export async function managedEvent(db: Kysely<Database>, c: Context<AppEnv>, refusal?: string): Promise<EventItem> {
  const user = currentUser(c);
  const found = await visibleEvent(db, c);
  assertCanManage(user, found.chapterId, refusal);
  return found.item;
}
