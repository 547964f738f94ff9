import { IMAGE_HINT } from '../../lib/image-upload.ts';
import { COMMITTEE_CODES } from '../../lib/schemas/people.schema.ts';
import type { FieldSpec } from './ui/fields.ts';

/** The committee member form, for adding (Add CS Member) and editing (CS Members). */
export const MEMBER_FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'designation', label: 'Designation', type: 'text' },
  { name: 'affiliation', label: 'Affiliation', type: 'text' },
  { name: 'committee', label: 'Committee', type: 'select', options: COMMITTEE_CODES },
  { name: 'year', label: 'Year', type: 'number', min: 2000, max: 2100, step: 1 },
  {
    name: 'team',
    label: 'Team',
    type: 'text',
    optional: true,
    hint: 'The heading the member is listed under, e.g. Coordinators; blank lists them under their designation',
  },
  { name: 'email', label: 'Email addresses', type: 'emails', hint: 'One or more, separated by commas' },
  { name: 'phone', label: 'Phone', type: 'tel', optional: true },
  // An edit replaces every field, so every stored one is on the form, or saving would clear it.
  { name: 'whatsapp', label: 'WhatsApp', type: 'tel', optional: true },
  { name: 'linkedin', label: 'LinkedIn', type: 'url', optional: true },
  { name: 'image', label: 'Image', type: 'image', hint: IMAGE_HINT },
];

/** The address of a roster's list in the dashboard: where the edit form's "Go Back" returns to. */
export const memberListHref = ({ committee, year }: { committee: string; year: number }) =>
  `/dashboard/members?${new URLSearchParams({ committee, year: String(year) }).toString()}`;
