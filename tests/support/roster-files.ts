import { readRosterFiles } from '../../src/lib/content/roster-files.ts';

export { readRosterFiles };

/** The routes of the rosters whose people the page loads from the member list at run time. */
export function memberListRosterRoutes(): string[] {
  return [...readRosterFiles()].filter(([, roster]) => roster.source === 'database').map(([route]) => route);
}
