import { z } from 'astro/zod';
import type { RosterGrouping } from '../rosters/grouping.ts';
import { COMMITTEE_CODES } from '../schemas/people.schema.ts';

/**
 * One committee page's roster: content/rosters/<route>.json builds the page at /<route>.
 * Grouping into headed sections follows each person's `team` (or, for the 2025 WIC, SAC and
 * Secretariat pages, their designation rules), in file order; list positions never matter.
 */

/** The committees a roster can belong to: the six member-list codes plus Women in Computing. */
export const ROSTER_COMMITTEES = ['Excom', 'SAC', 'SEC', 'SPARK', 'GSM', 'WEB', 'WIC'] as const;
export type RosterCommittee = (typeof ROSTER_COMMITTEES)[number];

/** How the page turns its people into sections; see src/lib/rosters/grouping.ts. */
export const ROSTER_GROUPINGS = [
  'team',
  'wic-2025',
  'sac-2025',
  'secretariat-2025',
] as const satisfies readonly RosterGrouping[];

export const rosterPersonSchema = z.strictObject({
  name: z.string().trim().min(1).describe('Their full name, shown on their card, e.g. Ayesha Rahman'),
  designation: z
    .string()
    .trim()
    .min(1)
    .describe('Their role, shown under their name, e.g. "Chair" or "Content Team Member"'),
  team: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe(
      'The heading they are listed under, e.g. "Content Team"; people next to each other with the same team share one heading',
    ),
  affiliation: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe(
      'Their university or employer, shown on their card, e.g. "BUET"; each new line here is a new line on the card',
    ),
  department: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe('Their department, shown on their card, e.g. "CSE" or "EEE"'),
  studyYear: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe('Their year or semester of study, shown on their card, e.g. "3rd Year"'),
  email: z
    .array(z.email())
    .default([])
    .describe('Their e-mail addresses, shown on their card for visitors to write to, e.g. ayesha@example.com'),
  phone: z
    .string()
    .regex(/^\+?[0-9 -]{6,20}$/, 'digits, spaces and dashes, optionally starting with +')
    .optional()
    .describe('Their phone number, shown on their card, e.g. +880 1711-000000'),
  whatsapp: z
    .string()
    .regex(/^\+?[0-9 -]{6,20}$/, 'digits, spaces and dashes, optionally starting with +')
    .optional()
    .describe(
      'Their WhatsApp number with the country code, shown on their card as a WhatsApp link, e.g. +8801711000000',
    ),
  linkedin: z
    .url({ protocol: /^https$/ })
    // Says the protocol rule in the JSON Schema too, for the editors that check with it.
    .regex(/^https:\/\/[^\s/]+/, 'an address starting with https://')
    .optional()
    .describe(
      'The address of their LinkedIn profile, linked from their card, e.g. https://www.linkedin.com/in/ayesha-rahman',
    ),
  image: z
    .string()
    .regex(/^[\w.-]+\.(jpe?g|png|webp|avif)$/i, 'a file name like ayesha-rahman.webp')
    .optional()
    .describe(
      "The file name of their photo in this page's photo folder, e.g. ayesha-rahman.webp; without a photo their card shows their initials",
    ),
});

const rosterPageFields = {
  $schema: z.string().optional(),
  committee: z
    .enum(ROSTER_COMMITTEES)
    .describe('The committee this page is about, e.g. "Excom" for an executive committee or "SPARK"'),
  year: z
    .number()
    .int()
    .min(2015)
    .max(2100)
    .optional()
    .describe('The year this committee served, e.g. 2025; leave it empty on the founder and "about" pages'),
  title: z.string().trim().min(1).describe('The big heading at the top of the page, e.g. "Executive Committee 2025"'),
  subtitle: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe('A smaller line under the heading, e.g. "The team leading the chapter this year"'),
  description: z
    .string()
    .trim()
    .min(1)
    .describe(
      'One sentence about the page, shown by search engines and in link previews, e.g. "Meet the 2025 Executive Committee of IEEE CS Bangladesh Chapter."',
    ),
  intro: z
    .array(z.string().trim().min(1))
    .default([])
    .describe('Paragraphs shown above the people, e.g. a few lines on what this committee does'),
  layout: z
    .enum(['standard', 'featured'])
    .default('standard')
    .describe(
      'How the cards look: "standard" fits up to four cards in a row; "featured" gives each person a larger photo, one card per row on a phone and three on a wider screen (as on ExCom 2025)',
    ),
};

/** A roster whose people are listed in the file (every page but the 2024 ones). */
export const fileRosterSchema = z.strictObject({
  ...rosterPageFields,
  source: z.literal('file').default('file').describe('The people are listed on this page'),
  grouping: z
    .enum(ROSTER_GROUPINGS)
    .default('team')
    .describe(
      'How people are put under headings: "team" gives each team its own heading (see Team); the others sort people by their role, as the 2025 WIC, SAC and Secretariat pages do',
    ),
  photoFolder: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'a folder name of lower-case letters, digits and dashes')
    .optional()
    .describe(
      "The folder this page's photos are kept in, e.g. excom-2025; left empty, the one named as the page's address. Photos you upload for this page go into it",
    ),
  people: z.array(rosterPersonSchema).default([]),
});

/** A roster whose people come from the member list (GET /api/v1/members), entered in the dashboard. */
export const databaseRosterSchema = z.strictObject({
  ...rosterPageFields,
  source: z.literal('database').describe('The people come from the member list in the dashboard'),
  committee: z
    .enum(COMMITTEE_CODES)
    .describe(
      'The committee whose members this page lists, e.g. "SPARK"; members are added in the dashboard (Add CS Member)',
    ),
  year: z.number().int().min(2015).max(2100).describe('The year whose members this page lists, e.g. 2024'),
});

export const rosterSchema = z.discriminatedUnion('source', [fileRosterSchema, databaseRosterSchema]);

/**
 * The folder under src/assets/rosters/ holding a roster's photos: its `photoFolder`, or else the one named
 * as its address (where the content editor uploads them, so a photo added there shows on the page).
 */
export const rosterPhotoFolder = (route: string, roster: { photoFolder?: string | undefined }): string =>
  roster.photoFolder ?? route;

export type RosterPerson = z.infer<typeof rosterPersonSchema>;
export type Roster = z.infer<typeof rosterSchema>;
export type FileRoster = z.infer<typeof fileRosterSchema>;
export type DatabaseRoster = z.infer<typeof databaseRosterSchema>;
