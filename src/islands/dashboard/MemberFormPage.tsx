import { api } from '../../lib/api-client.ts';
import { committeeMemberSchema } from '../../lib/schemas/people.schema.ts';
import type { CommitteeMember } from '../../lib/types.ts';
import { MEMBER_FIELDS, memberListHref } from './member-fields.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import ResourceForm from './ui/ResourceForm.tsx';
import { Loading, StatusPanel, secondaryLinkClass } from './ui/states.tsx';
import { useIdFromPath } from '../shared/use-address.ts';
import { isNotFound, useApi } from '../shared/use-api.ts';

export default function MemberFormPage() {
  return (
    <DashboardShell title="Edit CS Member" adminOnly>
      {() => <EditMember />}
    </DashboardShell>
  );
}

const goBack = (href: string) => (
  <a href={href} className={secondaryLinkClass}>
    Go Back
  </a>
);

/** The add form, prefilled; saving replaces the member (PUT), keeping their place on the page. */
function EditMember() {
  const id = useIdFromPath('edit-member');
  const [member] = useApi(id && `/members/${encodeURIComponent(id)}`, (b: { member: CommitteeMember }) => b.member);
  if (member.state === 'loading') return <Loading what="the member" />;
  if (member.state === 'error')
    return (
      <StatusPanel tone="error">
        <p>{isNotFound(member) ? 'Member not found' : member.message}</p>
        <p className="mt-3">{goBack('/dashboard/members')}</p>
      </StatusPanel>
    );
  const m = member.data;
  return (
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
      footer={goBack(memberListHref(m))}
    />
  );
}
