import { useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { livePageOf, type LiveRosterPage } from '../../lib/rosters/live-pages.ts';
import { COMMITTEE_CODES, committeeMemberSchema } from '../../lib/schemas/people.schema.ts';
import type { CommitteeMember } from '../../lib/types.ts';
import { MEMBER_FIELDS, memberListHref } from './member-fields.ts';
import RosterPageNote from './RosterPageNote.tsx';
import { savedEntity, savedHref } from './ui/after-save.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import ResourceForm from './ui/ResourceForm.tsx';
import { GoBack } from './ui/states.tsx';

interface Props {
  /** The committee pages that show the member list (from the build). */
  livePages: readonly LiveRosterPage[];
}

/**
 * Where a new member starts: the committee and year of the list the form was opened from
 * (?committee=&year=), else the year of the newest page that shows members (a member of a year without
 * a page would be listed nowhere), and no committee yet.
 */
function startingPoint(pages: readonly LiveRosterPage[]): { committee?: string; year: number } {
  const params = new URLSearchParams(window.location.search);
  const committee = params.get('committee') ?? '';
  const year = Number(params.get('year'));
  const newest = pages[0]?.year ?? new Date().getFullYear();
  return {
    ...((COMMITTEE_CODES as readonly string[]).includes(committee) ? { committee } : {}),
    year: Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : newest,
  };
}

export default function AddCommitteeMemberPage({ livePages }: Props) {
  return (
    <DashboardShell title="Add CS Member" adminOnly>
      {() => <AddMember livePages={livePages} />}
    </DashboardShell>
  );
}

function AddMember({ livePages }: Props) {
  const [initial] = useState(() => startingPoint(livePages));
  const back = initial.committee
    ? memberListHref({ committee: initial.committee, year: initial.year })
    : '/dashboard/members';
  return (
    <ResourceForm
      fields={MEMBER_FIELDS}
      schema={committeeMemberSchema}
      initial={initial}
      keepAfterAdd={['committee', 'year']}
      omitBlankOptional
      submitLabel="Add Member"
      busyLabel="Adding Member..."
      successMessage="Member Added Successfully"
      clearOnSuccess
      send={(payload) => api.post('/members', payload)}
      aside={(values) => (
        <RosterPageNote pages={livePages} committee={values['committee'] ?? ''} year={values['year'] ?? ''} />
      )}
      after={{
        notice: ({ data, payload }) => {
          const member = savedEntity<CommitteeMember>(data, 'member');
          const roster = { committee: String(payload['committee']), year: String(payload['year']) };
          const page = livePageOf(livePages, roster);
          const name = `“${String(payload['name'])}”`;
          return {
            title: 'Added.',
            text: page
              ? `${name} is on ${page.title}.`
              : `${name} is saved under ${roster.committee} ${roster.year}, which no public page shows.`,
            viewHref: page?.path,
            addAnother: true,
            links: member ? [{ href: savedHref(memberListHref(member), member.id), label: 'See it in the list' }] : [],
          };
        },
      }}
      footer={<GoBack href={back} />}
    />
  );
}
