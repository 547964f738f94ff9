import { sql, type Kysely } from 'kysely';

const id = (c: any) => c.primaryKey().defaultTo(sql`gen_random_uuid()`);
const now = (c: any) => c.notNull().defaultTo(sql`now()`);
const owner = (c: any) => c.notNull().references('chapters.id').onDelete('cascade');

/** Everything the dashboard manages, plus abuse counters and the upload index. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Bumped on password change: tokens carry the version they were issued under.
  await db.schema
    .alterTable('chapters')
    .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('chapter_infos')
    .addColumn('id', 'uuid', id)
    .addColumn('chapter_id', 'uuid', (c) => owner(c).unique())
    .addColumn('logo', 'text', (c) => c.notNull())
    .addColumn('short_description', 'text', (c) => c.notNull())
    .addColumn('website_url', 'text', (c) => c.notNull())
    .addColumn('facebook_url', 'text', (c) => c.notNull())
    .addColumn('linkedin_url', 'text', (c) => c.notNull())
    .addColumn('about_us', 'text', (c) => c.notNull())
    .addColumn('video_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'uuid', id)
    .addColumn('chapter_id', 'uuid', owner)
    .addColumn('title', 'text', (c) => c.notNull())
    // Wall-clock date and times in Asia/Dhaka, kept as text so every driver returns them unchanged.
    .addColumn('event_date', 'text', (c) => c.notNull().check(sql`event_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('start_time', 'text', (c) => c.notNull().check(sql`start_time ~ '^[0-9]{2}:[0-9]{2}$'`))
    .addColumn('end_time', 'text', (c) => c.notNull().check(sql`end_time ~ '^[0-9]{2}:[0-9]{2}$'`))
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('registration_method', 'text', (c) =>
      c.notNull().check(sql`registration_method in ('Offline', 'Online')`),
    )
    .addColumn('fees', 'numeric(12, 2)', (c) => c.notNull().check(sql`fees >= 0`))
    .addColumn('banner', 'text', (c) => c.notNull())
    .addColumn('event_link', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('events_chapter_idx').on('events').column('chapter_id').execute();

  await db.schema
    .createTable('excom_members')
    .addColumn('id', 'uuid', id)
    .addColumn('chapter_id', 'uuid', owner)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('designation', 'text', (c) => c.notNull())
    .addColumn('affiliation', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('excom_members_chapter_idx').on('excom_members').column('chapter_id').execute();

  await db.schema
    .createTable('committee_members')
    .addColumn('id', 'uuid', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('designation', 'text', (c) => c.notNull())
    .addColumn('affiliation', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('emails', sql`text[]`, (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('whatsapp', 'text')
    .addColumn('linkedin', 'text')
    .addColumn('committee', 'text', (c) =>
      c.notNull().check(sql`committee in ('Excom', 'SAC', 'SEC', 'SPARK', 'GSM', 'WEB')`),
    )
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('team', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('chapters.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema
    .createIndex('committee_members_roster_idx')
    .on('committee_members')
    .columns(['committee', 'year', 'sort_order'])
    .execute();

  await db.schema
    .createTable('humans')
    .addColumn('id', 'uuid', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', now)
    .execute();

  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'uuid', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', now)
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('chapters.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', now)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'uploads',
    'rate_limits',
    'support_messages',
    'humans',
    'committee_members',
    'excom_members',
    'events',
    'chapter_infos',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('chapters').dropColumn('session_version').execute();
}
