import { IMAGE_HINT } from '../../lib/image-upload.ts';
import type { FieldSpec } from './ui/fields.ts';

export const EXCOM_FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'designation', label: 'Designation', type: 'text' },
  { name: 'affiliation', label: 'Affiliation', type: 'text' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { name: 'image', label: 'Image', type: 'image', hint: IMAGE_HINT },
];
