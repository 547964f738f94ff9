import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '../../src/server');
const QUERY = /\b(selectFrom|insertInto|updateTable|deleteFrom)\b|\bsql`|from 'kysely'/;

/** Lines that build SQL in a folder's modules, as "file:line: text". */
function queryLines(folder: string): string[] {
  const dir = join(SERVER, folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .flatMap((name) =>
      readFileSync(join(dir, name), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          QUERY.test(line) && !/^\s*import type /.test(line) ? [`${name}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
}

describe('the server layers', () => {
  // Routes parse, authorise, call and map; the auth and http helpers call repositories too.
  it.each(['routes', 'auth', 'http'])('keeps SQL out of src/server/%s', (folder) => {
    expect(queryLines(folder)).toEqual([]);
  });

  it('finds the SQL of the repositories (the check can see a query)', () => {
    expect(queryLines('repositories').length).toBeGreaterThan(0);
  });
});
