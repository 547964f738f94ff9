import { api } from '../../lib/api-client.ts';
import { chapterCreateSchema, chapterUpdateSchema } from '../../lib/schemas/chapter.schema.ts';
import type { ChapterAccount } from '../../lib/types.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import ResourceForm from './ui/ResourceForm.tsx';
import type { FieldSpec } from './ui/fields.ts';
import { Loading, StatusPanel, secondaryLinkClass } from './ui/states.tsx';
import { useIdFromPath } from '../shared/use-address.ts';
import { isNotFound, useApi } from '../shared/use-api.ts';

const FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'organization' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { name: 'phone', label: 'Phone', type: 'tel' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'At least 8 characters',
  },
];

/** On edit the password is never prefilled; left blank it stays as it is. */
const EDIT_FIELDS = FIELDS.map((f) =>
  f.name === 'password' ? { ...f, optional: true, hint: 'Leave blank to keep the current password' } : f,
);

const goBack = (
  <a href="/dashboard/chapters" className={secondaryLinkClass}>
    Go Back
  </a>
);

export default function ChapterFormPage({ mode }: { mode: 'add' | 'edit' }) {
  return (
    <DashboardShell title={mode === 'add' ? 'Add New Chapter' : 'Edit Chapter'} adminOnly>
      {() =>
        mode === 'add' ? (
          <ResourceForm
            fields={FIELDS}
            schema={chapterCreateSchema}
            submitLabel="Add Chapter"
            busyLabel="Adding Chapter..."
            successMessage="Chapter Added Successfully"
            clearOnSuccess
            send={(payload) => api.post('/users', payload)}
            footer={goBack}
          />
        ) : (
          <EditChapter />
        )
      }
    </DashboardShell>
  );
}

function EditChapter() {
  const slug = useIdFromPath('edit-chapter');
  const [chapter] = useApi(slug && `/users/${encodeURIComponent(slug)}`, (b: { chapter: ChapterAccount }) => b.chapter);
  if (chapter.state === 'loading') return <Loading what="the chapter" />;
  if (chapter.state === 'error')
    return (
      <StatusPanel tone="error">
        <p>{isNotFound(chapter) ? 'Chapter not found' : chapter.message}</p>
        <p className="mt-3">{goBack}</p>
      </StatusPanel>
    );
  const c = chapter.data;
  return (
    <ResourceForm
      fields={EDIT_FIELDS}
      schema={chapterUpdateSchema}
      initial={c}
      omitBlankOptional
      submitLabel="Update Chapter"
      busyLabel="Updating Chapter..."
      successMessage="Chapter Updated Successfully"
      clearOnSuccess={false}
      send={(payload) => api.put(`/users/${encodeURIComponent(c.slug)}`, payload)}
      footer={goBack}
    />
  );
}
