import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '../../src/server');
const LIB = join(import.meta.dirname, '../../src/lib');
/** Astro's pages: routes of the site, each an entry like a route of the API (src/pages/**: .ts and .astro). */
const PAGES = join(import.meta.dirname, '../../src/pages');
const QUERY = /\b(selectFrom|insertInto|updateTable|deleteFrom)\b|\bsql`|from 'kysely'/;

function modules(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => /\.tsx?$/.test(name));
}

/** The pages' files whose server code runs on the server: .ts routes and .astro pages (their frontmatter). */
function pageFiles(): string[] {
  return readdirSync(PAGES, { recursive: true })
    .map(String)
    .filter((name) => /\.(tsx?|astro)$/.test(name))
    .map((name) => join(PAGES, name));
}

/** A file's server code: an .astro file's frontmatter (between its opening and closing `---`), else the whole text. */
function serverCode(file: string, text: string): string {
  if (!file.endsWith('.astro')) return text;
  const frontmatter = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  return frontmatter?.[1] ?? '';
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

/** One module a source file loads or re-exports, as TypeScript's parser reads the statement. */
interface ModuleImport {
  /** The specifier as written: './x.ts', 'kysely', '@netlify/functions'. */
  spec: string;
  /** What it takes by name ('default' for a default import, '*' for a namespace, re-export-all or import()). */
  names: string[];
  /** Erased when compiled: `import type`, `export type … from`, an `import(…)` type. */
  typeOnly: boolean;
  kind: 'import' | 're-export' | 'dynamic';
}

const parsed = (file: string, text: string) =>
  ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );

const importsOfFile = new Map<string, ModuleImport[]>();

/**
 * Every import of a module's source (read from the file unless given), read whole by TypeScript's parser: statements split over several
 * lines, `import type`, re-exports (`export … from`) and `import()` calls alike.
 */
function importsIn(file: string, text?: string): ModuleImport[] {
  if (text === undefined) {
    const known = importsOfFile.get(file);
    if (known) return known;
    const read = importsIn(file, serverCode(file, readFileSync(file, 'utf8')));
    importsOfFile.set(file, read);
    return read;
  }
  const found: ModuleImport[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const names: string[] = [];
      if (clause?.name) {
        names.push('default');
      }
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) {
        names.push('*');
      } else if (bindings) {
        for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
      }
      // Only `import type` is erased: under verbatimModuleSyntax (tsconfig) an import whose every name
      // is `type` still loads its module (as `import {} from`), as a bare `import './x'` does.
      const typeOnly = clause?.isTypeOnly ?? false;
      found.push({ spec: node.moduleSpecifier.text, names, typeOnly, kind: 'import' });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const elements = clause && ts.isNamedExports(clause) ? clause.elements : undefined;
      const names = elements ? elements.map((element) => (element.propertyName ?? element.name).text) : ['*'];
      found.push({ spec: node.moduleSpecifier.text, names, typeOnly: node.isTypeOnly, kind: 're-export' });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ spec: node.arguments[0].text, names: ['*'], typeOnly: false, kind: 'dynamic' });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ spec: node.argument.literal.text, names: ['*'], typeOnly: true, kind: 'import' });
    }
    ts.forEachChild(node, visit);
  };
  visit(parsed(file, text));
  return found;
}

/** A relative specifier as the file it names (absolute); a package's name as it is. */
const target = (file: string, spec: string) => (spec.startsWith('.') ? resolve(dirname(file), spec) : spec);

/** Imports of a folder's modules, as "file -> imported file" (relative to `base`) or "file -> package". */
function importsOf(dir: string, base: string, { values = false } = {}): string[] {
  return modules(dir).flatMap((name) => {
    const file = join(dir, name);
    return importsIn(file)
      .filter((imported) => !values || !imported.typeOnly)
      .map((imported) => {
        const to = target(file, imported.spec);
        return `${relative(base, file)} -> ${imported.spec.startsWith('.') ? relative(base, to) : to}`;
      });
  });
}

const inFolder = (file: string, folder: string) => relative(join(SERVER, folder), file).split('/')[0] !== '..';

/** Whether SQL in this function's text writes: Kysely's write builders, or raw SQL that inserts, updates or deletes. */
const WRITE =
  /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\b(insert\s+into|update\s+\w+\s+set|delete\s+from)\b/i;

/**
 * The functions of src/server/repositories that write, as "file#name": those whose own SQL writes,
 * and those that call one that does (in their module, or imported from another repository).
 */
function repositoryWriters(): Set<string> {
  const dir = join(SERVER, 'repositories');
  interface Fn {
    key: string;
    text: string;
    /** Names it may call, resolved to "file#name" (its module's functions and its imports). */
    callees: Map<string, string>;
  }
  const fns: Fn[] = [];
  for (const name of modules(dir)) {
    const file = join(dir, name);
    const source = parsed(file, readFileSync(file, 'utf8'));
    const scope = new Map<string, string>();
    for (const imported of importsIn(file).filter((i) => i.spec.startsWith('./') && !i.typeOnly)) {
      for (const importedName of imported.names)
        scope.set(importedName, `${target(file, imported.spec)}#${importedName}`);
    }
    const local: { name: string; text: string }[] = [];
    for (const statement of source.statements) {
      if (ts.isFunctionDeclaration(statement) && statement.name) {
        local.push({ name: statement.name.text, text: statement.getText(source) });
      } else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.initializer) {
            local.push({ name: declaration.name.text, text: declaration.initializer.getText(source) });
          }
        }
      }
    }
    for (const fn of local) scope.set(fn.name, `${file}#${fn.name}`);
    for (const fn of local) fns.push({ key: `${file}#${fn.name}`, text: fn.text, callees: scope });
  }
  const writers = new Set(fns.filter((fn) => WRITE.test(fn.text)).map((fn) => fn.key));
  for (let grew = true; grew;) {
    grew = false;
    for (const fn of fns) {
      if (writers.has(fn.key)) continue;
      const calls = [...fn.callees].some(
        ([name, key]) => key !== fn.key && writers.has(key) && new RegExp(`\\b${name}\\(`).test(fn.text),
      );
      if (calls) {
        writers.add(fn.key);
        grew = true;
      }
    }
  }
  return writers;
}

