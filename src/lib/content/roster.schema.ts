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
  name: z.string().trim().min(1).describe('Full name as it should appear on the card'),
  designation: z.string().trim().min(1).describe('Position shown on the card, e.g. "Chair" or "Content Team Member"'),
  team: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe(
      'Heading this person is listed under with grouping "team"; consecutive people with the same team share one heading',
    ),
  affiliation: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe('University or employer; a line break (\\n) starts a new line'),
  department: z.string().trim().min(1).optional().describe('Department, e.g. "CSE" or "EEE"'),
  studyYear: z.string().trim().min(1).optional().describe('Study year or semester, e.g. "3rd Year"'),
  email: z.array(z.email()).default([]).describe('E-mail addresses; each becomes a mailto link'),
  phone: z
    .string()
    .regex(/^\+?[0-9 -]{6,20}$/, 'digits, spaces and dashes, optionally starting with +')
    .optional(),
  whatsapp: z
    .string()
    .regex(/^\+?[0-9 -]{6,20}$/, 'digits, spaces and dashes, optionally starting with +')
    .optional()
    .describe('WhatsApp number in international form, e.g. +8801711000000'),
  linkedin: z
    .url({ protocol: /^https$/ })
    // Says the protocol rule in the JSON Schema too, for the editors that check with it.
    .regex(/^https:\/\/[^\s/]+/, 'an address starting with https://')
    .optional()
    .describe('https:// address of the LinkedIn profile'),
  image: z
    .string()
    .regex(/^[\w.-]+\.(jpe?g|png|webp|avif)$/i, 'a file name like ayesha-rahman.webp')
    .optional()
    .describe(
      "Photo file name inside src/assets/rosters/<photoFolder>/; without a match the card shows the person's initials",
    ),
});

const rosterPageFields = {
  $schema: z.string().optional(),
  committee: z.enum(ROSTER_COMMITTEES).describe('Committee code: Excom, SAC, SEC, SPARK, GSM, WEB or WIC'),
  year: z.number().int().min(2015).max(2100).optional().describe('Committee year; omit on founder and about pages'),
  title: z.string().trim().min(1).describe('Page heading (h1)'),
  subtitle: z.string().trim().min(1).optional().describe('Second heading line under the title'),
  description: z.string().trim().min(1).describe('Search-engine description of the page'),
  intro: z.array(z.string().trim().min(1)).default([]).describe('Paragraphs shown above the cards'),
  layout: z
    .enum(['standard', 'featured'])
    .default('standard')
    .describe('"featured": one column on small screens, three from medium up, round 224 px photos'),
};

/** A roster whose people are listed in the file (every page but the 2024 ones). */
export const fileRosterSchema = z.strictObject({
  ...rosterPageFields,
  source: z.literal('file').default('file').describe('"file": the people are listed below'),
  grouping: z
    .enum(ROSTER_GROUPINGS)
    .default('team')
    .describe('"team": a heading per run of people with the same team; the 2025 rules group by designation'),
  photoFolder: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'a folder name of lower-case letters, digits and dashes')
    .optional()
    .describe("Folder under src/assets/rosters/ holding this page's photos"),
  people: z.array(rosterPersonSchema).default([]),
});

/** A roster whose people come from the member list (GET /api/v1/members), entered in the dashboard. */
export const databaseRosterSchema = z.strictObject({
  ...rosterPageFields,
  source: z.literal('database').describe('"database": the people come from the member list, not this file'),
  committee: z
    .enum(COMMITTEE_CODES)
    .describe('One of the six member-list committees: Excom, SAC, SEC, SPARK, GSM, WEB'),
  year: z.number().int().min(2015).max(2100).describe('The member-list year to show'),
});

export const rosterSchema = z.discriminatedUnion('source', [fileRosterSchema, databaseRosterSchema]);

export type RosterPerson = z.infer<typeof rosterPersonSchema>;
export type Roster = z.infer<typeof rosterSchema>;
export type FileRoster = z.infer<typeof fileRosterSchema>;
export type DatabaseRoster = z.infer<typeof databaseRosterSchema>;
