import { IMAGE_HINT } from '../../lib/image-upload.ts';
import { EVENT_STATUSES, REGISTRATION_METHODS, type EventStatus } from '../../lib/schemas/event.schema.ts';
import type { FieldSpec } from './ui/fields.ts';

/** How the dashboard names an event's status (the status control, the list's badge). */
export const EVENT_STATUS_LABELS: Readonly<Record<EventStatus, string>> = {
  published: 'Published (shown to everyone)',
  draft: 'Draft (hidden from visitors)',
};

/** Every field of spec §5 with its input type, and whether the event is published or a draft. */
export const EVENT_FIELDS: readonly FieldSpec[] = [
  { name: 'title', label: 'Title', type: 'text' },
  { name: 'eventDate', label: 'Event date', type: 'date' },
  { name: 'startTime', label: 'Start time', type: 'time' },
  { name: 'endTime', label: 'End time', type: 'time' },
  { name: 'location', label: 'Location', type: 'text' },
  { name: 'host', label: 'Host', type: 'text' },
  { name: 'registrationMethod', label: 'Registration method', type: 'select', options: REGISTRATION_METHODS },
  { name: 'fees', label: 'Fees', type: 'number', min: 0, step: 'any', hint: 'In BDT; 0 means free entry' },
  { name: 'eventLink', label: 'Event link', type: 'url', hint: 'Registration or social media page' },
  { name: 'banner', label: 'Banner', type: 'image', hint: IMAGE_HINT },
  { name: 'description', label: 'Description', type: 'textarea', rows: 10 },
  {
    name: 'status',
    label: 'Status',
    type: 'select',
    options: EVENT_STATUSES,
    optionLabels: EVENT_STATUS_LABELS,
    hint: 'A draft is seen only by your chapter and admins until you publish it',
  },
];

/** A new event is published unless its author chooses to keep it as a draft. */
export const NEW_EVENT_DEFAULTS = { status: 'published' } as const;
