import { livePageOf, type LiveRosterPage } from '../../lib/rosters/live-pages.ts';

interface Props {
  pages: readonly LiveRosterPage[];
  committee: string;
  year: string;
}

/**
 * Under the member form, before it is saved: which public page will show the member, or a warning that
 * none will (a member of a committee and year without a page is listed nowhere), naming the pages that
 * exist. Nothing until both are chosen.
 */
export default function RosterPageNote({ pages, committee, year }: Props) {
  if (!committee || !/^\d{4}$/.test(year.trim())) return null;
  const page = livePageOf(pages, { committee, year });
  if (page)
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="roster-page-note">
        Shown on the public page <strong className="font-semibold">{page.title}</strong> ({page.path}).
      </p>
    );
  return (
    <div
      data-testid="roster-page-note"
      className="rounded-md border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <p>
        <strong className="font-semibold">
          No public page shows {committee} {year.trim()} members.
        </strong>{' '}
        Saved with this committee and year, the member appears on no page of the site.
      </p>
      {pages.length > 0 && (
        <p className="mt-2">
          Pages that show members:{' '}
          {pages.map((p, i) => (
            <span key={p.path}>
              {i > 0 && ', '}
              {p.title} ({p.path})
            </span>
          ))}
          .
        </p>
      )}
    </div>
  );
}
