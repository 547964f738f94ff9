import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { PGliteDialect, type Dialect, type Driver, type QueryResult } from 'kysely';
import { withDriver, wrappedDriver } from './wrapped-driver.ts';

/**
 * Kysely's PGlite dialect, with each statement outside a transaction sent to the engine as one
 * message (Parse, Bind, Describe, Execute, Sync) where PGlite.query makes six separate calls into
 * the WebAssembly engine (it first asks for the parameter types to pick a serializer for each), and
 * prepared once: the engine parses and plans the API's statements the first time only, as pg's
 * named statements would on a server. Together they cut the engine's share of a read several-fold
 * (see `npm run bench -- api`). Parameters go as text and PostgreSQL infers
 * their types from the statement, exactly as PGlite.query's Parse does; the only difference is who
 * turns a value into text, so only values whose text is the same either way take this path (strings,
 * numbers, booleans, dates, null). Anything else, and every statement inside a transaction, goes
 * through Kysely's own PGlite connection unchanged.
 */
export function pgliteDialect(pglite: PGlite): Dialect {
  return withDriver(new PGliteDialect({ pglite }), (inner) => oneMessageDriver(inner, pglite));
}

type TextParameter = string | null;

/** The text PGlite would send for the value, or undefined when only PGlite's serializers know it. */
function asText(value: unknown): TextParameter | undefined {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
    default:
      return undefined;
  }
}

function textParameters(parameters: readonly unknown[]): TextParameter[] | undefined {
  const texts: TextParameter[] = [];
  for (const value of parameters) {
    const text = asText(value);
    if (text === undefined) return undefined;
    texts.push(text);
  }
  return texts;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/** The API's statements are a fixed set; past this many, new ones are parsed each time. */
const MAX_PREPARED = 200;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * The statements prepared (parsed and planned once) in PGlite's one session, by SQL text. PostgreSQL
 * replans a prepared statement itself when a table it uses changes; still, a schema change made
 * outside a transaction, and any transaction (migrations change the schema in one), drops them all,
 * and a statement that fails is dropped, so each is prepared afresh next time.
 */
class PreparedStatements {
  readonly #names = new Map<string, string>();
  #made = 0;

  /** The statement's name if prepared, and whether this call prepares it. */
  nameFor(sql: string): { name: string; isNew: boolean } | undefined {
    const known = this.#names.get(sql);
    if (known) return { name: known, isNew: false };
    if (!PREPARABLE.test(sql) || this.#names.size >= MAX_PREPARED) return undefined;
    const name = `kysely_${++this.#made}`;
    this.#names.set(sql, name);
    return { name, isNew: true };
  }

  forget(sql: string): string | undefined {
    const name = this.#names.get(sql);
    this.#names.delete(sql);
    return name;
  }

  forgetAll(): string[] {
    const names = [...this.#names.values()];
    this.#names.clear();
    return names;
  }
}

function oneMessage(sql: string, values: TextParameter[], prepared: { name: string; isNew: boolean } | undefined) {
  const { serialize } = protocol;
  const statement = prepared?.name ?? '';
  return concat([
    ...(prepared?.isNew !== false ? [serialize.parse({ name: statement, text: sql })] : []),
    serialize.bind({ statement, values }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
}

const closing = (names: string[]) =>
  concat([...names.map((name) => protocol.serialize.close({ type: 'S', name })), protocol.serialize.sync()]);

/** Drops every prepared statement (before a transaction: it may change the schema). */
function dropPrepared(pglite: PGlite, statements: PreparedStatements): Promise<unknown> {
  return pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(async () => {
      const stale = statements.forgetAll();
      if (stale.length > 0) await pglite.execProtocolStream(closing(stale), { syncToFs: false });
    }),
  );
}

async function runAsOneMessage<R>(
  pglite: PGlite,
  statements: PreparedStatements,
  sql: string,
  values: TextParameter[],
): Promise<QueryResult<R>> {
  // The same locks PGlite.query takes: no other statement, and no open transaction, in between.
  const messages = await pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(async () => {
      const prepared = statements.nameFor(sql);
      try {
        const answer = await pglite.execProtocolStream(oneMessage(sql, values, prepared), { syncToFs: false });
        if (!prepared && !PREPARABLE.test(sql)) {
          const stale = statements.forgetAll();
          if (stale.length > 0) await pglite.execProtocolStream(closing(stale), { syncToFs: false });
        }
        return answer;
      } catch (error) {
        const failed = statements.forget(sql);
        if (failed) await pglite.execProtocolStream(closing([failed]), { syncToFs: false });
        throw error;
      } finally {
        await pglite.syncToFs();
      }
    }),
  );
  const [result] = parse.parseResults(messages, pglite.parsers);
  const rows = (result?.rows ?? []) as R[];
  return result?.affectedRows != null ? { numAffectedRows: BigInt(result.affectedRows), rows } : { rows };
}

function oneMessageDriver(inner: Driver, pglite: PGlite): Driver {
  let openTransactions = 0;
  const statements = new PreparedStatements();
  return wrappedDriver(inner, {
    statement(query, run) {
      const values = openTransactions === 0 ? textParameters(query.parameters) : undefined;
      return values ? runAsOneMessage(pglite, statements, query.sql, values) : run();
    },
    async transaction(command, run) {
      if (command === 'savepoint') return run();
      if (command === 'begin') {
        await dropPrepared(pglite, statements);
        openTransactions++;
        try {
          await run();
        } catch (error) {
          openTransactions--;
          throw error;
        }
        return;
      }
      try {
        await run();
      } finally {
        openTransactions--;
      }
    },
  });
}
