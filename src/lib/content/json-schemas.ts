import { z } from 'astro/zod';
import { siteSchema } from './site.schema.ts';
import { rosterSchema } from './roster.schema.ts';

/**
 * The content files' zod schemas as JSON Schema, keyed by file name. Each content area adds its
 * schema here; `npm run schemas` writes them and a unit test keeps the committed copies current.
 */
export function contentJsonSchemas(): Record<string, unknown> {
  const schemas = { site: siteSchema, roster: rosterSchema };
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [
      name,
      z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }),
    ]),
  );
}
