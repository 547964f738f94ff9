import { IMAGE_HINT } from '../../lib/image-upload.ts';
import { REGISTRATION_METHODS } from '../../lib/types.ts';
import type { FieldSpec } from './ui/fields.ts';

/** Every field of spec §5 with its input type. */
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
];