/**
 * What the routes (or other entry files: the page layer, Astro's pages) reach without passing through a
 * service: every server module they load (values, not types), followed further through anything but
 * services/, and the repository functions those modules import, as "module -> repositories/file#name".
 */
function repositoryUseOutsideServices(
  start: string[] = modules(join(SERVER, 'routes')).map((name) => join(SERVER, 'routes', name)),
): string[] {
  const uses: string[] = [];
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of importsIn(file).filter((i) => !i.typeOnly && i.spec.startsWith('.'))) {
      const to = target(file, imported.spec);
      // The runtime builds the deps an entry is handed (the pages take theirs from runtime/page-deps.ts, as
      // createApi is handed the API's): what it wires up (the mailer's outbox) is not the entry's own code.
      if (!inFolder(to, '.') || inFolder(to, 'services') || inFolder(to, 'runtime')) continue;
      if (inFolder(to, 'repositories')) {
        for (const name of imported.names)
          uses.push(`${relative(inFolder(file, '.') ? SERVER : PAGES, file)} -> ${relative(SERVER, to)}#${name}`);
      } else queue.push(to);
    }
  }
  return uses;
}

/** Of repositoryUseOutsideServices, the repository functions that write. */
function writesOutsideServices(start?: string[]): string[] {
  const writers = repositoryWriters();
  return repositoryUseOutsideServices(start).filter((use) => {
    const [, to] = use.split(' -> ');
    return writers.has(join(SERVER, to!));
  });
}

/** The packages a module loads when it is loaded (static value imports, followed through the server's own modules). */
function packagesLoadedBy(start: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of importsIn(file).filter((i) => !i.typeOnly && i.kind !== 'dynamic')) {
      const to = target(file, imported.spec);
      if (!imported.spec.startsWith('.')) packages.add(to);
      else if (/\.tsx?$/.test(to)) queue.push(to);
    }
  }
  return packages;
}

