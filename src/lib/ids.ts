/**
 * Ids have one spelling: a uuid as PostgreSQL writes it, lower-case hex with hyphens. Postgres would
 * match a uuid in any letter case (or braced, or without hyphens), but every cache tag, purge and
 * rate-limit key is built from the id as written, so a second spelling would be a second key: a copy no
 * purge reaches, a counter of its own. Only the spelling the database hands out names a record; any
 * other names none. The repositories' lookups and the schemas of ids in queries both read this rule.
 */
export const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether an id from a URL, a query or a token is the one spelling of a record's id. */
export const isCanonicalId = (value: string) => CANONICAL_UUID.test(value);
