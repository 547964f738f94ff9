import { getEntry } from 'astro:content';
import type { Site } from '../lib/content/site.schema.ts';

/** The validated content/site.json; pages call this rather than reading the collection themselves. */
export async function getSite(): Promise<Site> {
  const entry = await getEntry('site', 'site');
  if (!entry) throw new Error('content/site.json is missing');
  return entry.data;
}
