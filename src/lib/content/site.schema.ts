import { z } from 'astro/zod';

/** A link in the navigation, footer or social bar. External links open in a new tab. */
export const linkSchema = z.object({
  label: z.string().min(1).describe('The words of the link, e.g. "Events"'),
  href: z
    .string()
    .min(1)
    .describe(
      'Where the link leads: a page of this site, e.g. /events, or a full web address, e.g. https://www.computer.org',
    ),
  external: z.boolean().optional().describe('Open the link in a new tab (links to other sites always do)'),
  badge: z.string().optional().describe('A short word shown beside the link, e.g. "new"'),
});

export const navItemSchema = z.union([
  linkSchema,
  z.object({
    label: z.string().min(1).describe('The words of the link, e.g. "Events"'),
    children: z.array(linkSchema).min(1).describe('The links this group of the menu opens to'),
  }),
]);

export const siteSchema = z.object({
  $schema: z.string().optional(),
  chapterName: z
    .string()
    .min(1)
    .describe(
      "The chapter's full name, shown in the footer and page titles, e.g. IEEE Computer Society Bangladesh Chapter",
    ),
  shortName: z.string().min(1).describe('The short name beside the logo at the top of every page, e.g. IEEE CS BDC'),
  societyName: z.string().min(1).describe("The society's name, e.g. IEEE Computer Society"),
  societyDescription: z
    .string()
    .min(1)
    .describe('A short paragraph about the society and the chapter, shown in the footer of every page'),
  homeChapterSlug: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes')
    .describe(
      "The name of the chapter's own account in the dashboard, whose events the home page shows, e.g. ieee-cs-bdc",
    ),
  contactEmail: z
    .email()
    .describe("The chapter's e-mail address, shown on the contact page, e.g. contact@ieeecsbdc.org"),
  membershipUrl: z
    .url()
    .describe(
      'Where the "Join" buttons lead: the society\'s membership page, e.g. https://www.computer.org/membership',
    ),
  navigation: z.array(navItemSchema).min(1).describe('The menu at the top of every page: a link, or a group of links'),
  footerGroups: z
    .array(z.object({ title: z.string().min(1), links: z.array(linkSchema).min(1) }))
    .describe('The columns of links at the bottom of every page, each under its title'),
  social: z
    .array(
      linkSchema.extend({
        icon: z
          .enum(['facebook', 'linkedin', 'youtube', 'twitter', 'instagram', 'email'])
          .describe('The picture the link shows, e.g. facebook'),
      }),
    )
    .describe('The social media links at the bottom of every page'),
  externalLinks: z
    .object({
      conference: z
        .url()
        .describe("The conference's website, linked from the Symposium page, e.g. https://example.org/conference"),
      symposium2024: z.url().describe("The 2024 symposium's website, linked from the Symposium page"),
      cosponsorshipForm: z
        .url()
        .describe("The application form linked from the co-sponsorship page, e.g. a Google Form's address"),
    })
    .describe('Pages on other sites that this site links to'),
});

export type SiteLink = z.infer<typeof linkSchema>;
export type NavItem = z.infer<typeof navItemSchema>;
export type Site = z.infer<typeof siteSchema>;

/** Absolute http(s) and mailto links leave the site; they open in a new tab (mailto excepted). */
export function isExternal(link: Pick<SiteLink, 'href' | 'external'>): boolean {
  return link.external === true || /^https?:\/\//.test(link.href);
}
