import { readFileSync, readdirSync } from 'node:fs';
import { rosterSchema, type Roster } from '../../src/lib/content/roster.schema.ts';

const DIR = 'content/rosters';

/** Every roster file under content/rosters, validated, by its route (the file name without .json). */
export function readRosterFiles(): Map<string, Roster> {
  return new Map(
    readdirSync(DIR)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        file.replace(/\.json$/, ''),
        rosterSchema.parse(JSON.parse(readFileSync(`${DIR}/${file}`, 'utf8'))),
      ]),
  );
}

/** The routes of the rosters whose people the page loads from the member list at run time. */
export function memberListRosterRoutes(): string[] {
  return [...readRosterFiles()].filter(([, roster]) => roster.source === 'database').map(([route]) => route);
}
