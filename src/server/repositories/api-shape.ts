/** Pieces of every API shape: each entity exposes `_id` and `id` (the same uuid), times as ISO strings. */
export const apiIds = (id: string) => ({ _id: id, id });
export const isoTime = (d: Date | string) => new Date(d).toISOString();
