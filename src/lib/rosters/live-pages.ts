/**
 * The committee pages that show the member list (content/rosters/*.json with "source": "database"):
 * a committee member appears on the public site only if a page shows their committee and year.
 * The build passes the list to the dashboard, which warns before a member is saved where no page shows
 * them, and links to the page that does.
 */
export interface LiveRosterPage {
  committee: string;
  year: number;
  /** The page's heading: "SPARK 2024". */
  title: string;
  /** Its address: "/spark-24". */
  path: string;
}

/** The page that shows this committee's members of this year, if one does. */
export function livePageOf(
  pages: readonly LiveRosterPage[],
  { committee, year }: { committee: string; year: number | string },
): LiveRosterPage | undefined {
  return pages.find((p) => p.committee === committee && String(p.year) === String(year).trim());
}

/** The pages newest first, then by committee: how the dashboard names them. */
export function sortLivePages(pages: readonly LiveRosterPage[]): LiveRosterPage[] {
  return [...pages].sort((a, b) => b.year - a.year || a.title.localeCompare(b.title));
}
