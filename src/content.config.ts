import { defineCollection } from 'astro:content';
import { readFile } from 'node:fs/promises';
import { siteSchema } from './lib/content/site.schema.ts';

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

export const collections = { site };
