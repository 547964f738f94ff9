import { z } from 'astro/zod';
import { email, imageUrl, longText, optionalHttpUrl, optionalText, requiredText } from './fields.ts';

/** The committees with roster pages: the codes in their addresses and in the members list. */
export const COMMITTEE_CODES = ['Excom', 'SAC', 'SEC', 'SPARK', 'GSM', 'WEB'] as const;
export type CommitteeCode = (typeof COMMITTEE_CODES)[number];

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

/**
 * A member's edit. PUT sends the whole member (committeeMemberSchema) and replaces every field it
 * carries: a blank team is listed under the designation again. PATCH sends only the fields it changes.
 * Either way a member keeps their position unless `order` is given, or they move to another page.
 */
export const committeeMemberPatchSchema = committeeMemberSchema.partial();

export const membersQuerySchema = z.object({
  year: z.coerce.number('Year must be a number').int('Year must be a whole number').min(2000).max(2100),
  committee: z.enum(COMMITTEE_CODES, `Committee must be one of ${COMMITTEE_CODES.join(', ')}`),
});

export const humanSchema = z.object({
  name: requiredText('Name', 150),
  image: imageUrl('Image'),
  description: longText('Description', 5000),
});

/** PUT replaces the whole human; PATCH changes the fields it carries. */
export const humanPatchSchema = humanSchema.partial();

/** The public contact form. `website` is a honeypot: people leave it empty, bots fill it. */
export const contactSchema = z.object({
  name: requiredText('Name', 150),
  email: email(),
  message: longText('Message', 5000),
  website: z.string().optional(),
});

/** An admin marks a support message handled (answered) or unhandled again. */
export const supportMessageUpdateSchema = z.object({
  handled: z.boolean('Handled must be true or false'),
});

export const HANDLED_FILTERS = ['all', 'handled', 'unhandled'] as const;
export type HandledFilter = (typeof HANDLED_FILTERS)[number];
export const CONTACT_PAGE_SIZE_MAX = 100;

/**
 * The contact list's query. Without any of these the list is answered whole, as before; with one, it
 * is answered a page at a time, newest first, with the total.
 */
export const contactListQuerySchema = z.object({
  page: z.coerce.number('Page must be a number').int('Page must be a whole number').min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number('Page size must be a number')
    .int('Page size must be a whole number')
    .min(1)
    .max(CONTACT_PAGE_SIZE_MAX)
    .default(20),
  /** Every word must appear in the name, e-mail or message, in any case (src/lib/search.ts). */
  q: z.string().trim().max(200, 'Search must be at most 200 characters').default(''),
  handled: z.enum(HANDLED_FILTERS, `Handled must be one of ${HANDLED_FILTERS.join(', ')}`).default('all'),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;
