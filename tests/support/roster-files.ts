import { memberListRosterRoutes, readRosterFiles } from '../../src/lib/content/roster-files.ts';

export { memberListRosterRoutes, readRosterFiles };
