import { IMAGE_HINT } from '../../lib/image-upload.ts';
import { api } from '../../lib/api-client.ts';
import { chapterInfoSchema } from '../../lib/schemas/chapter.schema.ts';
import type { ChapterInfo } from '../../lib/types.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import ResourceForm from './ui/ResourceForm.tsx';
import type { FieldSpec } from './ui/fields.ts';
import { savedHref } from './ui/after-save.ts';
import { EmptyState, GoBack, Loading, StatusPanel } from './ui/states.tsx';
import { useApi } from '../shared/use-api.ts';

const FIELDS: readonly FieldSpec[] = [
  { name: 'shortDescription', label: 'Short description', type: 'text' },
  { name: 'websiteUrl', label: 'Website URL', type: 'url' },
  { name: 'facebookUrl', label: 'Facebook URL', type: 'url' },
  { name: 'linkedinUrl', label: 'LinkedIn URL', type: 'url' },
  { name: 'videoUrl', label: 'Video URL', type: 'url' },
  { name: 'logo', label: 'Logo', type: 'image', hint: IMAGE_HINT },
  { name: 'aboutUs', label: 'About us', type: 'textarea', rows: 8 },
];

const SETTINGS = '/dashboard/settings';
const goBack = <GoBack href={SETTINGS} />;
/** Saved (added or updated), the landing page is shown read-only in Settings, marked as just saved. */
const backToSettings = { returnTo: () => savedHref(SETTINGS, 'landing') };

export default function LandingFormPage({ mode }: { mode: 'add' | 'edit' }) {
  return (
    <DashboardShell title={mode === 'add' ? 'Add Landing Page' : 'Edit Landing Page'}>
      {() => <LandingForm mode={mode} />}
    </DashboardShell>
  );
}

function LandingForm({ mode }: { mode: 'add' | 'edit' }) {
  const [info] = useApi('/chapters', (b: { chapter: ChapterInfo | null }) => b.chapter);
  if (info.state === 'loading') return <Loading what="chapter info" />;
  if (info.state === 'error')
    return (
      <StatusPanel tone="error">
        <p>{info.message}</p>
      </StatusPanel>
    );
  const c = info.data;
  if (mode === 'add') {
    if (c)
      return (
        <StatusPanel>
          <p>Your chapter already has a landing page.</p>
          <p className="mt-3">
            <a
              href="/dashboard/edit-landing-page"
              className="font-semibold text-brand-800 underline dark:text-brand-300"
            >
              Edit it instead
            </a>
          </p>
        </StatusPanel>
      );
    return (
      <ResourceForm
        fields={FIELDS}
        schema={chapterInfoSchema}
        submitLabel="Add Chapter Info"
        busyLabel="Adding Chapter Info..."
        successMessage="Chapter info added Successfully"
        clearOnSuccess
        send={(payload) => api.post('/chapters', payload)}
        after={backToSettings}
        footer={goBack}
      />
    );
  }
  if (!c)
    return <EmptyState heading="No chapter info yet" href="/dashboard/add-landing-page" linkLabel="Add Landing Page" />;
  return (
    <ResourceForm
      fields={FIELDS}
      schema={chapterInfoSchema}
      initial={c}
      submitLabel="Update Chapter Info"
      busyLabel="Updating Chapter Info..."
      successMessage="Chapter info updated Successfully"
      clearOnSuccess={false}
      errorToast={false}
      send={(payload) => api.put(`/chapters/${encodeURIComponent(c.id)}`, payload)}
      after={backToSettings}
      footer={goBack}
    />
  );
}
