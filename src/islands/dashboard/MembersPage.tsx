import { imageSlots } from '../../lib/images/image-slots.ts';
import { responsiveImage } from '../../lib/images/responsive-image.ts';
import { COMMITTEE_CODES } from '../../lib/schemas/people.schema.ts';
import type { CommitteeMember, RosterCount } from '../../lib/types.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import EditDeleteActions from './ui/EditDeleteActions.tsx';
import { FilterSelect } from './ui/ListControls.tsx';
import ResourceList, { SavedMark, savedCardClass } from './ui/ResourceList.tsx';
import { useListQuery } from './ui/use-list-query.ts';
import { useApi } from '../shared/use-api.ts';
import { livePageOf, type LiveRosterPage } from '../../lib/rosters/live-pages.ts';
import type { Notice } from './ui/after-save.ts';

interface Props {
  /** The committee pages that show the member list (from the build). */
  livePages: readonly LiveRosterPage[];
}

export default function MembersPage({ livePages }: Props) {
  return (
    <DashboardShell title="CS Members" adminOnly>
      {() => <MemberList livePages={livePages} />}
    </DashboardShell>
  );
}

const FILTERS = ['committee', 'year'] as const;

/**
 * The members of one roster page (a committee in a year), in page order. Without a choice in the
 * address, the newest roster that has members is shown.
 */
function MemberList({ livePages }: Props) {
  const list = useListQuery(FILTERS);
  const [rosters] = useApi('/members/rosters', (b: { rosters: RosterCount[] }) => b.rosters);
  const newest = rosters.state === 'loaded' ? rosters.data[0] : undefined;
  const thisYear = new Date().getFullYear();
  // Until the rosters are known (or known to be unreadable), the default is not chosen yet.
  const settled = rosters.state !== 'loading';
  const committee = list.filters.committee || (settled ? (newest?.committee ?? COMMITTEE_CODES[0]) : '');
  const year = list.filters.year || (settled ? String(newest?.year ?? thisYear) : '');
  const path = committee && year ? `/members?${new URLSearchParams({ year, committee }).toString()}` : null;
  const [members, reload] = useApi(path, (b: { members: CommitteeMember[] }) => b.members);
  // The public page of the roster shown, if there is one; the add form starts from this roster.
  const page = committee && year ? livePageOf(livePages, { committee, year }) : undefined;
  const addHref =
    committee && year
      ? `/dashboard/add-cs-excom?${new URLSearchParams({ committee, year }).toString()}`
      : '/dashboard/add-cs-excom';
  const savedNotice = (m: CommitteeMember): Notice => ({
    title: 'Saved.',
    text: page
      ? `“${m.name}” is updated on ${page.title}.`
      : `“${m.name}” is saved under ${m.committee} ${m.year}, which no public page shows.`,
    viewHref: page?.path,
  });

  const years = [
    ...new Set([
      ...(rosters.state === 'loaded' ? rosters.data.map((r) => r.year) : []),
      thisYear,
      Number(year) || thisYear,
    ]),
  ].sort((a, b) => b - a);

  return (
    <ResourceList
      result={members}
      what="members"
      empty={{
        heading: `No ${committee} members for ${year}`,
        href: addHref,
        linkLabel: 'Add CS Member',
      }}
      add={{ href: addHref, label: 'Add CS Member' }}
      view={page && { href: page.path, label: page.title }}
      saved={{ idOf: (m) => m.id, notice: savedNotice }}
      search={{
        list,
        label: 'Search members',
        textOf: (m) => [m.name, m.designation, m.team, m.affiliation, ...m.email].join(' '),
      }}
      filters={
        <>
          <FilterSelect
            label="Committee"
            value={committee}
            options={COMMITTEE_CODES.map((c) => ({ value: c, label: c }))}
            onChange={(v) => list.setFilter('committee', v)}
          />
          <FilterSelect
            label="Year"
            value={year}
            options={years.map((y) => ({ value: String(y), label: String(y) }))}
            onChange={(v) => list.setFilter('year', v)}
          />
        </>
      }
    >
      {(m, { saved }) => (
        <li
          key={m.id}
          className={`flex flex-col items-center rounded-lg border border-slate-200 bg-white p-5 text-center shadow-sm dark:border-slate-700 dark:bg-slate-900 ${saved ? savedCardClass : ''}`}
        >
          {saved && <SavedMark floating />}
          <img
            {...responsiveImage(m.image, imageSlots.dashboardAvatar)}
            alt={`Photo of ${m.name}`}
            loading="lazy"
            className="h-28 w-28 rounded-full object-cover"
          />
          <h2 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">{m.name}</h2>
          <p className="text-sm font-medium text-brand-800 dark:text-brand-300">{m.designation}</p>
          {m.team !== m.designation && <p className="text-sm text-slate-700 dark:text-slate-300">Team: {m.team}</p>}
          <p className="text-sm text-slate-700 dark:text-slate-300">{m.affiliation}</p>
          <p className="text-sm break-all text-slate-700 dark:text-slate-300">{m.email.join(', ')}</p>
          <EditDeleteActions
            itemLabel={m.name}
            id={m.id}
            editPage="/dashboard/members/edit-member"
            apiCollection="/members"
            successMessage="Member Deleted Successfully"
            onDeleted={reload}
          />
        </li>
      )}
    </ResourceList>
  );
}
