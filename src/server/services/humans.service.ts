import type { Kysely } from 'kysely';
import type { Human } from '../../lib/types.ts';
import type { Database } from '../db/schema.ts';
import { updateHuman, type HumanChanges } from '../repositories/humans.repository.ts';
import { changedFields, recordAudit, type Actor } from './audit.ts';

/**
 * An admin's edit of a "Humans of" card (PUT sends every field, PATCH some). The gallery is an island
 * over GET /humans, which browsers revalidate and the CDN keeps for a minute: no page to purge.
 * Undefined when there is no such human.
 */
export async function changeHuman(
  db: Kysely<Database>,
  before: Human,
  changes: HumanChanges,
  actor: Actor,
): Promise<Human | undefined> {
  const after = await updateHuman(db, before.id, changes);
  const fields = after ? changedFields(before, after) : [];
  if (after && fields.length > 0) {
    await recordAudit(db, actor, { action: 'update', entity: 'human', entityId: after.id, fields });
  }
  return after;
}
