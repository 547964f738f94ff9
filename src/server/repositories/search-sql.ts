import { sql, type Expression, type ExpressionBuilder, type SqlBool, type StringReference } from 'kysely';
import { searchWords } from '../../lib/search.ts';

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards in it taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The site's one search rule (src/lib/search.ts) as SQL: every word of `query`, split by the same
 * function the browser uses, inside one of `columns`, in any case (ILIKE), each column compared in its
 * composed form (NFC) as the words are. A blank query matches everything; a missing value matches no word.
 */
export function matchesEveryWord<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: readonly StringReference<DB, TB>[],
  query: string,
): Expression<SqlBool> {
  const words = searchWords(query);
  if (words.length === 0) return sql<SqlBool>`true`;
  return eb.and(
    words.map((word) => {
      const pattern = containing(word);
      return eb.or(columns.map((column) => eb(sql<string>`normalize(${eb.ref(column)}, NFC)`, 'ilike', pattern)));
    }),
  );
}
