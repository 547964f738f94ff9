import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The SQL of backup and restore. It works on whatever tables the database holds (read from the
 * catalog, never from a list here), so a table a migration adds is backed up without a change here.
 * Rows travel as PostgreSQL's own JSON text (row_to_json out, json_populate_recordset in), so every
 * type comes back as it was: timestamps to the microsecond, numeric and bigint exactly, jsonb, arrays.
 */

/** Kysely's own bookkeeping: a restore rebuilds these by migrating, so the backup names a version instead. */
export const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'] as const;

export interface ColumnInfo {
  name: string;
  /** As PostgreSQL spells it (format_type): `uuid`, `timestamp with time zone`, `text[]`... */
  type: string;
  /** Computed by the database (GENERATED ... STORED): never written by a restore. */
  generated: boolean;
  /** The sequence behind an identity or serial column, set past the restored rows. */
  sequence: string | null;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  primaryKey: string[];
}

/** A quoted identifier (names come from the catalog; the quoting keeps any spelling intact). */
const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);
const identList = (names: readonly string[]) => sql.join(names.map(ident));

/** Every table of the current schema but Kysely's, with its columns and primary key, by name. */
export async function listTables(db: Kysely<Database>): Promise<TableInfo[]> {
  const { rows: columns } = await sql<{
    tableName: string;
    columnName: string;
    type: string;
    generated: boolean;
    sequence: string | null;
  }>`select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type,
        a.attgenerated <> '' as generated, pg_get_serial_sequence(quote_ident(c.relname), a.attname) as sequence
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid
      where n.nspname = current_schema() and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(db);
  const { rows: keys } = await sql<{ tableName: string; columnName: string }>`
      select c.relname as table_name, a.attname as column_name
      from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum = any (i.indkey)
      where n.nspname = current_schema() and i.indisprimary
      order by c.relname, array_position(i.indkey::int2[], a.attnum)`.execute(db);
  const tables = new Map<string, TableInfo>();
  for (const { tableName, columnName, type, generated, sequence } of columns) {
    if ((MIGRATION_TABLES as readonly string[]).includes(tableName)) continue;
    const table = tables.get(tableName) ?? { name: tableName, columns: [], primaryKey: [] };
    table.columns.push({ name: columnName, type, generated, sequence });
    tables.set(tableName, table);
  }
  for (const { tableName, columnName } of keys) tables.get(tableName)?.primaryKey.push(columnName);
  return [...tables.values()];
}

/** Each foreign key as the table that refers and the table it refers to. */
export async function listForeignKeys(db: Kysely<Database>): Promise<{ from: string; to: string }[]> {
  const { rows } = await sql<{ from: string; to: string }>`
      select child.relname as from, parent.relname as to
      from pg_constraint k
      join pg_class child on child.oid = k.conrelid
      join pg_class parent on parent.oid = k.confrelid
      join pg_namespace n on n.oid = k.connamespace
      where k.contype = 'f' and n.nspname = current_schema()`.execute(db);
  return rows;
}

/** The migrations the database has had, in order; none when it was never migrated. */
export async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ exists: boolean }>`
      select to_regclass('kysely_migration') is not null as exists`.execute(db);
  if (!rows[0]?.exists) return [];
  const { rows: names } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return names.map((r) => r.name);
}

/**
 * Runs `read` in one read-only REPEATABLE READ transaction: every table is read as of the same moment,
 * so a row and the rows it refers to are both in the backup or neither is.
 */
export function inSnapshot<T>(db: Kysely<Database>, read: (tx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(read);
}

let cursors = 0;

/**
 * A table's rows, each as one line of JSON text, a page at a time through a cursor (in the primary
 * key's order), so a table of any size never sits in memory. Call inside `inSnapshot`.
 */
export async function* tableRows(tx: Kysely<Database>, table: TableInfo, pageSize = 1000): AsyncGenerator<string[]> {
  const cursor = ident(`backup_cursor_${++cursors}`);
  const order = table.primaryKey.length ? sql` order by ${identList(table.primaryKey)}` : sql``;
  await sql`declare ${cursor} no scroll cursor for
      select row_to_json(t)::text as line from ${ident(table.name)} as t${order}`.execute(tx);
  try {
    for (;;) {
      const { rows } = await sql<{ line: string }>`fetch forward ${sql.lit(pageSize)} from ${cursor}`.execute(tx);
      if (rows.length === 0) return;
      yield rows.map((r) => r.line);
      if (rows.length < pageSize) return;
    }
  } finally {
    await sql`close ${cursor}`.execute(tx);
  }
}

/** The tables (of those named) that hold at least one row. */
export async function tablesWithRows(db: Kysely<Database>, tables: readonly string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const checks: RawBuilder<unknown>[] = tables.map(
    (name) => sql`select ${name}::text as name where exists (select 1 from ${ident(name)})`,
  );
  const { rows } = await sql<{ name: string }>`${sql.join(checks, sql` union all `)}`.execute(db);
  return rows.map((r) => r.name);
}

/** Drops every table of the current schema, Kysely's included: a restore then migrates from nothing. */
export async function dropAllTables(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p')`.execute(db);
  if (rows.length === 0) return;
  await sql`drop table if exists ${identList(rows.map((r) => r.name))} cascade`.execute(db);
}

