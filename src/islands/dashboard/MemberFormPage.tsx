import { api } from '../../lib/api-client.ts';
import type { LiveRosterPage } from '../../lib/rosters/live-pages.ts';
import { committeeMemberSchema } from '../../lib/schemas/people.schema.ts';
import type { CommitteeMember } from '../../lib/types.ts';
import { MEMBER_FIELDS, memberListHref } from './member-fields.ts';
import RosterPageNote from './RosterPageNote.tsx';
import { savedEntity, savedHref } from './ui/after-save.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import LoadById from './ui/LoadById.tsx';
import ResourceForm from './ui/ResourceForm.tsx';
import { GoBack } from './ui/states.tsx';

export default function MemberFormPage({ livePages }: { livePages: readonly LiveRosterPage[] }) {
  return (
    <DashboardShell title="Edit CS Member" adminOnly>
      {() => (
        <LoadById
          segment="edit-member"
          apiPath={(id) => `/members/${encodeURIComponent(id)}`}
          pick={(b: { member: CommitteeMember }) => b.member}
          what="the member"
          notFound="Member not found"
          backHref="/dashboard/members"
        >
          {/* The add form, prefilled; saving replaces the member (PUT), keeping their place on the page. */}
          {(m) => (
            <ResourceForm
              fields={MEMBER_FIELDS}
              schema={committeeMemberSchema}
              initial={m}
              omitBlankOptional
              submitLabel="Update Member"
              busyLabel="Updating Member..."
              successMessage="Member Updated Successfully"
              clearOnSuccess={false}
              send={(payload) => api.put(`/members/${encodeURIComponent(m.id)}`, payload)}
              aside={(values) => (
                <RosterPageNote pages={livePages} committee={values['committee'] ?? ''} year={values['year'] ?? ''} />
              )}
              // Back to the list of the committee and year the member is in now (an edit may move them).
              after={{
                returnTo: ({ data }) =>
                  savedHref(memberListHref(savedEntity<CommitteeMember>(data, 'member') ?? m), m.id),
              }}
              footer={<GoBack href={memberListHref(m)} />}
            />
          )}
        </LoadById>
      )}
    </DashboardShell>
  );
}
