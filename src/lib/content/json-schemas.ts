import { z } from 'astro/zod';
import { siteSchema } from './site.schema.ts';
import { rosterSchema } from './roster.schema.ts';
import { pageSchemas } from './pages.schema.ts';
import { blogFrontMatterSchema } from '../blog/front-matter.schema.ts';

/**
 * A front-matter date as the posts write it: a day, or a day and time with its offset. The build reads
 * it with z.coerce.date(), which JSON Schema cannot state; this is what an editor should accept.
 */
export const FRONT_MATTER_DATE = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}(?:[T ]\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?(?:Z|[+-]\\d{2}:?\\d{2})?)?$',
  patternErrorMessage: 'a date like 2024-05-15 or 2024-05-15T10:15:00+06:00',
} as const;

/** The message a zod `.regex(pattern, message)` rule fails with, if it names one. */
function regexMessage(schema: z.core.$ZodType): string | undefined {
  const checks = (schema._zod.def as { checks?: z.core.$ZodCheck[] }).checks ?? [];
  for (const check of checks) {
    const def = check._zod.def as unknown as { format?: string; error?: () => unknown };
    const message = def.format === 'regex' ? def.error?.() : undefined;
    if (typeof message === 'string') return message;
  }
  return undefined;
}

/**
 * The content files' zod schemas as JSON Schema, keyed by file name. Each content area adds its
 * schema here; `npm run schemas` writes them and a unit test keeps the committed copies current.
 * The visual editor's fields are made from these (src/lib/content/editor-config.ts), so a pattern's
 * own message rides along as `patternErrorMessage` (which VS Code shows too).
 */
export function contentJsonSchemas(): Record<string, unknown> {
  const { 'symposium-2022': symposiumEdition, 'symposium-2023': _sameSchema, ...onePerFile } = pageSchemas;
  const pages = Object.fromEntries(
    Object.entries({ ...onePerFile, 'symposium-edition': symposiumEdition }).map(([name, schema]) => [
      `pages.${name}`,
      schema,
    ]),
  );
  const schemas = { site: siteSchema, roster: rosterSchema, blog: blogFrontMatterSchema, ...pages };
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [
      name,
      z.toJSONSchema(schema, {
        io: 'input',
        unrepresentable: 'any',
        override: ({ zodSchema, jsonSchema }) => {
          if (zodSchema._zod.def.type === 'date') Object.assign(jsonSchema, FRONT_MATTER_DATE);
          const message = jsonSchema.pattern ? regexMessage(zodSchema) : undefined;
          if (message) jsonSchema['patternErrorMessage'] = message;
        },
      }),
    ]),
  );
}
