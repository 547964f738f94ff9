import { api } from '../../lib/api-client.ts';
import { excomSchema } from '../../lib/schemas/people.schema.ts';
import type { ExcomMember } from '../../lib/types.ts';
import { EXCOM_FIELDS } from './excom-fields.ts';
import { savedEntity, savedHref } from './ui/after-save.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import LoadById from './ui/LoadById.tsx';
import ResourceForm from './ui/ResourceForm.tsx';
import { chapterPageHref } from './ui/site-links.ts';
import { GoBack } from './ui/states.tsx';

const LIST = '/dashboard/excom';

export default function ExcomFormPage({ mode }: { mode: 'add' | 'edit' }) {
  return (
    <DashboardShell title={mode === 'add' ? 'Add New Excom' : 'Edit Excom'}>
      {(user) =>
        mode === 'add' ? (
          <ResourceForm
            fields={EXCOM_FIELDS}
            schema={excomSchema}
            submitLabel="Add Member"
            busyLabel="Adding Member..."
            successMessage="Member Added Successfully"
            clearOnSuccess
            send={(payload) => api.post('/excom', payload)}
            after={{
              notice: ({ data, payload }) => {
                const member = savedEntity<ExcomMember>(data, 'member');
                return {
                  title: 'Added.',
                  text: `“${String(payload['name'])}” is on your chapter page.`,
                  viewHref: chapterPageHref(user.slug),
                  addAnother: true,
                  links: member ? [{ href: savedHref(LIST, member.id), label: 'See it in your excom' }] : [],
                };
              },
            }}
            footer={<GoBack href={LIST} />}
          />
        ) : (
          <LoadById
            segment="edit-excom"
            apiPath={(id) => `/excom/member/${encodeURIComponent(id)}`}
            pick={(b: { member: ExcomMember }) => b.member}
            what="the member"
            notFound="Member not found"
            backHref={LIST}
          >
            {(m) => (
              <ResourceForm
                fields={EXCOM_FIELDS}
                schema={excomSchema}
                initial={m}
                submitLabel="Update Member"
                busyLabel="Updating Member..."
                successMessage="Member Updated Successfully"
                clearOnSuccess={false}
                send={(payload) => api.put(`/excom/${encodeURIComponent(m.id)}`, payload)}
                after={{ returnTo: () => savedHref(LIST, m.id) }}
                footer={<GoBack href={LIST} />}
              />
            )}
          </LoadById>
        )
      }
    </DashboardShell>
  );
}
