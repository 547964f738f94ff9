import type { Dialect } from 'kysely';
import { withDriver, wrappedDriver } from './wrapped-driver.ts';

/**
 * A number that moves whenever data may have changed through this database handle: each statement
 * that can write, each COMMIT and ROLLBACK, moves it once when sent and once when answered. An answer
 * computed while the number stayed the same saw no write of this process begin or end, so it is still
 * the current answer for as long as the number has not moved (the API's read cache relies on this;
 * writers in other processes are bounded by the cache's age limit instead).
 */
export interface DataVersion {
  current(): number;
}

/** SELECT, or a WITH whose statements only read: the only statements that leave data as it was. */
const READ_ONLY = /^\s*\(?\s*select\b/i;
const WITH = /^\s*with\b/i;
const WRITE_KEYWORD = /\b(insert|update|delete|merge)\b/i;

export function mayChangeData(sql: string): boolean {
  if (READ_ONLY.test(sql)) return false;
  if (WITH.test(sql)) return WRITE_KEYWORD.test(sql);
  return true;
}

/** The dialect, watched: its version moves around every statement and transaction end that may change data. */
export function watchWrites(dialect: Dialect): { dialect: Dialect; version: DataVersion } {
  let version = 0;
  async function aroundWrite<T>(run: () => Promise<T>): Promise<T> {
    version++;
    try {
      return await run();
    } finally {
      version++;
    }
  }
  const watched = withDriver(dialect, (inner) =>
    wrappedDriver(inner, {
      statement: (query, run) => (mayChangeData(query.sql) ? aroundWrite(run) : run()),
      // Streams are reads in this app, but nothing stops one from writing: counted as writes.
      async *stream(run) {
        version++;
        try {
          yield* run();
        } finally {
          version++;
        }
      },
      transaction: (command, run) => (command === 'commit' || command === 'rollback' ? aroundWrite(run) : run()),
    }),
  );
  return { dialect: watched, version: { current: () => version } };
}
