import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isCanonicalId } from '../../lib/ids.ts';

/**
 * The one guard for ids from URLs and tokens. Ids are canonical uuids (src/lib/ids.ts): anything else (a typo, a probe,
 * another letter case) names no record, so the lookup finds nothing without asking Postgres, which
 * would reject the uuid cast as bad input instead of answering "not found".
 */
export function byId<T>(id: string, lookup: (id: string) => Promise<T | undefined>): Promise<T | undefined> {
  return isCanonicalId(id) ? lookup(id) : Promise.resolve(undefined);
}

/**
 * A read of one row by id that may lock it (`{ lock: true }`): the row is held until the transaction
 * ends, so an edit reads what it changes. Only a transaction may ask for the lock, since outside one it
 * would end with the read; the types say so.
 */
export interface FindById<T> {
  (tx: Transaction<Database>, id: string, options: { lock: true }): Promise<T | undefined>;
  (db: Kysely<Database>, id: string, options?: { lock?: false }): Promise<T | undefined>;
}

/** A FindById from its read: `id` is canonical (byId) by the time `read` runs. */
export function findById<T>(
  read: (db: Kysely<Database>, id: string, lock: boolean) => Promise<T | undefined>,
): FindById<T> {
  return (db: Kysely<Database>, id: string, { lock = false }: { lock?: boolean } = {}) =>
    byId(id, (canonical) => read(db, canonical, lock));
}
