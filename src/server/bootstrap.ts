import type { Kysely } from 'kysely';
import site from '../../content/site.json' with { type: 'json' };
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';
import { hashPassword, randomPassword } from './auth/password.ts';
import { seedSampleData, type SeedResult } from './db/sample-data/index.ts';

export interface BootstrapResult {
  /** Set only when this start created the admin account. */
  createdAdmin?: { email: string; password: string | undefined; generated: boolean };
  /** Set when this start filled the database with sample content. */
  sample?: SeedResult;
}

/**
 * First start on an empty database: create the admin (the home chapter's account) and, when
 * SAMPLE_DATA is on, the sample content. Later starts change nothing.
 */
export async function bootstrap(db: Kysely<Database>, config: Config, now = new Date()): Promise<BootstrapResult> {
  const existing = await db.selectFrom('chapters').select('id').where('isAdmin', '=', true).limit(1).executeTakeFirst();
  if (existing) return {};

  const generated = config.admin.password === undefined;
  const password = config.admin.password ?? randomPassword();
  const admin = await db
    .insertInto('chapters')
    .values({
      name: site.chapterName,
      email: config.admin.email,
      passwordHash: await hashPassword(password),
      phone: '',
      slug: site.homeChapterSlug,
      isAdmin: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const createdAdmin = { email: config.admin.email, password: generated ? password : undefined, generated };
  if (!config.sampleData) return { createdAdmin };
  return { createdAdmin, sample: await seedSampleData(db, { adminId: admin.id, now }) };
}