describe('reading imports (the checks below see every form of import)', () => {
  const sample = [
    `import {`,
    `  first,`,
    `  type Second,`,
    `} from './split-over-lines.ts';`,
    `import type { OnlyAType } from './types-only.ts';`,
    `import { type A, type B } from './every-name-a-type.ts';`,
    `import Default, * as everything from 'a-package';`,
    `export { passedOn } from './re-exported.ts';`,
    `export * from './all-re-exported.ts';`,
    `export type { Shape } from './type-re-exported.ts';`,
    `import './for-its-effects.ts';`,
    `const later = () => import('./loaded-later.ts');`,
    `let typed: import('./in-a-type.ts').T;`,
  ].join('\n');

  it('reads whole statements: split over lines, type-only, re-exports and import()', () => {
    expect(importsIn('/sample.ts', sample)).toEqual([
      { spec: './split-over-lines.ts', names: ['first', 'Second'], typeOnly: false, kind: 'import' },
      { spec: './types-only.ts', names: ['OnlyAType'], typeOnly: true, kind: 'import' },
      // Still loaded under verbatimModuleSyntax (as `import {} from`).
      { spec: './every-name-a-type.ts', names: ['A', 'B'], typeOnly: false, kind: 'import' },
      { spec: 'a-package', names: ['default', '*'], typeOnly: false, kind: 'import' },
      { spec: './re-exported.ts', names: ['passedOn'], typeOnly: false, kind: 're-export' },
      { spec: './all-re-exported.ts', names: ['*'], typeOnly: false, kind: 're-export' },
      { spec: './type-re-exported.ts', names: ['Shape'], typeOnly: true, kind: 're-export' },
      { spec: './for-its-effects.ts', names: [], typeOnly: false, kind: 'import' },
      { spec: './loaded-later.ts', names: ['*'], typeOnly: false, kind: 'dynamic' },
      { spec: './in-a-type.ts', names: ['*'], typeOnly: true, kind: 'import' },
    ]);
  });

  it('sees every import of a service whose imports span several lines', () => {
    const file = join(SERVER, 'services/registrations.service.ts');
    const statements = readFileSync(file, 'utf8').match(/^(import|export)\b[^;]*?\bfrom\s+'[^']+';/gms) ?? [];
    expect(statements.length).toBeGreaterThan(0);
    expect(importsIn(file).length).toBe(statements.length);
  });
});

