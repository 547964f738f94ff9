import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '../../src/server');
const LIB = join(import.meta.dirname, '../../src/lib');
const QUERY = /\b(selectFrom|insertInto|updateTable|deleteFrom)\b|\bsql`|from 'kysely'/;
const IMPORT = /^\s*(?:import|export)\b[^'"]*from\s+'([^']+)'/;

function modules(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => /\.tsx?$/.test(name));
}

/** Lines that build SQL in a folder's modules, as "file:line: text". */
function queryLines(folder: string): string[] {
  const dir = join(SERVER, folder);
  return modules(dir).flatMap((name) =>
    readFileSync(join(dir, name), 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        QUERY.test(line) && !/^\s*import type /.test(line) ? [`${name}:${i + 1}: ${line.trim()}`] : [],
      ),
  );
}

/** Relative imports of a folder's modules, as "file -> imported file", both relative to `base`. */
function importsOf(dir: string, base: string): string[] {
  return modules(dir).flatMap((name) => {
    const file = join(dir, name);
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line) => {
        const spec = IMPORT.exec(line)?.[1];
        if (!spec?.startsWith('.')) return [];
        return [`${relative(base, file)} -> ${relative(base, resolve(dirname(file), spec))}`];
      });
  });
}

describe('the server layers', () => {
  // Routes parse, authorise, call and map; the auth and http helpers call repositories too.
  it.each(['routes', 'auth', 'http', 'services', 'caching', 'runtime'])('keeps SQL out of src/server/%s', (folder) => {
    expect(queryLines(folder)).toEqual([]);
  });

  it('finds the SQL of the repositories (the check can see a query)', () => {
    expect(queryLines('repositories').length).toBeGreaterThan(0);
  });

  // Below the routes nothing speaks HTTP: services throw domain errors, http/errors.ts maps them.
  it.each(['services', 'repositories', 'db'])('src/server/%s imports nothing from http/ or routes/', (folder) => {
    const upward = importsOf(join(SERVER, folder), SERVER).filter((edge) => /-> (http|routes)\//.test(edge));
    expect(upward).toEqual([]);
  });

  it('finds the imports it checks (the check can see an edge)', () => {
    expect(importsOf(join(SERVER, 'services'), SERVER).some((edge) => edge.includes('-> repositories/'))).toBe(true);
  });

  it('keeps src/server/ grouped: only the API, its dependencies and the configuration at its root', () => {
    const loose = readdirSync(SERVER, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort();
    expect(loose).toEqual(['app.ts', 'config.ts', 'deps.ts']);
  });
});

describe('the shared library (src/lib)', () => {
  it('keeps types.ts to types: it imports schemas as types only, and no schema imports it', () => {
    const types = readFileSync(join(LIB, 'types.ts'), 'utf8');
    expect(types.split('\n').filter((line) => /^import (?!type )/.test(line))).toEqual([]);
    const schemaImports = importsOf(join(LIB, 'schemas'), LIB).filter((edge) => edge.endsWith('-> types.ts'));
    expect(schemaImports).toEqual([]);
  });

  it('holds no browser-only module (those live beside their islands)', () => {
    const browserOnly = modules(LIB).filter((name) =>
      /\b(document|window|localStorage|XMLHttpRequest|createImageBitmap|OffscreenCanvas)\./.test(
        readFileSync(join(LIB, name), 'utf8'),
      ),
    );
    expect(browserOnly).toEqual([]);
  });
});
