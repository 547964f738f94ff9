import { z } from 'astro/zod';

/**
 * Schemas of the information pages' content (content/pages/*.json). Each file names its JSON Schema
 * in "$schema" so an editor's IDE validates it; the build validates it again with these schemas.
 */

/** A picture in src/assets/, referenced by its path there; the build fails if the file is missing. */
export const assetImageSchema = z.object({
  src: z
    .string()
    .regex(/^[a-z0-9/_.-]+\.(jpe?g|png|webp|avif)$/, 'a picture of the site, e.g. gallery/gallery-01.jpg')
    .describe("Which of the site's pictures to show, by its folder and name, e.g. gallery/gallery-01.jpg"),
  alt: z
    .string()
    .min(1)
    .describe('What the picture shows, read aloud to visitors who cannot see it, e.g. "Students at a coding workshop"'),
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
  icon: z.enum(benefitIcons).describe('The small picture above the benefit, e.g. network'),
  title: text.describe('The benefit in a few words, e.g. "Global network"'),
  description: text.describe('One or two sentences on the benefit'),
});

/** content/pages/membership.json: the nine benefits; the home page shows the first six. */
export const membershipSchema = z.object({
  $schema: schemaRef,
  title: text.describe('The heading of the Membership page, e.g. "Why join IEEE Computer Society?"'),
  intro: text.describe('The paragraph under the heading'),
  benefits: z
    .array(benefitSchema)
    .length(9, 'the membership page lists exactly nine benefits')
    .describe('Nine benefits, shown on the Membership page; the home page shows the first six'),
});

/** content/pages/home.json */
export const homeSchema = z.object({
  $schema: schemaRef,
  hero: z
    .object({
      title: text.describe(
        'The big heading, typed out letter by letter when the page opens, e.g. "Empowering Tech Minds"',
      ),
      subtitle: text.describe('The sentence under the heading'),
      joinLabel: text.describe('The words of the button to the society\'s membership page, e.g. "Join IEEE CS"'),
      mosaic: z
        .array(assetImageSchema)
        .min(4)
        .max(9)
        .describe('Four to nine pictures beside the heading, which change places every few seconds'),
    })
    .describe('The top of the home page: heading, sentence, join button and pictures'),
  mission: z.object({ heading: text, text }).describe('The "mission" part of the home page, under the top'),
  partners: z
    .array(z.object({ title: text, logo: assetImageSchema }))
    .length(17, 'the partner grid shows exactly 17 student-branch chapters')
    .describe('The 17 student-branch chapters shown with their logos on the home page'),
  counters: z
    .array(
      z.object({
        label: text.describe('What is counted, e.g. "Members"'),
        value: z.number().int().positive().describe('The number, e.g. 1200'),
      }),
    )
    .min(1)
    .max(4)
    .describe('Up to four figures on the home page that count up when seen, e.g. 1200 Members'),
  cta: z
    .object({ heading: text, text })
    .describe('The invitation at the bottom of the home page, e.g. to join or get in touch'),
});

/** content/pages/about.json */
export const aboutSchema = z.object({
  $schema: schemaRef,
  intro: text.describe('The first paragraph of the About page'),
  mission: text.describe("The chapter's mission, a short paragraph on the About page"),
  vision: text.describe("The chapter's vision, a short paragraph on the About page"),
  impact: z
    .object({ text, points: z.array(text).min(1).describe('Short points under the text, e.g. "40+ events a year"') })
    .describe('What the chapter has achieved: a paragraph and a list of points'),
  values: z
    .array(z.object({ title: text.describe('e.g. "Innovation"'), description: text }))
    .min(1)
    .describe("The chapter's values, each with a title and a sentence"),
  quote: z
    .object({ text, author: text.describe('Who said it, e.g. "Ayesha Rahman, Chair"') })
    .describe('A quote shown at the end of the About page'),
});

/** content/pages/chapters.json: the member universities, numbered in this order. */
export const chaptersSchema = z.object({
  $schema: schemaRef,
  intro: text,
  universities: z
    .array(
      z.object({
        university: text.describe('e.g. "Bangladesh University of Engineering and Technology"'),
        chair: text.describe("The name of the student branch chapter's chair"),
        email: z.email().describe("The chair's e-mail address, e.g. chair@example.com"),
        advisor: text.describe("The name of the chapter's faculty advisor"),
        advisorEmail: z.email().describe("The advisor's e-mail address, e.g. advisor@example.com"),
        link: z.url().optional().describe("The student branch's website, when it has one, e.g. https://cs.example.edu"),
      }),
    )
    .min(1)
    .describe('The member universities, numbered on the Chapters page in this order'),
});

