import { api } from '../../lib/api-client.ts';
import { eventSchema } from '../../lib/schemas/event.schema.ts';
import type { EventItem } from '../../lib/types.ts';
import { EVENT_FIELDS, NEW_EVENT_DEFAULTS } from './event-fields.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import ResourceForm from './ui/ResourceForm.tsx';
import { Loading, StatusPanel, secondaryLinkClass } from './ui/states.tsx';
import { useIdFromPath } from '../shared/use-address.ts';
import { isNotFound, useApi } from '../shared/use-api.ts';

const goBack = (
  <a href="/dashboard/events" className={secondaryLinkClass}>
    Go Back
  </a>
);

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
      schema={eventSchema}
      initial={NEW_EVENT_DEFAULTS}
      submitLabel="Add Event"
      busyLabel="Adding Event..."
      successMessage="Event Added Successfully"
      clearOnSuccess
      send={(payload) => api.post('/events', payload)}
      footer={goBack}
    />
  );
}

function EditEvent() {
  const id = useIdFromPath('edit-event');
  const [event] = useApi(id && `/events/${encodeURIComponent(id)}`, (b: { event: EventItem }) => b.event);
  if (event.state === 'loading') return <Loading what="the event" />;
  if (event.state === 'error')
    return (
      <StatusPanel tone="error">
        <p>{isNotFound(event) ? 'Event not found' : event.message}</p>
        <p className="mt-3">{goBack}</p>
      </StatusPanel>
    );
  const e = event.data;
  return (
    <ResourceForm
      fields={EVENT_FIELDS.map((f) =>
        f.name === 'banner' ? { ...f, optional: true, hint: 'Choose a file only to replace the current banner' } : f,
      )}
      schema={eventSchema}
      initial={e}
      submitLabel="Update Event"
      busyLabel="Updating Event..."
      successMessage="Event Updated Successfully"
      clearOnSuccess={false}
      send={(payload) => api.put(`/events/${encodeURIComponent(e.id)}`, payload)}
      footer={goBack}
    />
  );
}
