import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { readFile } from 'node:fs/promises';
import { siteSchema } from './lib/content/site.schema.ts';
import { rosterSchema } from './lib/content/roster.schema.ts';

/** Loads one JSON object file as a single entry, so the build validates it with the collection schema. */
function singleJsonFile(path: string, id: string) {
  return async () => {
    const data = JSON.parse(await readFile(new URL(`../${path}`, import.meta.url), 'utf8')) as Record<string, unknown>;
    return [{ ...data, id }];
  };
}

const site = defineCollection({
  loader: singleJsonFile('content/site.json', 'site'),
  schema: siteSchema,
});

/** One committee page per file: content/rosters/<route>.json builds /<route> (see src/pages/[roster].astro). */
const rosters = defineCollection({
  loader: glob({ pattern: '*.json', base: './content/rosters' }),
  schema: rosterSchema,
});

export const collections = { site, rosters };
