import { groupByTeam } from '../../lib/rosters/grouping.ts';
import { cardClasses } from '../../lib/rosters/person-card.ts';
import type { CommitteeCode, CommitteeMember } from '../../lib/types.ts';
import PersonCard from './PersonCard.tsx';
import { useApi } from '../shared/use-api.ts';

interface Props {
  committee: CommitteeCode;
  year: number;
}

const SKELETON_CARDS = 6;

/**
 * A year's committee from the member list (entered with the dashboard's Add CS Member form),
 * grouped under each member's team heading in the order the API returns them.
 */
export default function CommitteeMembers({ committee, year }: Props) {
  const query = new URLSearchParams({ year: String(year), committee });
  const [members] = useApi(`/members?${query.toString()}`, (body: { members: CommitteeMember[] }) => body.members);

  if (members.state === 'loading') {
    return (
      <div role="status" aria-live="polite" data-roster-loading>
        <span className="sr-only">Loading committee members…</span>
        <ul className={cardClasses.grid.standard} aria-hidden="true">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <li key={i} className={`${cardClasses.item.standard} ${cardClasses.card} animate-pulse`}>
              <div className="size-32 rounded-full bg-slate-200 dark:bg-slate-700" />
              <div className="mt-4 h-5 w-40 rounded bg-slate-200 dark:bg-slate-700" />
              <div className="mt-2 h-4 w-28 rounded bg-slate-200 dark:bg-slate-700" />
              <div className="mt-2 h-4 w-48 rounded bg-slate-200 dark:bg-slate-700" />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  if (members.state === 'error') {
    return (
      <div
        role="alert"
        className="mx-auto max-w-xl rounded-lg border border-red-200 bg-red-50 p-6 text-center text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
      >
        <p className="font-semibold">We couldn’t load the committee members.</p>
        <p className="mt-2">{members.message}</p>
      </div>
    );
  }

  if (members.data.length === 0) {
    return (
      <p className="mx-auto max-w-xl rounded-lg border border-slate-200 p-6 text-center text-slate-600 dark:border-slate-800 dark:text-slate-300">
        No committee members have been added for {year} yet.
      </p>
    );
  }

  return (
    <div>
      {groupByTeam(members.data).map((group, index) => {
        const headingId = `team-${index}`;
        return (
          <section
            key={headingId}
            className={cardClasses.section}
            aria-labelledby={group.heading ? headingId : undefined}
            data-roster-section={group.heading ?? ''}
          >
            {group.heading && (
              <h2 id={headingId} className={cardClasses.sectionHeading}>
                {group.heading}
              </h2>
            )}
            <ul className={cardClasses.grid.standard} role="list">
              {group.people.map((member) => (
                <li key={member.id} className={cardClasses.item.standard}>
                  <PersonCard person={member} layout="standard" headingLevel={group.heading ? 3 : 2} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
