import { IMAGE_HINT } from '../../lib/image-upload.ts';
import { api } from '../../lib/api-client.ts';
import { humanSchema } from '../../lib/schemas/people.schema.ts';
import type { Human } from '../../lib/types.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import ResourceForm from './ui/ResourceForm.tsx';
import type { FieldSpec } from './ui/fields.ts';
import { Loading, StatusPanel, secondaryLinkClass } from './ui/states.tsx';
import { useIdFromPath } from '../shared/use-address.ts';
import { isNotFound, useApi } from '../shared/use-api.ts';

const FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'image', label: 'Image', type: 'image', hint: IMAGE_HINT },
  { name: 'description', label: 'Description', type: 'textarea', rows: 6 },
];

const goBack = (
  <a href="/dashboard/humans" className={secondaryLinkClass}>
    Go Back
  </a>
);

/** Add a "Humans of" card, or edit one: the same form, prefilled; a new photo is uploaded only if chosen. */
export default function HumanFormPage({ mode }: { mode: 'add' | 'edit' }) {
  return (
    <DashboardShell title={mode === 'add' ? 'Add Human' : 'Edit Human'} adminOnly>
      {() =>
        mode === 'add' ? (
          <ResourceForm
            fields={FIELDS}
            schema={humanSchema}
            submitLabel="Add Human"
            busyLabel="Adding Human..."
            successMessage="Human Added Successfully"
            clearOnSuccess
            send={(payload) => api.post('/humans', payload)}
            footer={goBack}
          />
        ) : (
          <EditHuman />
        )
      }
    </DashboardShell>
  );
}

function EditHuman() {
  const id = useIdFromPath('edit-human');
  const [human] = useApi(id && `/humans/${encodeURIComponent(id)}`, (b: { human: Human }) => b.human);
  if (human.state === 'loading') return <Loading what="the human" />;
  if (human.state === 'error')
    return (
      <StatusPanel tone="error">
        <p>{isNotFound(human) ? 'Human not found' : human.message}</p>
        <p className="mt-3">{goBack}</p>
      </StatusPanel>
    );
  const h = human.data;
  return (
    <ResourceForm
      fields={FIELDS}
      schema={humanSchema}
      initial={h}
      submitLabel="Update Human"
      busyLabel="Updating Human..."
      successMessage="Human Updated Successfully"
      clearOnSuccess={false}
      send={(payload) => api.put(`/humans/${encodeURIComponent(h.id)}`, payload)}
      footer={goBack}
    />
  );
}
