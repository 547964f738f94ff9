import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * Fills an empty local database with believable sample content so `npm start` shows a living site.
 * Each area adds its seeder here; they run in order, once, right after the first start created the admin.
 */
type Seeder = (db: Kysely<Database>, ctx: { adminId: string; now: Date }) => Promise<void>;

const seeders: Seeder[] = [];

export async function seedSampleData(db: Kysely<Database>, ctx: { adminId: string; now: Date }): Promise<void> {
  for (const seed of seeders) await seed(db, ctx);
}
