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
