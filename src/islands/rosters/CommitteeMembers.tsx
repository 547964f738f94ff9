import { groupByTeam } from '../../lib/rosters/grouping.ts';
import { cardClasses } from '../../lib/rosters/person-card.ts';
import type { CommitteeMember } from '../../lib/types.ts';
import PersonCard from './PersonCard.tsx';

/** The first section's first cards are above the fold: their photos load at once (RosterSection.astro). */
const EAGER_PHOTOS = 3;

interface Props {
  members: CommitteeMember[];
  year: number;
}

/**
 * A year's committee from the member list (entered with the dashboard's Add CS Member form), grouped
 * under each member's team heading in the order the repository returns them. Rendered on the server
 * with the roster page (no client directive): the members are in the served HTML and the page ships no
 * script for them.
 */
export default function CommitteeMembers({ members, year }: Props) {
  if (members.length === 0) {
    return (
      <p className="mx-auto max-w-xl rounded-lg border border-slate-200 p-6 text-center text-slate-600 dark:border-slate-800 dark:text-slate-300">
        {`No committee members have been added for ${year} yet.`}
      </p>
    );
  }

  return (
    <div>
      {groupByTeam(members).map((group, index) => {
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
              {group.people.map((member, i) => (
                <li key={member.id} className={cardClasses.item.standard}>
                  <PersonCard
                    person={member}
                    layout="standard"
                    headingLevel={group.heading ? 3 : 2}
                    eager={index === 0 && i < EAGER_PHOTOS}
                  />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
