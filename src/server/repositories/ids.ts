import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A uuid as Postgres writes it: lower-case hex. */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Whether an id from a URL or token is the one spelling of a record's id. Postgres would match a uuid
 * in any letter case (or braced, or without hyphens), but every cache tag, purge and rate-limit key is
 * built from the id as written, so a second spelling would be a second key: a copy no purge reaches, a
 * counter of its own. Only the spelling the database hands out names a record; any other is not found.
 */
export const isCanonicalId = (value: string) => CANONICAL_UUID.test(value);

/**
 * The one guard for ids from URLs and tokens. Ids are canonical uuids: anything else (a typo, a probe,
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
