import { z } from 'astro/zod';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../slug.ts';
import { email, httpUrl, imageUrl, longText, optionalEmail, phone, requiredText } from './fields.ts';

export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(2, 'Slug must be at least 2 characters')
  .max(SLUG_MAX_LENGTH, `Slug must be at most ${SLUG_MAX_LENGTH} characters`)
  .regex(SLUG_PATTERN, 'Slug may contain only lower-case letters, digits and single dashes');

/**
 * bcrypt reads only the first 72 bytes of a password: a longer one would be accepted with its tail
 * ignored. New passwords are held to 72 bytes instead (refused with this message, never cut short or
 * pre-hashed); sign-in still accepts up to 200 characters, so older long passwords keep working.
 */
export const PASSWORD_MAX_BYTES = 72;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_BYTES} bytes: ${PASSWORD_MAX_BYTES} plain letters, digits or symbols, fewer with accented letters or emoji`;
const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * Every account's password rule: chapter forms, and the admin set from ADMIN_PASSWORD or `npm run admin`.
 * The server also refuses the most common passwords (src/server/auth/password-policy.ts; the list is
 * too large to send to browsers).
 */
export const passwordSchema = z
  .string('Password is required')
  .min(8, 'Password must be at least 8 characters')
  .refine((v) => utf8Bytes(v) <= PASSWORD_MAX_BYTES, PASSWORD_TOO_LONG);

/**
 * The address the chapter's public page shows (its mailto, `chapterId.email` of public answers). While
 * none is set the login e-mail is shown there.
 */
export const publicEmailSchema = optionalEmail('Public contact e-mail');

/** A chapter account, created by an admin. The slug is derived from the name unless given. */
export const chapterCreateSchema = z.object({
  name: requiredText('Name', 150),
  email: email(),
  password: passwordSchema,
  phone: phone().refine((v) => v.length > 0, 'Phone is required'),
  slug: slugSchema.optional(),
  publicEmail: publicEmailSchema,
});

/** Editing an account: a blank password leaves it unchanged. */
export const chapterUpdateSchema = z.object({
  name: requiredText('Name', 150).optional(),
  email: email().optional(),
  password: z.union([z.literal(''), passwordSchema]).optional(),
  phone: phone().optional(),
  slug: slugSchema.optional(),
  publicEmail: publicEmailSchema,
});

/**
 * Anyone editing their own account (PUT /auth/account): an admin their name, login e-mail, phone and
 * public contact e-mail; a chapter only its public contact e-mail (the rest is the admins' to change).
 * The password has its own call, which asks for the current one.
 */
export const ownAccountSchema = chapterUpdateSchema.pick({ name: true, email: true, phone: true, publicEmail: true });
/** The fields of the own account only an admin may change. */
export const ADMIN_ONLY_OWN_FIELDS = ['name', 'email', 'phone'] as const;

/** A chapter's landing page (one per chapter). */
export const chapterInfoSchema = z.object({
  logo: imageUrl('Logo'),
  shortDescription: requiredText('Short description', 500),
  websiteUrl: httpUrl('Website URL'),
  facebookUrl: httpUrl('Facebook URL'),
  linkedinUrl: httpUrl('LinkedIn URL'),
  aboutUs: longText('About us', 10_000),
  videoUrl: httpUrl('Video URL'),
});
export const chapterInfoUpdateSchema = chapterInfoSchema.partial();
