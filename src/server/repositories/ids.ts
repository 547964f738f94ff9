const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isUuid = (value: string) => UUID.test(value);

/**
 * The one guard for ids from URLs and tokens. Ids are uuids: anything else (a typo, a probe) names no
 * record, so the lookup finds nothing without asking Postgres, which would reject the uuid cast as bad
 * input instead of answering "not found".
 */
export function byId<T>(id: string, lookup: (id: string) => Promise<T | undefined>): Promise<T | undefined> {
  return isUuid(id) ? lookup(id) : Promise.resolve(undefined);
}
