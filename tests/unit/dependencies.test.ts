import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Runtime dependencies no file imports by name: what a declared package needs beside it. */
const USED_INDIRECTLY: Record<string, string> = {
  'react-dom': 'peer of @astrojs/react, which renders and hydrates the islands with it',
  'decap-cms': 'its bundle is copied to /admin/ by src/integrations/content-editor.ts, not imported',
};

const SOURCE = /\.(ts|tsx|js|mjs|astro|css)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

const ROOT_CONFIGS = readdirSync('.').filter((name) => /\.config\.(ts|js)$/.test(name));
const files = [...['src', 'scripts', 'tests', 'netlify'].flatMap(sourceFiles), ...ROOT_CONFIGS];

/** The package a bare specifier names: `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Packages named by import/export statements, dynamic imports and CSS @import/@plugin rules. */
function importedPackages(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s+['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...text.matchAll(/^@(?:import|plugin)\s+['"]([^'"]+)['"]/gm),
  ].map((m) => m[1]!);
  return specifiers
    .filter((s) => !s.startsWith('.') && !s.startsWith('/') && !/^(node|astro|virtual):/.test(s))
    .map(packageOf)
    .filter((name) => !builtinModules.includes(name));
}

const imports = new Map(files.map((file) => [file, importedPackages(file)]));

describe('package.json', () => {
  it('declares every package the code imports', () => {
    const declared = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)]);
    const undeclared = [...imports].flatMap(([file, names]) =>
      names.filter((name) => !declared.has(name)).map((name) => `${name} (${file})`),
    );
    expect(undeclared).toEqual([]);
  });

  it('lists no runtime dependency that nothing uses', () => {
    const used = new Set([...imports.values()].flat());
    const unused = Object.keys(pkg.dependencies).filter((name) => !used.has(name) && !(name in USED_INDIRECTLY));
    expect(unused).toEqual([]);
  });
});
