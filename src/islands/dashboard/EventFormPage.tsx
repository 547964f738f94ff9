import { api } from '../../lib/api-client.ts';
import { EVENT_NOT_FOUND } from '../../lib/api-errors.ts';
import { eventSchema } from '../../lib/schemas/event.schema.ts';
import type { EventItem } from '../../lib/types.ts';
import { EVENT_FIELDS, NEW_EVENT_DEFAULTS, eventFieldAdjustments, eventNotice } from './event-fields.ts';
import { savedEntity, savedHref } from './ui/after-save.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import LoadById from './ui/LoadById.tsx';
import ResourceForm from './ui/ResourceForm.tsx';
import { certificatesSection } from './CertificatesFieldset.tsx';
import { registrationSection } from './RegistrationFieldset.tsx';
import { GoBack } from './ui/states.tsx';

const LIST = '/dashboard/events';

export default function EventFormPage({ mode }: { mode: 'add' | 'edit' }) {
  return (
    <DashboardShell title={mode === 'add' ? 'Add New Event' : 'Edit Event'}>
      {() => (mode === 'add' ? <AddEvent /> : <EditEvent />)}
    </DashboardShell>
  );
}

function AddEvent() {
  return (
    <ResourceForm
      fields={EVENT_FIELDS}
      sections={[registrationSection(), certificatesSection()]}
      schema={eventSchema}
      adjust={eventFieldAdjustments}
      checkOnBlur
      initial={NEW_EVENT_DEFAULTS}
      submitLabel="Add Event"
      busyLabel="Adding Event..."
      successMessage="Event Added Successfully"
      clearOnSuccess
      send={(payload) => api.post('/events', payload)}
      after={{
        notice: ({ data }) => {
          const event = savedEntity<EventItem>(data, 'event');
          if (!event) return { title: 'Event Added Successfully', addAnother: true };
          return {
            ...eventNotice(event),
            addAnother: true,
            links: [{ href: savedHref(LIST, event.id), label: 'See it in your events' }],
          };
        },
      }}
      footer={<GoBack href={LIST} />}
    />
  );
}

function EditEvent() {
  return (
    <LoadById
      segment="edit-event"
      apiPath={(id) => `/events/${encodeURIComponent(id)}`}
      pick={(b: { event: EventItem }) => b.event}
      what="the event"
      notFound={EVENT_NOT_FOUND}
      backHref={LIST}
    >
      {(e) => (
        <ResourceForm
          fields={EVENT_FIELDS.map((f) =>
            f.name === 'banner'
              ? { ...f, optional: true, hint: 'Choose a file only to replace the current banner' }
              : f,
          )}
          sections={[registrationSection(e), certificatesSection(e)]}
          schema={eventSchema}
          adjust={eventFieldAdjustments}
          checkOnBlur
          initial={e}
          submitLabel="Update Event"
          busyLabel="Updating Event..."
          successMessage="Event Updated Successfully"
          clearOnSuccess={false}
          send={(payload) => api.put(`/events/${encodeURIComponent(e.id)}`, payload)}
          after={{ returnTo: () => savedHref(LIST, e.id) }}
          footer={<GoBack href={LIST} />}
        />
      )}
    </LoadById>
  );
}
