import { IMAGE_HINT } from '../../lib/image-upload.ts';
import { EVENT_STATUSES, REGISTRATION_METHODS, type EventStatus } from '../../lib/schemas/event.schema.ts';
import type { EventItem } from '../../lib/types.ts';
import type { RegistrationValue } from './RegistrationFieldset.tsx';
import type { Notice } from './ui/after-save.ts';
import type { FieldAdjustment } from './ui/ResourceForm.tsx';
import type { FieldSpec } from './ui/fields.ts';
import { eventPath } from '../../lib/registration/registration-links.ts';

/** How the dashboard names an event's status (the status control, the list's badge). */
export const EVENT_STATUS_LABELS: Readonly<Record<EventStatus, string>> = {
  published: 'Published (shown to everyone)',
  draft: 'Draft (hidden from visitors)',
};

/** Every field of an event with its input type, and whether the event is published or a draft. */
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

/** "Registration method" when visitors register on this site: Online, and the form says why. */
export const ONLINE_ON_THIS_SITE = 'Online: visitors register on this site (see Registration below)';
/** "Event link" when Register Now does not open it: the event's own page elsewhere. */
export const EVENT_LINK_SOCIAL = 'The event’s social media page (visitors register on this site)';
export const EVENT_LINK_NO_REGISTRATION = 'The event’s social media page';

/**
 * The spec's fields that the Registration fieldset decides: registering on this site is registering
 * online (the method is set and cannot be changed there), and "Event link" is then the event's social
 * page, not where people register. Registering on an outside link keeps both as the author sets them.
 */
export function eventFieldAdjustments(sections: Partial<Record<string, unknown>>): Record<string, FieldAdjustment> {
  const mode = (sections['registration'] as RegistrationValue | undefined)?.mode;
  if (mode === 'site')
    return {
      registrationMethod: { value: 'Online', hint: ONLINE_ON_THIS_SITE },
      eventLink: { hint: EVENT_LINK_SOCIAL },
    };
  if (mode === 'none') return { eventLink: { hint: EVENT_LINK_NO_REGISTRATION } };
  return {};
}

/** A new event is published unless its author chooses to keep it as a draft. */
export const NEW_EVENT_DEFAULTS = { status: 'published' } as const;

/**
 * What a saved event's confirmation says: a published event is on the site (and can be viewed there);
 * a draft is not, until it is published. `edited`: an existing event was saved (the list after an edit).
 */
export function eventNotice(event: Pick<EventItem, 'id' | 'title' | 'status'>, edited = false): Notice {
  const title = `“${event.title}”`;
  return event.status === 'draft'
    ? { title: 'Saved as draft.', text: `${title} is hidden from visitors until you publish it.` }
    : {
        title: edited ? 'Saved and published.' : 'Published.',
        text: edited ? `${title} is updated on the site.` : `${title} is on the site.`,
        viewHref: eventPath(event.id),
      };
}
