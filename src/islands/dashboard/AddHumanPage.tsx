import { IMAGE_HINT } from '../../lib/image-upload.ts';
import { api } from '../../lib/api-client.ts';
import { humanSchema } from '../../lib/schemas/people.schema.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import ResourceForm from './ui/ResourceForm.tsx';
import type { FieldSpec } from './ui/fields.ts';
import { secondaryLinkClass } from './ui/states.tsx';

const FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'image', label: 'Image', type: 'image', hint: IMAGE_HINT },
  { name: 'description', label: 'Description', type: 'textarea', rows: 6 },
];

export default function AddHumanPage() {
  return (
    <DashboardShell title="Add Human" adminOnly>
      {() => (
        <ResourceForm
          fields={FIELDS}
          schema={humanSchema}
          submitLabel="Add Human"
          busyLabel="Adding Human..."
          successMessage="Human Added Successfully"
          clearOnSuccess
          send={(payload) => api.post('/humans', payload)}
          footer={
            <a href="/dashboard/humans" className={secondaryLinkClass}>
              Go Back
            </a>
          }
        />
      )}
    </DashboardShell>
  );
}
