import {
  DummyDriver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type AlterTableNode,
  type ColumnNode,
  type CompiledQuery,
  type CreateTableNode,
  type DatabaseConnection,
  type Dialect,
  type DropTableNode,
  type TableNode,
} from 'kysely';
import type { Migration } from 'kysely/migration';
import { openDatabase } from './database-handle.ts';
import { migrations } from './migrations/index.ts';

/** Each table a schema version has, with the names of its columns (Kysely's own tables left out). */
export type SchemaCatalog = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * The tables and columns the migrations up to `version` make, read from what each migration asks of
 * the database rather than from a database: every migration runs, in order, against a Kysely that
 * executes nothing and records each statement (through the same plugins as the real one, so names are
 * spelled as the database gets them). Creating, altering (add, drop, rename a column; rename) and
 * dropping tables through Kysely's schema builder are followed; statements that touch no table's
 * columns (indexes, data) are passed over. Returns undefined when a migration does what this reading
 * cannot follow (raw SQL that changes a table, a table made from a query, another schema): the caller
 * then asks a real database. A test compares the result with a migrated database's catalog at every
 * version.
 */
export async function catalogFromMigrations(
  version: string,
  list: Record<string, Migration> = migrations,
): Promise<SchemaCatalog | undefined> {
  const statements: CompiledQuery[] = [];
  const recording: Dialect = {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => {
      const driver = new DummyDriver();
      const connection: DatabaseConnection = {
        executeQuery: async (query) => {
          statements.push(query);
          return { rows: [] };
        },
        // eslint-disable-next-line require-yield
        streamQuery: async function* () {
          return;
        },
      };
      driver.acquireConnection = async () => connection;
      return driver;
    },
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
  const { db } = openDatabase(recording, 'postgres');
  // Migrations run directly (not through Kysely's migrator), so its own tables are never among these.
  const tables = new Map<string, Set<string>>();
  try {
    for (const [name, migration] of Object.entries(list)) {
      // A migration that needs answers from a real database (it reads rows, expects one) can't be followed.
      if (
        !(await migration.up(db).then(
          () => true,
          () => false,
        ))
      )
        return undefined;
      for (const statement of statements.splice(0)) if (!follow(tables, statement)) return undefined;
      if (name === version) return tables;
    }
    return undefined;
  } finally {
    await db.destroy();
  }
}

/** A table's name, when it is in the default schema (the only one a backup holds). */
const tableName = (node: TableNode) => (node.table.schema ? undefined : node.table.identifier.name);
const columnName = (node: ColumnNode) => node.column.name;

/**
 * Whether raw SQL (a statement, or a `do` block) leaves every table's columns as they are: it creates
 * and renames no table, and each `add` and `drop` in it is of something other than a table or a column
 * (a constraint, a default, an index...), each `alter` of a table or a column. PostgreSQL lets `column`
 * be left out (`add x int`): any word but those listed counts as a column. Anything else is not followed.
 */
const CHANGES_TABLES =
  /\b(create\s+((global|local)\s+)?((temp|temporary|unlogged)\s+)?table|rename|into\s+(temp|temporary|unlogged|table)\b)/i;
const COLUMN_NEUTRAL = new Set(['constraint', 'default', 'not', 'index', 'function', 'trigger', 'type', 'extension']);
function columnNeutral(text: string): boolean {
  if (CHANGES_TABLES.test(text) || /\bselect\b[^;]*\binto\b/i.test(text.replace(/\binsert\s+into\b/gi, '')))
    return false;
  for (const [, verb, what] of text.matchAll(/\b(add|drop|alter)\s+(\w+)/gi))
    // `alter table` and `alter column` are judged by what follows them (a type, a default, a constraint).
    if (
      !COLUMN_NEUTRAL.has(what!.toLowerCase()) &&
      !(verb!.toLowerCase() === 'alter' && /^(table|column)$/i.test(what!))
    )
      return false;
  return true;
}

/** Applies one recorded statement to the tables; false when it is one this reading cannot follow. */
function follow(tables: Map<string, Set<string>>, statement: CompiledQuery): boolean {
  const node = statement.query;
  switch (node.kind) {
    case 'CreateTableNode': {
      const create = node as CreateTableNode;
      const name = tableName(create.table);
      if (!name || create.selectQuery || create.temporary) return false;
      if (!(create.ifNotExists && tables.has(name)))
        tables.set(name, new Set(create.columns.map((c) => columnName(c.column))));
      return true;
    }
    case 'AlterTableNode': {
      const alter = node as AlterTableNode;
      const name = tableName(alter.table);
      const columns = name === undefined ? undefined : tables.get(name);
      if (!name || !columns || alter.setSchema) return false;
      for (const change of alter.columnAlterations ?? []) {
        if (change.kind === 'AddColumnNode') columns.add(columnName(change.column.column));
        else if (change.kind === 'DropColumnNode') columns.delete(columnName(change.column));
        else if (change.kind === 'RenameColumnNode') {
          columns.delete(columnName(change.column));
          columns.add(columnName(change.renameTo));
        } else if (change.kind !== 'AlterColumnNode') return false;
      }
      if (alter.renameTo) {
        const to = tableName(alter.renameTo);
        if (!to) return false;
        tables.delete(name);
        tables.set(to, columns);
      }
      return true;
    }
    case 'DropTableNode': {
      const name = tableName((node as DropTableNode).table);
      if (!name) return false;
      tables.delete(name);
      return true;
    }
    case 'RawNode':
      return columnNeutral(statement.sql);
    default:
      // Kysely's other builders: indexes, views, types, schemas, and queries of data.
      return !/Table|Column/.test(node.kind);
  }
}