/** content/pages/awards.json */
export const awardsSchema = z.object({
  $schema: schemaRef,
  intro: text,
  years: z
    .array(
      z.object({
        title: text.describe('The heading of the year, e.g. "Award 2022"'),
        winners: z
          .array(
            z.object({
              name: text,
              award: text.describe('e.g. "Outstanding Volunteer"'),
              affiliation: text.describe('Their university or employer, e.g. "BUET"'),
              image: assetImageSchema,
            }),
          )
          .min(1),
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
        date: z.iso.date().describe('When it happened, e.g. 2024-05-15'),
        summary: text.describe('One sentence shown under the title'),
        body: z.array(text).min(1).describe('The paragraphs of the story'),
        image: assetImageSchema,
      }),
    )
    .min(1),
});

/** content/pages/gallery.json: shown on /gallery and /ieee-day; the home teaser takes the first four. */
export const gallerySchema = z.object({
  $schema: schemaRef,
  intro: text,
  images: z
    .array(assetImageSchema.extend({ caption: text.describe('The line under the picture, e.g. "IEEE Day 2024"') }))
    .min(4)
    .describe('The pictures of the Gallery and IEEE Day pages; the home page shows the first four'),
});

/** content/pages/symposium-2022.json and symposium-2023.json */
export const symposiumSchema = z.object({
  $schema: schemaRef,
  year: z.number().int(),
  title: text,
  theme: text.describe('e.g. "Computing for a sustainable future"'),
  dates: text.describe('As the page shows them, e.g. "15–16 December 2023"'),
  venue: text.describe('e.g. "BUET, Dhaka"'),
  callForAbstracts: z.object({
    heading: text,
    description: z.array(text).min(1).describe('Paragraphs'),
    topics: z.array(text).min(1).describe('The topics abstracts may be about, e.g. "Machine learning"'),
  }),
  programCommittee: z
    .record(z.string().min(1), z.array(text).min(1))
    .describe('Each role with the people in it, in order'),
  technicalProgramCommittee: z.array(text).min(1).describe('Names, e.g. "Dr. Ayesha Rahman, BUET"'),
});

/** content/pages/symposium.json: the "Previous Symposium" page. */
export const symposiumIndexSchema = z.object({
  $schema: schemaRef,
  intro: text,
  editions: z
    .array(
      z.object({
        year: z.number().int(),
        href: z
          .string()
          .regex(/^\//, 'a page of this site, e.g. /symposium-2023')
          .describe('Its page on this site, e.g. /symposium-2023'),
        summary: text,
      }),
    )
    .min(1)
    .describe('The past symposiums, each linking to its own page'),
});

/** content/pages/xtreme.json: both IEEEXtreme pages. */
export const xtremeSchema = z.object({
  $schema: schemaRef,
  xtreme17: z
    .object({
      intro: text,
      date: text.describe('As the page shows it, e.g. "26 October 2023"'),
      ambassadors: z.array(z.object({ name: text, university: text, email: z.email() })).min(1),
    })
    .describe('The IEEEXtreme 17.0 page'),
  xtreme18: z
    .object({
      intro: text,
      date: text.describe('As the page shows it, e.g. "26 October 2024"'),
      facts: z
        .array(z.object({ label: text.describe('e.g. "Duration"'), value: text.describe('e.g. "24 hours"') }))
        .min(1)
        .describe('Short facts shown in boxes'),
      steps: z.array(text).min(1).describe('How to take part, one step each'),
      registerUrl: z.url().describe('Where the register button leads, e.g. https://ieeextreme.org'),
    })
    .describe('The IEEEXtreme 18.0 page'),
});

/** content/pages/misc.json: the co-sponsorship and countdown pages. */
export const miscSchema = z.object({
  $schema: schemaRef,
  cosponsorship: z.object({ intro: text }).describe('The co-sponsorship application page'),
  countdown: z
    .object({
      heading: text,
      target: z.iso
        .datetime({ offset: true })
        .describe('The moment counted down to, e.g. 2025-01-27T00:00:00+06:00 for midnight Dhaka time'),
    })
    .describe('The countdown page'),
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
