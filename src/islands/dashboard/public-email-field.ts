import type { FieldSpec } from './ui/fields.ts';

/** The public contact e-mail of an account, in the chapter form and in Settings. */
export const PUBLIC_EMAIL_FIELD: FieldSpec = {
  name: 'publicEmail',
  label: 'Public contact e-mail',
  type: 'email',
  autoComplete: 'off',
  optional: true,
  hint: 'Shown on the chapter page (its e-mail link). While blank, the page shows the sign-in e-mail.',
};
