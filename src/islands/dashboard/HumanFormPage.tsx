import { IMAGE_HINT } from '../../lib/image-upload.ts';
import { api } from '../../lib/api-client.ts';
import { humanSchema } from '../../lib/schemas/people.schema.ts';
import type { Human } from '../../lib/types.ts';
import { savedEntity, savedHref } from './ui/after-save.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import LoadById from './ui/LoadById.tsx';
import ResourceForm from './ui/ResourceForm.tsx';
import type { FieldSpec } from './ui/fields.ts';
import { HUMANS_PAGE } from './ui/site-links.ts';
import { GoBack } from './ui/states.tsx';

const FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'image', label: 'Image', type: 'image', hint: IMAGE_HINT },
  { name: 'description', label: 'Description', type: 'textarea', rows: 6 },
];

const LIST = '/dashboard/humans';

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
            after={{
              notice: ({ data, payload }) => {
                const human = savedEntity<Human>(data, 'human');
                return {
                  title: 'Added.',
                  text: `“${String(payload['name'])}” is in the Humans of gallery.`,
                  viewHref: HUMANS_PAGE,
                  addAnother: true,
                  links: human ? [{ href: savedHref(LIST, human.id), label: 'See it in the list' }] : [],
                };
              },
            }}
            footer={<GoBack href={LIST} />}
          />
        ) : (
          <LoadById
            segment="edit-human"
            apiPath={(id) => `/humans/${encodeURIComponent(id)}`}
            pick={(b: { human: Human }) => b.human}
            what="the human"
            notFound="Human not found"
            backHref={LIST}
          >
            {(h) => (
              <ResourceForm
                fields={FIELDS}
                schema={humanSchema}
                initial={h}
                submitLabel="Update Human"
                busyLabel="Updating Human..."
                successMessage="Human Updated Successfully"
                clearOnSuccess={false}
                send={(payload) => api.put(`/humans/${encodeURIComponent(h.id)}`, payload)}
                after={{ returnTo: () => savedHref(LIST, h.id) }}
                footer={<GoBack href={LIST} />}
              />
            )}
          </LoadById>
        )
      }
    </DashboardShell>
  );
}
