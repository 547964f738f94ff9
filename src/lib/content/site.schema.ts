import { z } from 'astro/zod';

/** A link in the navigation, footer or social bar. External links open in a new tab. */
export const linkSchema = z.object({
  label: z.string().min(1),
  href: z.string().min(1).describe('A site path like /events or an absolute https:// URL'),
  external: z.boolean().optional().describe('Open in a new tab (absolute URLs always do)'),
  badge: z.string().optional().describe('A short marker shown beside the label, e.g. "new"'),
});

export const navItemSchema = z.union([
  linkSchema,
  z.object({ label: z.string().min(1), children: z.array(linkSchema).min(1) }),
]);

export const siteSchema = z.object({
  $schema: z.string().optional(),
  chapterName: z.string().min(1),
  shortName: z.string().min(1),
  societyName: z.string().min(1),
  societyDescription: z.string().min(1),
  homeChapterSlug: z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes'),
  contactEmail: z.email(),
  membershipUrl: z.url(),
  navigation: z.array(navItemSchema).min(1),
  footerGroups: z.array(z.object({ title: z.string().min(1), links: z.array(linkSchema).min(1) })),
  social: z.array(
    linkSchema.extend({ icon: z.enum(['facebook', 'linkedin', 'youtube', 'twitter', 'instagram', 'email']) }),
  ),
  externalLinks: z.object({
    conference: z.url(),
    symposium2024: z.url(),
    cosponsorshipForm: z.url(),
  }),
});

export type SiteLink = z.infer<typeof linkSchema>;
export type NavItem = z.infer<typeof navItemSchema>;
export type Site = z.infer<typeof siteSchema>;

/** Absolute http(s) and mailto links leave the site; they open in a new tab (mailto excepted). */
export function isExternal(link: Pick<SiteLink, 'href' | 'external'>): boolean {
  return link.external === true || /^https?:\/\//.test(link.href);
}
