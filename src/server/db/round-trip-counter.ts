import type { Dialect } from 'kysely';
import { withDriver, wrappedDriver } from './wrapped-driver.ts';

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

export function roundTripCounter(): RoundTripCounter {
  let count = 0;
  const counted = <T>(run: () => T): T => {
    count++;
    return run();
  };
  return {
    get count() {
      return count;
    },
    wrap: (dialect) =>
      withDriver(dialect, (inner) =>
        wrappedDriver(inner, {
          statement: (_query, run) => counted(run),
          stream: (run) => counted(run),
          transaction: (_command, run) => counted(run),
        }),
      ),
  };
}
