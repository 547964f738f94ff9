import { IMAGE_HINT } from '../../lib/image-upload.ts';
import { api } from '../../lib/api-client.ts';
import { committeeMemberSchema } from '../../lib/schemas/people.schema.ts';
import { COMMITTEE_CODES } from '../../lib/types.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import ResourceForm from './ui/ResourceForm.tsx';
import type { FieldSpec } from './ui/fields.ts';

const FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'designation', label: 'Designation', type: 'text' },
  { name: 'affiliation', label: 'Affiliation', type: 'text' },
  { name: 'committee', label: 'Committee', type: 'select', options: COMMITTEE_CODES },
  { name: 'year', label: 'Year', type: 'number', min: 2000, max: 2100, step: 1 },
  {
    name: 'team',
    label: 'Team',
    type: 'text',
    optional: true,
    hint: 'The heading the member is listed under, e.g. Coordinators; blank lists them under their designation',
  },
  { name: 'email', label: 'Email addresses', type: 'emails', hint: 'One or more, separated by commas' },
  { name: 'phone', label: 'Phone', type: 'tel', optional: true },
  { name: 'image', label: 'Image', type: 'image', hint: IMAGE_HINT },
];

export default function AddCommitteeMemberPage() {
  return (
    <DashboardShell title="Add CS Member" adminOnly>
      {() => (
        <ResourceForm
          fields={FIELDS}
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
