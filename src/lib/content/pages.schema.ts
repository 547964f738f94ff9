import { z } from 'astro/zod';

/**
 * Schemas of the information pages' content (content/pages/*.json). Each file names its JSON Schema
 * in "$schema" so an editor's IDE validates it; the build validates it again with these schemas.
 */

/** A picture in src/assets/, referenced by its path there; the build fails if the file is missing. */
export const assetImageSchema = z.object({
  src: z
    .string()
    .regex(/^[a-z0-9/_.-]+\.(jpe?g|png|webp|avif)$/, 'a path inside src/assets/, e.g. gallery/gallery-01.jpg')
    .describe('Path of the image inside src/assets/, e.g. gallery/gallery-01.jpg'),
  alt: z.string().min(1).describe('What the picture shows, read aloud to visitors who cannot see it'),
});

const text = z.string().min(1);
const schemaRef = z.string().optional();

export const benefitIcons = [
  'research',
  'network',
  'savings',
  'library',
  'magazine',
  'growth',
  'publications',
  'conference',
  'mentor',
] as const;

export const benefitSchema = z.object({
  icon: z.enum(benefitIcons),
  title: text,
  description: text,
});

/** content/pages/membership.json: the nine benefits; the home page shows the first six. */
export const membershipSchema = z.object({
  $schema: schemaRef,
  title: text,
  intro: text,
  benefits: z.array(benefitSchema).length(9, 'the membership page lists exactly nine benefits'),
});

/** content/pages/home.json */
export const homeSchema = z.object({
  $schema: schemaRef,
  hero: z.object({
    title: text.describe('Typed out letter by letter on load'),
    subtitle: text,
    joinLabel: text.describe('Label of the button to the society membership page (site.json membershipUrl)'),
    mosaic: z.array(assetImageSchema).min(4).max(9).describe('Pictures of the hero mosaic, reshuffled every 3 s'),
  }),
  mission: z.object({ heading: text, text }),
  partners: z
    .array(z.object({ title: text, logo: assetImageSchema }))
    .length(17, 'the partner grid shows exactly 17 student-branch chapters'),
  counters: z
    .array(z.object({ label: text, value: z.number().int().positive() }))
    .min(1)
    .max(4),
  cta: z.object({ heading: text, text }),
});

/** content/pages/about.json */
export const aboutSchema = z.object({
  $schema: schemaRef,
  intro: text,
  mission: text,
  vision: text,
  impact: z.object({ text, points: z.array(text).min(1) }),
  values: z.array(z.object({ title: text, description: text })).min(1),
  quote: z.object({ text, author: text }),
});

/** content/pages/chapters.json: the member universities, numbered in this order. */
export const chaptersSchema = z.object({
  $schema: schemaRef,
  intro: text,
  universities: z
    .array(
      z.object({
        university: text,
        chair: text,
        email: z.email(),
        advisor: text,
        advisorEmail: z.email(),
        link: z.url().optional().describe("The student branch's website, when it has one"),
      }),
    )
    .min(1),
});

/** content/pages/awards.json */
export const awardsSchema = z.object({
  $schema: schemaRef,
  intro: text,
  years: z
    .array(
      z.object({
        title: text.describe('e.g. "Award 2022"'),
        winners: z.array(z.object({ name: text, award: text, affiliation: text, image: assetImageSchema })).min(1),
      }),
    )
    .min(1),
});

/** content/pages/achievements.json */
export const achievementsSchema = z.object({
  $schema: schemaRef,
  intro: text,
  items: z
    .array(
      z.object({
        title: text,
        date: z.iso.date().describe('YYYY-MM-DD'),
        summary: text,
        body: z.array(text).min(1).describe('Paragraphs'),
        image: assetImageSchema,
      }),
    )
    .min(1),
});

/** content/pages/gallery.json: shown on /gallery and /ieee-day; the home teaser takes the first four. */
export const gallerySchema = z.object({
  $schema: schemaRef,
  intro: text,
  images: z.array(assetImageSchema.extend({ caption: text })).min(4),
});

/** content/pages/symposium-2022.json and symposium-2023.json */
export const symposiumSchema = z.object({
  $schema: schemaRef,
  year: z.number().int(),
  title: text,
  theme: text,
  dates: text,
  venue: text,
  callForAbstracts: z.object({ heading: text, description: z.array(text).min(1), topics: z.array(text).min(1) }),
  programCommittee: z
    .record(z.string().min(1), z.array(text).min(1))
    .describe('Role title -> the people in that role, in order'),
  technicalProgramCommittee: z.array(text).min(1),
});

/** content/pages/symposium.json: the "Previous Symposium" page. */
export const symposiumIndexSchema = z.object({
  $schema: schemaRef,
  intro: text,
  editions: z.array(z.object({ year: z.number().int(), href: z.string().regex(/^\//), summary: text })).min(1),
});

/** content/pages/xtreme.json: both IEEEXtreme pages. */
export const xtremeSchema = z.object({
  $schema: schemaRef,
  xtreme17: z.object({
    intro: text,
    date: text,
    ambassadors: z.array(z.object({ name: text, university: text, email: z.email() })).min(1),
  }),
  xtreme18: z.object({
    intro: text,
    date: text,
    facts: z.array(z.object({ label: text, value: text })).min(1),
    steps: z.array(text).min(1),
    registerUrl: z.url(),
  }),
});

/** content/pages/misc.json: the co-sponsorship and countdown pages. */
export const miscSchema = z.object({
  $schema: schemaRef,
  cosponsorship: z.object({ intro: text }),
  countdown: z.object({
    heading: text,
    target: z.iso.datetime({ offset: true }).describe('The moment counted down to, e.g. 2025-01-27T00:00:00+06:00'),
  }),
});

export type AssetImage = z.infer<typeof assetImageSchema>;
export type Benefit = z.infer<typeof benefitSchema>;
export type BenefitIcon = (typeof benefitIcons)[number];
export type HomeContent = z.infer<typeof homeSchema>;
export type AboutContent = z.infer<typeof aboutSchema>;
export type MembershipContent = z.infer<typeof membershipSchema>;
export type ChaptersContent = z.infer<typeof chaptersSchema>;
export type AwardsContent = z.infer<typeof awardsSchema>;
export type AchievementsContent = z.infer<typeof achievementsSchema>;
export type GalleryContent = z.infer<typeof gallerySchema>;
export type SymposiumContent = z.infer<typeof symposiumSchema>;
export type SymposiumIndexContent = z.infer<typeof symposiumIndexSchema>;
export type XtremeContent = z.infer<typeof xtremeSchema>;
export type MiscContent = z.infer<typeof miscSchema>;

/** File name (without .json) in content/pages/ -> its schema; content.config.ts and json-schemas.ts read this. */
export const pageSchemas = {
  home: homeSchema,
  about: aboutSchema,
  membership: membershipSchema,
  chapters: chaptersSchema,
  awards: awardsSchema,
  achievements: achievementsSchema,
  gallery: gallerySchema,
  symposium: symposiumIndexSchema,
  'symposium-2022': symposiumSchema,
  'symposium-2023': symposiumSchema,
  xtreme: xtremeSchema,
  misc: miscSchema,
} as const;
