import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryCompiler, QueryResult } from 'kysely';

type Compile = QueryCompiler['compileQuery'];

/**
 * A Kysely driver with hooks around what reaches the database: each statement, and each transaction
 * command (BEGIN, COMMIT, ROLLBACK, savepoints). Everything else is the inner driver's own, and the
 * inner driver always gets its own connection objects back (drivers keep private state on them, such
 * as the open transaction). Used by the round-trip counter.
 */
export interface DriverHooks {
  /** Runs one statement; `run` sends it through the inner connection. */
  statement?<R>(query: CompiledQuery, run: () => Promise<QueryResult<R>>): Promise<QueryResult<R>>;
  /** Runs one streamed statement (its rows arrive in chunks); `run` streams it through the inner connection. */
  stream?<R>(run: () => AsyncIterableIterator<QueryResult<R>>): AsyncIterableIterator<QueryResult<R>>;
  /** Runs one transaction command; `run` sends it through the inner driver. */
  transaction?(command: TransactionCommand, run: () => Promise<void>): Promise<void>;
}

export type TransactionCommand = 'begin' | 'commit' | 'rollback' | 'savepoint';

/** The dialect with its driver wrapped by `wrap`; compiler, adapter and introspector unchanged. */
export function withDriver(dialect: Dialect, wrap: (driver: Driver) => Driver): Dialect {
  return {
    createDriver: () => wrap(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

export function wrappedDriver(inner: Driver, hooks: DriverHooks): Driver {
  const innerOf = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const unwrap = (connection: DatabaseConnection) => innerOf.get(connection) ?? connection;
  const transaction = (command: TransactionCommand, run: () => Promise<void>) =>
    hooks.transaction ? hooks.transaction(command, run) : run();

  return {
    init: (options) => inner.init(options),
    destroy: (options) => inner.destroy(options),
    async acquireConnection(options) {
      const connection = await inner.acquireConnection(options);
      const wrapper: DatabaseConnection = {
        executeQuery<R>(...args: Parameters<DatabaseConnection['executeQuery']>): Promise<QueryResult<R>> {
          const run = () => connection.executeQuery<R>(...args);
          return hooks.statement ? hooks.statement(args[0], run) : run();
        },
        streamQuery<R>(...args: Parameters<DatabaseConnection['streamQuery']>) {
          const run = () => connection.streamQuery<R>(...args);
          return hooks.stream ? hooks.stream(run) : run();
        },
      };
      innerOf.set(wrapper, connection);
      return wrapper;
    },
    releaseConnection: (connection, options) => inner.releaseConnection(unwrap(connection), options),
    beginTransaction: (connection, settings) =>
      transaction('begin', () => inner.beginTransaction(unwrap(connection), settings)),
    commitTransaction: (connection) => transaction('commit', () => inner.commitTransaction(unwrap(connection))),
    rollbackTransaction: (connection) => transaction('rollback', () => inner.rollbackTransaction(unwrap(connection))),
    ...(inner.savepoint && {
      savepoint: (connection: DatabaseConnection, name: string, compile: Compile) =>
        transaction('savepoint', () => inner.savepoint!(unwrap(connection), name, compile)),
    }),
    ...(inner.rollbackToSavepoint && {
      rollbackToSavepoint: (connection: DatabaseConnection, name: string, compile: Compile) =>
        transaction('savepoint', () => inner.rollbackToSavepoint!(unwrap(connection), name, compile)),
    }),
    ...(inner.releaseSavepoint && {
      releaseSavepoint: (connection: DatabaseConnection, name: string, compile: Compile) =>
        transaction('savepoint', () => inner.releaseSavepoint!(unwrap(connection), name, compile)),
    }),
  };
}
