import type { DatabaseRoster } from '../../lib/content/roster.schema.ts';
import type { CommitteeMember } from '../../lib/types.ts';
import { cacheTag } from '../caching/page-cache.ts';
import { rosterMembers } from '../services/committee-members.service.ts';
import { answerWith, loadPage, type PageLoad } from './load-page.ts';

/**
 * A "database" roster page (content/rosters/<route>.json with `"source": "database"`), rendered on
 * demand with its year's committee from the member list, read as GET /members reads it (rosterMembers). The CDN
 * keeps it under the roster's tag, which every committee-member write to that committee and year
 * purges (stalePages.rosterMember); an unreachable database is a 503 the CDN does not keep.
 */
export async function loadRosterPage(roster: DatabaseRoster): Promise<PageLoad<CommitteeMember[]>> {
  return loadPage(({ db }) => rosterMembers(db, { committee: roster.committee, year: roster.year }));
}

/** The page's status and caching: cached under the roster's tag unless the members could not be read. */
export function answerRosterPage(
  response: { status?: number; headers: Headers },
  roster: DatabaseRoster,
  load: PageLoad<unknown>,
): void {
  answerWith(response, load, [cacheTag.roster(roster.committee, roster.year)]);
}
