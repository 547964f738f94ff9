import { z } from 'astro/zod';
import { COMMITTEE_CODES } from '../types.ts';
import { email, imageUrl, longText, optionalHttpUrl, optionalText, requiredText } from './fields.ts';

/** A member of a chapter's executive committee (dashboard "Excom"). */
export const excomSchema = z.object({
  name: requiredText('Name', 150),
  designation: requiredText('Designation', 150),
  affiliation: requiredText('Affiliation', 300),
  image: imageUrl('Image'),
  email: email(),
});
export const excomUpdateSchema = excomSchema.partial();

/** A committee member shown on a year's roster page (Add CS Member). */
export const committeeMemberSchema = z.object({
  name: requiredText('Name', 150),
  designation: requiredText('Designation', 150),
  affiliation: requiredText('Affiliation', 300),
  image: imageUrl('Image'),
  email: z.array(email(), 'Email must be a list').min(1, 'At least one email is required').max(5, 'At most 5 emails'),
  phone: optionalText('Phone', 30),
  whatsapp: optionalText('WhatsApp', 30),
  linkedin: optionalHttpUrl('LinkedIn'),
  committee: z.enum(COMMITTEE_CODES, `Committee must be one of ${COMMITTEE_CODES.join(', ')}`),
  year: z.coerce
    .number('Year must be a number')
    .int('Year must be a whole number')
    .min(2000, 'Year must be 2000 or later')
    .max(2100, 'Year must be 2100 or earlier'),
  /** The section heading on the roster page; absent: the member's designation (teamFromDesignation). */
  team: z
    .string()
    .trim()
    .min(1, 'Team must not be blank: leave it out to list the member under their designation')
    .max(100, 'Team must be at most 100 characters')
    .nullish(),
  /** Position on the page; absent: after everyone already on it. */
  order: z.coerce.number().int().min(0).max(100_000).optional(),
});

export const membersQuerySchema = z.object({
  year: z.coerce.number('Year must be a number').int('Year must be a whole number').min(2000).max(2100),
  committee: z.enum(COMMITTEE_CODES, `Committee must be one of ${COMMITTEE_CODES.join(', ')}`),
});

export const humanSchema = z.object({
  name: requiredText('Name', 150),
  image: imageUrl('Image'),
  description: longText('Description', 5000),
});

/** The public contact form. `website` is a honeypot: people leave it empty, bots fill it. */
export const contactSchema = z.object({
  name: requiredText('Name', 150),
  email: email(),
  message: longText('Message', 5000),
  website: z.string().optional(),
});
