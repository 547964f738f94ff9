import type { FieldSpec } from './ui/fields.ts';

export const EXCOM_FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'designation', label: 'Designation', type: 'text' },
  { name: 'affiliation', label: 'Affiliation', type: 'text' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { name: 'image', label: 'Image', type: 'image', hint: 'PNG, JPEG, WebP, GIF or AVIF, at most 5 MB' },
];
