import { api } from '../../lib/api-client.ts';
import { chapterCreateSchema, chapterUpdateSchema } from '../../lib/schemas/chapter.schema.ts';
import type { ChapterAccount } from '../../lib/types.ts';
import { SetChapterPassword } from './PasswordForms.tsx';
import { PUBLIC_EMAIL_FIELD } from './public-email-field.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import ResourceForm from './ui/ResourceForm.tsx';
import type { FieldSpec } from './ui/fields.ts';
import { savedEntity, savedHref } from './ui/after-save.ts';
import LoadById from './ui/LoadById.tsx';
import { chapterPageHref } from './ui/site-links.ts';
import { GoBack } from './ui/states.tsx';

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

const LIST = '/dashboard/chapters';
const goBack = <GoBack href={LIST} />;

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
            after={{
              notice: ({ data, payload }) => {
                const chapter = savedEntity<ChapterAccount>(data, 'chapter');
                return {
                  title: 'Added.',
                  text: `“${String(payload['name'])}” can sign in now.`,
                  viewHref: chapter && chapterPageHref(chapter.slug),
                  addAnother: true,
                  links: chapter ? [{ href: savedHref(LIST, chapter.slug), label: 'See it in the list' }] : [],
                };
              },
            }}
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
  return (
    <LoadById
      segment="edit-chapter"
      apiPath={(slug) => `/users/${encodeURIComponent(slug)}`}
      pick={(b: { chapter: ChapterAccount }) => b.chapter}
      what="the chapter"
      notFound="Chapter not found"
      backHref={LIST}
    >
      {(c) => (
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
            after={{
              returnTo: ({ data }) => savedHref(LIST, savedEntity<ChapterAccount>(data, 'chapter')?.slug ?? c.slug),
            }}
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
      )}
    </LoadById>
  );
}