/**
 * Writes rows given as JSON text into a table, in one statement: PostgreSQL reads them into the
 * table's own row type. Identity values are written as they were (OVERRIDING SYSTEM VALUE); computed
 * columns are left to the database.
 */
export async function insertRows(tx: Kysely<Database>, table: TableInfo, lines: readonly string[]): Promise<void> {
  if (lines.length === 0) return;
  const columns = identList(table.columns.filter((c) => !c.generated).map((c) => c.name));
  await sql`insert into ${ident(table.name)} (${columns}) overriding system value
      select ${columns} from json_populate_recordset(null::${ident(table.name)}, ${`[${lines.join(',')}]`}::json)`.execute(
    tx,
  );
}

/** Sets each sequence of the table past the largest value restored, so new rows don't collide. */
export async function resetSequences(tx: Kysely<Database>, table: TableInfo): Promise<void> {
  for (const column of table.columns) {
    if (!column.sequence) continue;
    await sql`select setval(${column.sequence}::regclass,
        coalesce((select max(${ident(column.name)}) from ${ident(table.name)}), 0) + 1, false)`.execute(tx);
  }
}

/**
 * Marks the database as holding the restore `id`, in the restore's own transaction: the mark is there
 * exactly when that transaction committed, which is how a later run knows whether the uploads of an
 * interrupted restore belong to the database. It is a comment on Kysely's table (which every restore
 * drops and creates again), so it is in no table's rows and no backup.
 */
export async function markRestore(tx: Kysely<Database>, id: string): Promise<void> {
  await sql`comment on table kysely_migration is ${sql.lit(`restore ${id}`)}`.execute(tx);
}

/** The restore the database's last committed restore marked (see markRestore); undefined when none. */
export async function restoreMark(db: Kysely<Database>): Promise<string | undefined> {
  const { rows } = await sql<{ mark: string | null }>`
      select obj_description(to_regclass('kysely_migration'), 'pg_class') as mark`.execute(db);
  return rows[0]?.mark?.match(/^restore (.+)$/)?.[1];
}

/** The one advisory lock key of restores and command-line backups (any fixed number would do). */
const MAINTENANCE_LOCK = '4837201955';

/**
 * Runs `run` while holding PostgreSQL's session advisory lock of restores and command-line backups,
 * taken on a connection of its own that stays open until `run` ends (the lock ends with the session,
 * so a killed process never leaves it held). Returns `{ held: false }` at once, without running `run`,
 * when another session holds the lock. PostgreSQL only: PGlite's folder has one process at a time.
 */
export async function withMaintenanceLock<T>(
  db: Kysely<Database>,
  run: () => Promise<T>,
): Promise<{ held: true; value: T } | { held: false }> {
  return db.connection().execute(async (session) => {
    const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_lock(${MAINTENANCE_LOCK}::bigint) as locked`.execute(session);
    if (!rows[0]?.locked) return { held: false };
    try {
      return { held: true, value: await run() };
    } finally {
      // A connection lost meanwhile took its lock with it; whatever `run` threw is the error that matters.
      await sql`select pg_advisory_unlock(${MAINTENANCE_LOCK}::bigint)`.execute(session).catch(() => undefined);
    }
  });
}
