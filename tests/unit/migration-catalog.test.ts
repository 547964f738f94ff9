import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { catalogFromMigrations } from '../../src/server/db/migration-catalog.ts';
import { migrations } from '../../src/server/db/migrations/index.ts';

/**
 * The tables and columns a restore accepts, read from the migrations without a database: what the
 * reading follows, and what it leaves to a real database (undefined). tests/api/backup.test.ts compares
 * the reading with a migrated database's catalog at every version of the real migrations.
 */
const plain = (catalog: Awaited<ReturnType<typeof catalogFromMigrations>>) =>
  catalog && Object.fromEntries([...catalog].map(([table, columns]) => [table, [...columns].sort()]));

const step = (up: (db: Kysely<any>) => Promise<unknown>): Migration => ({ up: async (db) => void (await up(db)) });

const base: Record<string, Migration> = {
  '1-people': step((db) =>
    db.schema
      .createTable('people')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('name', 'text')
      .addColumn('nick', 'text')
      .execute(),
  ),
  '2-pets': step(async (db) => {
    await db.schema.createTable('pets').addColumn('id', 'integer').execute();
    await db.schema.createIndex('pets_id').on('pets').column('id').execute();
    await sql`create unique index people_name on people (lower(name))`.execute(db);
  }),
  '3-changes': step(async (db) => {
    await db.schema.alterTable('people').addColumn('email', 'text').dropColumn('nick').execute();
    await db.schema.alterTable('people').renameColumn('name', 'full_name').execute();
    await db.schema.alterTable('pets').renameTo('animals').execute();
    await db.schema
      .alterTable('animals')
      .alterColumn('id', (c) => c.setDataType('bigint'))
      .execute();
  }),
  '4-gone': step((db) => db.schema.dropTable('animals').execute()),
};

describe('the catalog read from the migrations', () => {
  it('follows tables made, changed, renamed and dropped by the schema builder, up to the version asked', async () => {
    expect(plain(await catalogFromMigrations('1-people', base))).toEqual({ people: ['id', 'name', 'nick'] });
    expect(plain(await catalogFromMigrations('2-pets', base))).toEqual({
      people: ['id', 'name', 'nick'],
      pets: ['id'],
    });
    expect(plain(await catalogFromMigrations('3-changes', base))).toEqual({
      people: ['email', 'full_name', 'id'],
      animals: ['id'],
    });
    expect(plain(await catalogFromMigrations('4-gone', base))).toEqual({ people: ['email', 'full_name', 'id'] });
    expect(await catalogFromMigrations('5-unknown', base)).toBeUndefined();
  });

  it('passes over raw SQL that changes no table’s columns: indexes, data, a do block changing constraints', async () => {
    const list = {
      ...base,
      '5-raw': step(async (db) => {
        await sql`insert into people (id, full_name) select gen_random_uuid(), 'x'`.execute(db);
        await sql`update people set email = lower(email)`.execute(db);
        await sql`do $$ begin
            execute format('alter table people drop constraint %I', 'c');
            execute format('alter table people add constraint %I check (email <> %L)', 'c', '');
            alter table people alter column email set default '';
          end $$`.execute(db);
      }),
    };
    expect(plain(await catalogFromMigrations('5-raw', list))).toEqual({ people: ['email', 'full_name', 'id'] });
  });

  it.each([
    ['adds a column without the word column', sql`alter table people add phone text`],
    ['adds a column', sql`alter table people add column phone text`],
    ['drops a column', sql`alter table people drop column email`],
    ['renames a column', sql`alter table people rename column email to mail`],
    ['creates a table', sql`create table notes (id int)`],
    ['creates an unlogged table', sql`create unlogged table notes (id int)`],
    ['drops a table', sql`drop table people`],
    ['makes a table of a query', sql`select * into notes from people`],
    ['drops a schema', sql`drop schema public cascade`],
  ])('leaves to a real database a migration whose raw SQL %s', async (_, statement) => {
    const list = { ...base, '5-raw': step((db) => statement.execute(db)) };
    expect(await catalogFromMigrations('5-raw', list)).toBeUndefined();
  });

  it('leaves to a real database a migration that needs rows from it, or works in another schema', async () => {
    const reads = {
      ...base,
      '5-reads': step((db) => db.selectFrom('people').select('id').executeTakeFirstOrThrow()),
    };
    expect(await catalogFromMigrations('5-reads', reads)).toBeUndefined();
    const elsewhere = {
      ...base,
      '5-schema': step((db) => db.schema.withSchema('other').createTable('t').addColumn('id', 'integer').execute()),
    };
    expect(await catalogFromMigrations('5-schema', elsewhere)).toBeUndefined();
  });

  it('reads the site’s own migrations (their raw SQL included), Kysely’s own tables left out', async () => {
    const catalog = await catalogFromMigrations('2026-11-29T0200-mail-limits');
    expect(catalog?.get('registrations')).toContain('full_name');
    expect(catalog?.get('email_sends')).toEqual(new Set(['id', 'address_hash', 'sent_at']));
    expect(catalog?.has('kysely_migration')).toBe(false);
    expect(Object.keys(migrations)).toContain('2026-11-29T0200-mail-limits');
  });
});
