import type { Kysely } from 'kysely';
import type { Human } from '../../lib/types.ts';
import type { Database } from '../db/schema.ts';
import { updateHuman, type HumanChanges } from '../repositories/humans.repository.ts';

/**
 * An admin's edit of a "Humans of" card (PUT sends every field, PATCH some). The gallery is an island
 * over GET /humans, which browsers revalidate and the CDN keeps for a minute: no page to purge.
 * Undefined when there is no such human.
 */
export function changeHuman(db: Kysely<Database>, id: string, changes: HumanChanges): Promise<Human | undefined> {
  return updateHuman(db, id, changes);
}
