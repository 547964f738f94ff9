import type { DatabaseConnection, Dialect, Driver, QueryCompiler, QueryResult, TransactionSettings } from 'kysely';

/**
 * Counts the database round trips a dialect makes: every statement sent, and every BEGIN, COMMIT,
 * ROLLBACK and savepoint command (each is its own exchange with the server, whatever the driver does
 * internally). Used by the API bench and the tests that pin how many round trips a request costs;
 * the product never wraps its dialect.
 */
export interface RoundTripCounter {
  /** Round trips since the counter was made. */
  readonly count: number;
  /** The same dialect, counting through this counter. */
  wrap(dialect: Dialect): Dialect;
}

type Compile = QueryCompiler['compileQuery'];

export function roundTripCounter(): RoundTripCounter {
  let count = 0;

  const countingDriver = (inner: Driver): Driver => {
    // The inner driver gets its own connection objects back: drivers keep private state on them.
    const innerOf = new WeakMap<DatabaseConnection, DatabaseConnection>();
    const unwrap = (connection: DatabaseConnection) => innerOf.get(connection) ?? connection;
    const counted = <T>(run: () => Promise<T>) => {
      count++;
      return run();
    };
    return {
      init: (options) => inner.init(options),
      destroy: (options) => inner.destroy(options),
      async acquireConnection(options) {
        const connection = await inner.acquireConnection(options);
        const wrapper: DatabaseConnection = {
          executeQuery: <R>(...args: Parameters<DatabaseConnection['executeQuery']>): Promise<QueryResult<R>> =>
            counted(() => connection.executeQuery<R>(...args)),
          streamQuery: <R>(...args: Parameters<DatabaseConnection['streamQuery']>) => {
            count++;
            return connection.streamQuery<R>(...args);
          },
        };
        innerOf.set(wrapper, connection);
        return wrapper;
      },
      releaseConnection: (connection, options) => inner.releaseConnection(unwrap(connection), options),
      beginTransaction: (connection, settings: TransactionSettings) =>
        counted(() => inner.beginTransaction(unwrap(connection), settings)),
      commitTransaction: (connection) => counted(() => inner.commitTransaction(unwrap(connection))),
      rollbackTransaction: (connection) => counted(() => inner.rollbackTransaction(unwrap(connection))),
      ...(inner.savepoint && {
        savepoint: (connection: DatabaseConnection, name: string, compile: Compile) =>
          counted(() => inner.savepoint!(unwrap(connection), name, compile)),
      }),
      ...(inner.rollbackToSavepoint && {
        rollbackToSavepoint: (connection: DatabaseConnection, name: string, compile: Compile) =>
          counted(() => inner.rollbackToSavepoint!(unwrap(connection), name, compile)),
      }),
      ...(inner.releaseSavepoint && {
        releaseSavepoint: (connection: DatabaseConnection, name: string, compile: Compile) =>
          counted(() => inner.releaseSavepoint!(unwrap(connection), name, compile)),
      }),
    };
  };

  return {
    get count() {
      return count;
    },
    wrap: (dialect) => ({
      createDriver: () => countingDriver(dialect.createDriver()),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    }),
  };
}