describe('the server layers', () => {
  // Routes parse, authorise, call and map; the auth and http helpers call repositories too.
  it.each(['routes', 'pages', 'auth', 'http', 'services', 'caching', 'runtime'])(
    'keeps SQL out of src/server/%s',
    (folder) => {
      expect(queryLines(folder)).toEqual([]);
    },
  );

  it('finds the SQL of the repositories (the check can see a query)', () => {
    expect(queryLines('repositories').length).toBeGreaterThan(0);
  });

  // Below the routes and the pages nothing speaks HTTP: services throw domain errors, http/errors.ts maps
  // them. Services serve the API and the pages alike, so they never depend on either.
  it.each(['services', 'repositories', 'db'])(
    'src/server/%s imports nothing from http/, routes/ or pages/',
    (folder) => {
      const upward = importsOf(join(SERVER, folder), SERVER).filter((edge) => /-> (http|routes|pages)\//.test(edge));
      expect(upward).toEqual([]);
    },
  );

  // The page layer stands beside the routes: neither answers through the other.
  it('src/server/routes and src/server/pages import nothing from each other', () => {
    const across = [
      ...importsOf(join(SERVER, 'routes'), SERVER).filter((edge) => edge.includes('-> pages/')),
      ...importsOf(join(SERVER, 'pages'), SERVER).filter((edge) => edge.includes('-> routes/')),
    ];
    expect(across).toEqual([]);
  });

  it('finds the imports it checks (the check can see an edge)', () => {
    expect(importsOf(join(SERVER, 'services'), SERVER).some((edge) => edge.includes('-> repositories/'))).toBe(true);
  });

  // How the CDN may keep an answer is decided from the request and the answer, not from who is signed
  // in: the session code itself reaches the caching rules (through deps), so an import back would be a loop.
  it('src/server/caching imports nothing from auth/', () => {
    expect(importsOf(join(SERVER, 'caching'), SERVER).filter((edge) => edge.includes('-> auth/'))).toEqual([]);
  });

  // Every write is a service's: it holds the rules, the transaction and the audit row. A route (and the
  // helpers it loads) may read through a repository, never write through one.
  it('routes write only through services: nothing they load outside services/ imports a repository function that writes', () => {
    expect(writesOutsideServices()).toEqual([]);
  });

  // The on-demand pages' server code is a layer beside the routes, under their rules: it reads and writes
  // through services, so it never reaches a repository or the database itself (not even for a type: its
  // deps hand it the database for the services).
  it('src/server/pages reads and writes only through services: no import of repositories/ or db/', () => {
    const below = importsOf(join(SERVER, 'pages'), SERVER).filter((edge) => /-> (repositories|db)\//.test(edge));
    expect(below).toEqual([]);
    const pageLayer = modules(join(SERVER, 'pages')).map((name) => join(SERVER, 'pages', name));
    expect(writesOutsideServices(pageLayer)).toEqual([]);
  });

  // Astro's pages are entries, thin as a route: they reach data through the page layer and services.
  it('src/pages (.ts and .astro frontmatter) builds no SQL and imports nothing from repositories/ or db/', () => {
    const files = pageFiles();
    const below = files.flatMap((file) =>
      importsIn(file)
        .filter((imported) => imported.spec.startsWith('.'))
        .map((imported) => relative(SERVER, target(file, imported.spec)))
        .filter((to) => /^(repositories|db)\//.test(to))
        .map((to) => `${relative(PAGES, file)} -> ${to}`),
    );
    expect(below).toEqual([]);
    const sql = files.flatMap((file) =>
      serverCode(file, readFileSync(file, 'utf8'))
        .split('\n')
        .flatMap((line, i) => (QUERY.test(line) ? [`${relative(PAGES, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(sql).toEqual([]);
    expect(writesOutsideServices(files)).toEqual([]);
  });

  it('reads the pages’ imports, .astro frontmatter included (the checks above can see an edge)', () => {
    const eventPage = join(PAGES, 'events/[id].astro');
    expect(importsIn(eventPage).map((imported) => imported.spec)).toContain('../../server/pages/event-page.ts');
    expect(pageFiles().some((file) => file.endsWith('sitemap-content.xml.ts'))).toBe(true);
  });

  it('knows which repository functions write (the check above has something to find)', () => {
    const writers = [...repositoryWriters()].map((key) => relative(SERVER, key));
    expect(writers).toEqual(
      expect.arrayContaining([
        'repositories/sessions.repository.ts#openSession',
        'repositories/sessions.repository.ts#endSession',
        'repositories/support-messages.repository.ts#insertSupportMessage',
        // Through another repository's function (deleteWithAudit in audit.repository.ts).
        'repositories/support-messages.repository.ts#deleteSupportMessage',
      ]),
    );
    expect(writers).not.toContain('repositories/sessions.repository.ts#findSessionAccount');
    expect(repositoryUseOutsideServices().length).toBeGreaterThan(0);
  });

  // The database reaches a route only inside its deps, handed to services and repositories.
  it('routes import no database handle: from db/ and kysely, types only', () => {
    const handles = importsOf(join(SERVER, 'routes'), SERVER, { values: true }).filter((edge) =>
      /-> (db\/|kysely$)/.test(edge),
    );
    expect(handles).toEqual([]);
  });

  // Netlify's SDK is the Netlify runtime's: its purge is an adapter built at that edge and injected
  // through deps, so the services (and the local server, and the tests) never load it.
  it.each(['services', 'caching', 'routes', 'repositories'])(
    'no module of src/server/%s loads Netlify’s SDK, directly or through what it imports',
    (folder) => {
      const loading = modules(join(SERVER, folder)).filter((name) =>
        [...packagesLoadedBy(join(SERVER, folder, name))].some((pkg) => pkg.startsWith('@netlify/')),
      );
      expect(loading).toEqual([]);
    },
  );

  it('sees a module that loads Netlify’s SDK (the check above can fail)', () => {
    expect(packagesLoadedBy(join(SERVER, 'runtime/netlify-entry.ts'))).toContain('@netlify/functions');
  });

  // Layers import downward only; a loop (even through types) means two modules each need the other.
  it('src/server has no import cycle, types included', () => {
    const files = modules(SERVER).map((name) => join(SERVER, name));
    const next = (file: string) =>
      importsIn(file)
        .filter((imported) => imported.spec.startsWith('.'))
        .map((imported) => target(file, imported.spec))
        .filter((to) => files.includes(to));
    const cycles: string[] = [];
    const done = new Set<string>();
    const walk = (file: string, path: string[]) => {
      const at = path.indexOf(file);
      if (at >= 0) {
        cycles.push([...path.slice(at), file].map((step) => relative(SERVER, step)).join(' -> '));
        return;
      }
      if (done.has(file)) return;
      for (const to of next(file)) walk(to, [...path, file]);
      done.add(file);
    };
    for (const file of files) walk(file, []);
    expect(cycles).toEqual([]);
  });

  // A route's file says where it is: a router of /events/:id's parts is mounted there, not at the root
  // with the prefix spelled in every path. Only the feeds, files at the API's root, are mounted at /.
  it('mounts each router at its own path: at the API root only the feeds', () => {
    const app = readFileSync(join(SERVER, 'app.ts'), 'utf8');
    const atRoot = [...app.matchAll(/\.route\(\s*'\/'\s*,\s*(\w+)\(/g)].map((mount) => mount[1]);
    expect(atRoot).toEqual(['feedRoutes']);
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
    const values = importsIn(join(LIB, 'types.ts')).filter((imported) => !imported.typeOnly);
    expect(values).toEqual([]);
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
