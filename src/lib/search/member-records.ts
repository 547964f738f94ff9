import type { FileRoster, Roster, RosterCommittee } from '../content/roster.schema.ts';
import { personAnchors } from '../rosters/person-anchor.ts';

/**
 * Every committee member becomes their own search result: "Sharmin Haque — Chair · Student Activities
 * Committee · 2023", linking to their card on the committee page. Pagefind gives a page one result, so
 * the members are added as custom records (the page's own record leaves the cards out; see
 * src/pages/[roster].astro).
 */

/** The shape of Pagefind's custom record (pagefind's CustomRecord), with the meta the dialog shows. */
export interface MemberRecord {
  url: string;
  content: string;
  language: string;
  meta: MemberMeta;
  filters: Record<string, string[]>;
}

/** Pagefind metadata is strings only; `year` is absent on the founder and about pages. */
export type MemberMeta = {
  title: string;
  designation: string;
  committee: string;
  year?: string;
  /** The committee page's own title, e.g. "SAC 2023". */
  page: string;
};

/** The site's pages are English (<html lang="en">); a custom record of another language would get its own index. */
export const SEARCH_LANGUAGE = 'en';

/** The filter value that tells member results from page results. */
export const MEMBER_TYPE = 'Committee member';

/** Each committee's usual short name and full name; both are searchable, the full name is shown. */
export const COMMITTEE_NAMES: Record<RosterCommittee, { short: string; name: string }> = {
  Excom: { short: 'ExCom', name: 'Executive Committee' },
  SAC: { short: 'SAC', name: 'Student Activities Committee' },
  SEC: { short: 'Secretariat', name: 'Secretariat Executive Committee' },
  SPARK: { short: 'SPARK', name: 'SPARK' },
  GSM: { short: 'GSM', name: 'Graduate Student Member Forum' },
  WEB: { short: 'Web and IT', name: 'Web and IT Committee' },
  WIC: { short: 'WIC', name: 'Women in Computing' },
};

/**
 * The search records of one committee page's members. A "database" roster (the 2024 pages) has no
 * members at build time: they load from the API in the visitor's browser, so it gives none.
 */
export function memberRecords(route: string, roster: Roster): MemberRecord[] {
  if (roster.source === 'database') return [];
  return fileMemberRecords(route, roster);
}

function fileMemberRecords(route: string, roster: FileRoster): MemberRecord[] {
  const committee = COMMITTEE_NAMES[roster.committee];
  const year = roster.year === undefined ? undefined : String(roster.year);
  const anchors = personAnchors(roster.people);
  return roster.people.map((person, index) => {
    const meta: MemberMeta = {
      title: person.name,
      designation: person.designation,
      committee: committee.name,
      page: roster.title,
      ...(year ? { year } : {}),
    };
    // The name first: Pagefind's excerpt starts where the words matched, and the name is what was asked for.
    const content = [
      person.name,
      person.designation,
      person.team,
      roster.title,
      roster.subtitle,
      committee.short,
      committee.name,
      year,
      person.affiliation?.replace(/\s*\n\s*/g, ', '),
      person.department,
    ]
      .filter((part): part is string => Boolean(part))
      .join('. ');
    return {
      url: `/${route}#${anchors[index]}`,
      content,
      language: SEARCH_LANGUAGE,
      meta,
      filters: { type: [MEMBER_TYPE] },
    };
  });
}
