import { api } from '../../lib/api-client.ts';
import { committeeMemberSchema } from '../../lib/schemas/people.schema.ts';
import { MEMBER_FIELDS } from './member-fields.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import ResourceForm from './ui/ResourceForm.tsx';

export default function AddCommitteeMemberPage() {
  return (
    <DashboardShell title="Add CS Member" adminOnly>
      {() => (
        <ResourceForm
          fields={MEMBER_FIELDS}
          schema={committeeMemberSchema}
          initial={{ year: new Date().getFullYear() }}
          omitBlankOptional
          submitLabel="Add Member"
          busyLabel="Adding Member..."
          successMessage="Member Added Successfully"
          clearOnSuccess
          send={(payload) => api.post('/members', payload)}
        />
      )}
    </DashboardShell>
  );
}
