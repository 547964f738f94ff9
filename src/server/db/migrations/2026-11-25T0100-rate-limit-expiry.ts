import type { Kysely } from 'kysely';

/**
 * Every counted hit also deletes a batch of expired counters (countHits). Without an index on the
 * window's start, finding them read the whole table on every hit, so a flood of contact messages or
 * failed sign-ins from many addresses made each hit slower than the last.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('rate_limits_window_start').on('rate_limits').column('window_start').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rate_limits_window_start').execute();
}
