import type { Human } from '../../lib/types.ts';
import { auditedChange } from '../repositories/audit.repository.ts';
import {
  deleteHuman,
  findHuman,
  insertHuman,
  updateHuman,
  type HumanChanges,
  type HumanFields,
} from '../repositories/humans.repository.ts';
import { purgeStalePages, stalePages } from '../caching/purges.ts';
import { auditRow } from './audit.service.ts';
import type { EditDeps } from './edit-deps.ts';
import { releaseUploads, replacedImages } from './upload-cleanup.service.ts';

/**
 * "Humans of" cards, edited by admins. Each change commits with its audit row; then the CDN's copies of
 * the list and of the card go (GET /humans, /humans/{id}).
 */
export async function addHuman(edit: EditDeps, fields: HumanFields): Promise<Human> {
  const human = await auditedChange(
    edit.db,
    (tx) => insertHuman(tx, fields),
    (after) => auditRow(edit.actor, 'human', { action: 'create', after }),
  );
  await purgeStalePages(edit.pageCache, stalePages.human(human));
  return human;
}

/** PUT sends every field, PATCH some. Undefined when there is no such human (any more). */
export async function changeHuman(edit: EditDeps, id: string, changes: HumanChanges): Promise<Human | undefined> {
  const done = await auditedChange(
    edit.db,
    async (tx) => {
      const before = await findHuman(tx, id, { lock: true });
      const after = before && (await updateHuman(tx, id, changes));
      return before && after && { before, after };
    },
    (change) => change && auditRow(edit.actor, 'human', { action: 'update', ...change }),
  );
  if (!done) return undefined;
  // Committed: the cached copies, and an image the card no longer shows, can go.
  await purgeStalePages(edit.pageCache, stalePages.human(done.after));
  await releaseUploads(edit, replacedImages([done.before.image], [done.after.image]));
  return done.after;
}

/** `human` as found. False when it was already gone. */
export async function removeHuman(edit: EditDeps, human: Human): Promise<boolean> {
  const removed = await deleteHuman(
    edit.db,
    human.id,
    auditRow(edit.actor, 'human', { action: 'delete', before: human }),
  );
  if (!removed) return false;
  await purgeStalePages(edit.pageCache, stalePages.human(human));
  await releaseUploads(edit, [human.image]);
  return true;
}
