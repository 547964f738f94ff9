import { api } from '../../lib/api-client.ts';
import { excomSchema } from '../../lib/schemas/people.schema.ts';
import type { ExcomMember } from '../../lib/types.ts';
import { EXCOM_FIELDS } from './excom-fields.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import ResourceForm from './ui/ResourceForm.tsx';
import { Loading, StatusPanel, secondaryLinkClass } from './ui/states.tsx';
import { useIdFromPath } from '../shared/use-address.ts';
import { isNotFound, useApi } from '../shared/use-api.ts';

const goBack = (
  <a href="/dashboard/excom" className={secondaryLinkClass}>
    Go Back
  </a>
);

export default function ExcomFormPage({ mode }: { mode: 'add' | 'edit' }) {
  return (
    <DashboardShell title={mode === 'add' ? 'Add New Excom' : 'Edit Excom'}>
      {() =>
        mode === 'add' ? (
          <ResourceForm
            fields={EXCOM_FIELDS}
            schema={excomSchema}
            submitLabel="Add Member"
            busyLabel="Adding Member..."
            successMessage="Member Added Successfully"
            clearOnSuccess
            send={(payload) => api.post('/excom', payload)}
            footer={goBack}
          />
        ) : (
          <EditExcom />
        )
      }
    </DashboardShell>
  );
}

function EditExcom() {
  const id = useIdFromPath('edit-excom');
  const [member] = useApi(id && `/excom/member/${encodeURIComponent(id)}`, (b: { member: ExcomMember }) => b.member);
  if (member.state === 'loading') return <Loading what="the member" />;
  if (member.state === 'error')
    return (
      <StatusPanel tone="error">
        <p>{isNotFound(member) ? 'Member not found' : member.message}</p>
        <p className="mt-3">{goBack}</p>
      </StatusPanel>
    );
  const m = member.data;
  return (
    <ResourceForm
      fields={EXCOM_FIELDS}
      schema={excomSchema}
      initial={m}
      submitLabel="Update Member"
      busyLabel="Updating Member..."
      successMessage="Member Updated Successfully"
      clearOnSuccess={false}
      send={(payload) => api.put(`/excom/${encodeURIComponent(m.id)}`, payload)}
      footer={goBack}
    />
  );
}
