import { FORMAT_RULES, pageSchemaName, type JsonSchema } from './editor-config.ts';

/**
 * The content editor's last check before it saves: the entry against its file's JSON Schema (made
 * from the zod schema the build uses), with the build's way of naming a field ("people.3.email.0").
 * The form already checks each field as it is filled; this also catches what a form cannot show, such
 * as a value outside a select's list that was in the file before (the form keeps it as it is).
 */
export interface SchemaProblem {
  path: string;
  message: string;
}

type Path = (string | number)[];

const typeOf = (value: unknown) =>
  Array.isArray(value) ? 'array' : value === null ? 'null' : Number.isInteger(value) ? 'integer' : typeof value;

/** The branches of a union the value could be: the ones whose constants (a roster's `source`) it has. */
function candidateBranches(value: unknown, branches: JsonSchema[]): JsonSchema[] {
  if (typeof value !== 'object' || value === null) return branches;
  const record = value as Record<string, unknown>;
  const matching = branches.filter((branch) =>
    Object.entries(branch.properties ?? {}).every(
      ([name, property]) => property.const === undefined || (record[name] ?? property.default) === property.const,
    ),
  );
  return matching.length > 0 ? matching : branches;
}

export function checkAgainstSchema(value: unknown, schema: JsonSchema, path: Path = []): SchemaProblem[] {
  const at = path.join('.') || '(file)';
  const problem = (message: string): SchemaProblem[] => [{ path: at, message }];
  const union = schema.oneOf ?? schema.anyOf;
  if (union) {
    const results = candidateBranches(value, union).map((branch) => checkAgainstSchema(value, branch, path));
    if (results.some((r) => r.length === 0)) return [];
    return results.reduce((fewest, r) => (r.length < fewest.length ? r : fewest));
  }
  if (schema.const !== undefined && value !== schema.const) return problem(`must be ${JSON.stringify(schema.const)}`);
  if (schema.enum && !schema.enum.includes(value as string | number))
    return problem(`"${String(value)}" is not one of ${schema.enum.join(', ')}`);

  const type = typeOf(value);
  const expected = schema.type;
  if (expected && !(expected === type || (expected === 'number' && type === 'integer')))
    return problem(`must be ${expected === 'integer' ? 'a whole number' : `a ${expected}`}`);

  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.trim().length < schema.minLength) return problem('must not be empty');
    const format = schema.format ? FORMAT_RULES[schema.format] : undefined;
    if (schema.pattern && !new RegExp(schema.pattern).test(value))
      return problem(schema.patternErrorMessage ?? format?.[1] ?? `must match ${schema.pattern}`);
    if (schema.format === 'uri' && !URL.canParse(value)) return problem(FORMAT_RULES['uri']![1]);
    return [];
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return problem(`must be at least ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) return problem(`must be at most ${schema.maximum}`);
    return [];
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems)
      return problem(`must list at least ${schema.minItems}`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems)
      return problem(`must list at most ${schema.maxItems}`);
    return schema.items ? value.flatMap((item, i) => checkAgainstSchema(item, schema.items!, [...path, i])) : [];
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const properties = schema.properties ?? {};
    const problems: SchemaProblem[] = [];
    for (const name of schema.required ?? []) {
      if (record[name] === undefined) problems.push({ path: [...path, name].join('.'), message: 'is required' });
    }
    for (const [name, item] of Object.entries(record)) {
      if (item === undefined) continue;
      const property = properties[name];
      if (property) problems.push(...checkAgainstSchema(item, property, [...path, name]));
      else if (schema.additionalProperties === false)
        problems.push({ path: [...path, name].join('.'), message: 'is not a field of this file' });
      else if (typeof schema.additionalProperties === 'object')
        problems.push(...checkAgainstSchema(item, schema.additionalProperties, [...path, name]));
    }
    return problems;
  }
  return [];
}

/**
 * The value without the optional texts left empty in the form (the build rejects an empty text where
 * it takes one; an absent optional field is fine), in the order of the schema's fields.
 */
export function tidyForSchema(value: unknown, schema: JsonSchema): unknown {
  const union = schema.oneOf ?? schema.anyOf;
  if (union) {
    const branches = candidateBranches(value, union);
    const fits = branches.find((b) => checkAgainstSchema(value, b).length === 0) ?? branches[0];
    return fits ? tidyForSchema(value, fits) : value;
  }
  if (Array.isArray(value)) return schema.items ? value.map((item) => tidyForSchema(item, schema.items!)) : value;
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const properties = schema.properties ?? {};
  const names = [
    ...Object.keys(properties).filter((n) => n in record),
    ...Object.keys(record).filter((n) => !(n in properties)),
  ];
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const item = record[name];
    const optional = !(schema.required ?? []).includes(name);
    if (item === undefined || item === null || (optional && item === '')) continue;
    out[name] = properties[name] ? tidyForSchema(item, properties[name]) : item;
  }
  return out;
}

/** Which content schema a path of the repository is checked with (a key of contentJsonSchemas). */
export function schemaNameForPath(path: string): string | undefined {
  if (path === 'content/site.json') return 'site';
  if (/^content\/rosters\/[^/]+\.json$/.test(path)) return 'roster';
  if (/^content\/blog\/[^/]+\.md$/.test(path)) return 'blog';
  const page = /^content\/pages\/([^/]+)\.json$/.exec(path)?.[1];
  return page ? pageSchemaName(page) : undefined;
}
