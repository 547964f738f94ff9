import { z } from 'astro/zod';
import { passwordSchema } from './chapter.schema.ts';
import { email } from './fields.ts';

export const loginSchema = z.object({
  email: email(),
  password: z.string('Password is required').min(1, 'Password is required').max(200, 'Password is too long'),
});

const passwordChangeFields = z.object({
  currentPassword: z
    .string('Current password is required')
    .min(1, 'Current password is required')
    .max(200, 'Password is too long'),
  newPassword: passwordSchema,
});
const differs = (v: { currentPassword: string; newPassword: string }) => v.newPassword !== v.currentPassword;
const DIFFERS = { path: ['newPassword'], message: 'The new password must differ from the current one' };
const typedTwice = (v: { newPassword: string; confirmPassword: string }) => v.confirmPassword === v.newPassword;
const TYPED_TWICE = { path: ['confirmPassword'], message: 'The two new passwords do not match' };

/** Any signed-in user changing their own password (PUT /auth/password): they must know the current one. */
export const passwordChangeSchema = passwordChangeFields.refine(differs, DIFFERS);

/** The dashboard's form of it: the new password typed twice (the API needs it once and ignores the copy). */
export const passwordChangeFormSchema = passwordChangeFields
  .extend({ confirmPassword: z.string() })
  .refine(differs, DIFFERS)
  .refine(typedTwice, TYPED_TWICE);

/** An admin setting a new password for a chapter account (PUT /users/{slug}/password). */
export const passwordSetSchema = z.object({ newPassword: passwordSchema });

/** The dashboard's form of it, typed twice. */
export const passwordSetFormSchema = passwordSetSchema
  .extend({ confirmPassword: z.string() })
  .refine(typedTwice, TYPED_TWICE);
