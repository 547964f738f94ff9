import { api } from '../../lib/api-client.ts';
import { chapterCreateSchema, chapterUpdateSchema } from '../../lib/schemas/chapter.schema.ts';
import type { ChapterAccount } from '../../lib/types.ts';
import { SetChapterPassword } from './PasswordForms.tsx';
import { PUBLIC_EMAIL_FIELD } from './public-email-field.ts';
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
  PUBLIC_EMAIL_FIELD,
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'At least 8 characters',
  },
];

/** On edit the password is never shown: a new one is set in its own form below (it signs the chapter out). */
const EDIT_FIELDS = FIELDS.filter((f) => f.name !== 'password');

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
    <div className="space-y-12">
      <ResourceForm
        fields={EDIT_FIELDS}
        schema={chapterUpdateSchema}
        initial={c}
        submitLabel="Update Chapter"
        busyLabel="Updating Chapter..."
        successMessage="Chapter Updated Successfully"
        clearOnSuccess={false}
        send={(payload) => api.put(`/users/${encodeURIComponent(c.slug)}`, payload)}
        footer={goBack}
      />
      <section aria-labelledby="set-password-heading">
        <h2 id="set-password-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Set a new password
        </h2>
        <p className="mt-1 mb-4 max-w-3xl text-sm text-slate-700 dark:text-slate-300">
          For a chapter that lost theirs: it signs {c.name} out everywhere. Tell them the new password yourself.
        </p>
        <SetChapterPassword slug={c.slug} />
      </section>
    </div>
  );
}
