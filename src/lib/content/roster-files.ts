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
