/** Pieces of every API shape: each entity exposes `_id` and `id` (the same uuid), times as ISO strings. */
export const apiIds = (id: string) => ({ _id: id, id });
export const isoTime = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** A row whose timestamps may also come as strings: rows nested as JSON carry them so. */
export type WithJsonTimes<Row extends { createdAt: Date; updatedAt: Date }> = Omit<Row, 'createdAt' | 'updatedAt'> & {
  createdAt: Date | string;
  updatedAt: Date | string;
};
