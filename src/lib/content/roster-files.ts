import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { rosterSchema, type Roster } from './roster.schema.ts';

/** Where the committee pages' files live; content/rosters/<route>.json builds /<route>. */
export const ROSTER_DIR = 'content/rosters';

/**
 * Every roster file, validated, by its route (the file name without .json), read straight from disk
 * for the code that runs outside Astro's content layer: the site search's indexing and the tests.
 */
export function readRosterFiles(dir = ROSTER_DIR): Map<string, Roster> {
  return new Map(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => [
        file.replace(/\.json$/, ''),
        rosterSchema.parse(JSON.parse(readFileSync(join(dir, file), 'utf8'))),
      ]),
  );
}

/**
 * The routes of the rosters whose people come from the member list (`"source": "database"`): each has
 * a page file of its own in src/pages, rendered on demand, so the static build neither writes nor
 * indexes them; the sitemap and the search index add them from here.
 */
export function memberListRosterRoutes(dir = ROSTER_DIR): string[] {
  return [...readRosterFiles(dir)].filter(([, roster]) => roster.source === 'database').map(([route]) => route);
}
