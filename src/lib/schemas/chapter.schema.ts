import { z } from 'astro/zod';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../slug.ts';
import { email, httpUrl, imageUrl, longText, phone, requiredText } from './fields.ts';

export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(2, 'Slug must be at least 2 characters')
  .max(SLUG_MAX_LENGTH, `Slug must be at most ${SLUG_MAX_LENGTH} characters`)
  .regex(SLUG_PATTERN, 'Slug may contain only lower-case letters, digits and single dashes');

/** Every account's password rule: chapter forms, and the admin set from ADMIN_PASSWORD or `npm run admin`. */
export const passwordSchema = z
  .string('Password is required')
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password is too long');

/** A chapter account, created by an admin. The slug is derived from the name unless given. */
export const chapterCreateSchema = z.object({
  name: requiredText('Name', 150),
  email: email(),
  password: passwordSchema,
  phone: phone().refine((v) => v.length > 0, 'Phone is required'),
  slug: slugSchema.optional(),
});

/** Editing an account: a blank password leaves it unchanged. */
export const chapterUpdateSchema = z.object({
  name: requiredText('Name', 150).optional(),
  email: email().optional(),
  password: z.union([z.literal(''), passwordSchema]).optional(),
  phone: phone().optional(),
  slug: slugSchema.optional(),
});

/** An admin editing their own account (PUT /auth/account): the password has its own call, which asks for the current one. */
export const ownAccountSchema = chapterUpdateSchema.pick({ name: true, email: true, phone: true });

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
