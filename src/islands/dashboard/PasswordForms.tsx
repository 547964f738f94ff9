import { api } from '../../lib/api-client.ts';
import { passwordChangeFormSchema, passwordSetFormSchema } from '../../lib/schemas/auth.schema.ts';
import ResourceForm from './ui/ResourceForm.tsx';
import type { FieldSpec } from './ui/fields.ts';

const NEW_PASSWORD: FieldSpec = {
  name: 'newPassword',
  label: 'New password',
  type: 'password',
  autoComplete: 'new-password',
  hint: 'At least 8 characters',
};
const CONFIRM: FieldSpec = {
  name: 'confirmPassword',
  label: 'Confirm new password',
  type: 'password',
  autoComplete: 'new-password',
};

const CHANGE_FIELDS: readonly FieldSpec[] = [
  { name: 'currentPassword', label: 'Current password', type: 'password', autoComplete: 'current-password' },
  NEW_PASSWORD,
  CONFIRM,
];

/**
 * The signed-in user's own password. The server ends every other session of the account and signs
 * this browser in again with a fresh cookie, so the page stays usable.
 */
export function ChangeOwnPassword() {
  return (
    <ResourceForm
      fields={CHANGE_FIELDS}
      schema={passwordChangeFormSchema}
      submitLabel="Change Password"
      busyLabel="Changing Password..."
      successMessage="Password Changed Successfully"
      clearOnSuccess
      send={({ currentPassword, newPassword }) => api.put('/auth/password', { currentPassword, newPassword })}
    />
  );
}

/** An admin giving a chapter account a new password (it signs that chapter out everywhere). */
export function SetChapterPassword({ slug }: { slug: string }) {
  return (
    <ResourceForm
      fields={[NEW_PASSWORD, CONFIRM]}
      schema={passwordSetFormSchema}
      submitLabel="Set Password"
      busyLabel="Setting Password..."
      successMessage="Password Updated Successfully"
      clearOnSuccess
      send={({ newPassword }) => api.put(`/users/${encodeURIComponent(slug)}/password`, { newPassword })}
    />
  );
}
