import type { JsonSchema } from '../lib/content/editor-config.ts';
import { formatContentJson } from '../lib/content/content-json.ts';
import { checkAgainstSchema, schemaNameForPath, tidyForSchema } from '../lib/content/schema-check.ts';

/**
 * The content editor's additions to Decap CMS, loaded after its bundle on /admin/: every save is
 * checked against the file's schema (the build's own rules) and refused with the field named, and
 * JSON files are written in the repository's format, fields in the schema's order.
 */

/** The content schemas, written in at build time (src/integrations/content-editor.ts). */
declare const CONTENT_SCHEMAS: Record<string, JsonSchema>;

interface ImmutableLike {
  get(key: string): unknown;
  toJS?(): unknown;
}

interface DecapCms {
  registerEventListener(listener: { name: 'preSave'; handler: (event: { entry: ImmutableLike }) => unknown }): void;
  registerCustomFormat(
    name: string,
    extension: string,
    formatter: { fromFile(text: string): unknown; toFile(data: unknown): string },
  ): void;
}

const cms = (window as unknown as { CMS: DecapCms }).CMS;
const plain = (value: unknown) => (value as ImmutableLike | undefined)?.toJS?.() ?? value;

/** The schema of a file from its fields alone (toFile gets no path): the smallest one covering them. */
function schemaForData(data: Record<string, unknown>): JsonSchema | undefined {
  const keys = Object.keys(data);
  const fieldsOf = (schema: JsonSchema) =>
    new Set((schema.oneOf ?? schema.anyOf ?? [schema]).flatMap((s) => Object.keys(s.properties ?? {})));
  return Object.values(CONTENT_SCHEMAS)
    .map((schema) => ({ schema, fields: fieldsOf(schema) }))
    .filter(({ fields }) => keys.every((k) => fields.has(k)))
    .sort((a, b) => a.fields.size - b.fields.size)[0]?.schema;
}

cms.registerCustomFormat('content-json', 'json', {
  fromFile: (text) => JSON.parse(text),
  toFile: (data) => {
    const value = plain(data) as Record<string, unknown>;
    const schema = schemaForData(value);
    return formatContentJson(schema ? tidyForSchema(value, schema) : value);
  },
});

cms.registerEventListener({
  name: 'preSave',
  handler: ({ entry }) => {
    const collection = String(entry.get('collection'));
    const name = collection === 'blog' ? 'blog' : schemaNameForPath(String(entry.get('path') ?? ''));
    const schema = name ? CONTENT_SCHEMAS[name] : undefined;
    if (!schema) return undefined;
    const { body: _body, ...data } = plain(entry.get('data')) as Record<string, unknown>;
    // JSON files are written tidied (toFile above): check what will be written. Front matter is written as is.
    const problems = checkAgainstSchema(collection === 'blog' ? data : tidyForSchema(data, schema), schema);
    if (problems.length > 0) {
      // Decap shows the message and keeps the form as it is; nothing is written.
      throw new Error(`Not saved. ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
    }
    // Nothing to change: Decap saves the entry as the form holds it.
    return undefined;
  },
});
