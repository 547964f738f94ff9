import { z } from 'astro/zod';
import { siteSchema } from './site.schema.ts';
import { rosterSchema } from './roster.schema.ts';
import { pageSchemas } from './pages.schema.ts';

/**
 * The content files' zod schemas as JSON Schema, keyed by file name. Each content area adds its
 * schema here; `npm run schemas` writes them and a unit test keeps the committed copies current.
 */
export function contentJsonSchemas(): Record<string, unknown> {
  const { 'symposium-2022': symposiumEdition, 'symposium-2023': _sameSchema, ...onePerFile } = pageSchemas;
  const pages = Object.fromEntries(
    Object.entries({ ...onePerFile, 'symposium-edition': symposiumEdition }).map(([name, schema]) => [
      `pages.${name}`,
      schema,
    ]),
  );
  const schemas = { site: siteSchema, roster: rosterSchema, ...pages };
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [
      name,
      z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }),
    ]),
  );
}
