import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** True when the database answers a trivial query. */
export async function isDatabaseReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
