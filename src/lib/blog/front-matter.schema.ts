import { z } from 'astro/zod';
import { SLUG_PATTERN } from '../slug.ts';

/**
 * Front matter of a local Markdown post in content/blog/*.md. The build validates every file with it
 * (the `blog` collection) and the API's local source parses with it, so both agree on the rules.
 */
export const blogFrontMatterSchema = z
  .object({
    title: z.string().min(1).describe('Headline of the post'),
    slug: z
      .string()
      .regex(SLUG_PATTERN, 'lowercase words joined by hyphens')
      .optional()
      .describe('Address part: /blogs/{slug}. Defaults to the file name.'),
    brief: z.string().min(1).describe('One or two sentences shown on cards and highlighted on the article'),
    publishedAt: z.coerce.date().describe('Publication date and time, e.g. 2024-01-05T10:00:00+06:00'),
    updatedAt: z.coerce.date().optional().describe('Last meaningful edit'),
    author: z.object({
      name: z.string().min(1),
      profilePicture: z.string().optional().describe('Image URL or site path; an icon is shown without one'),
    }),
    tags: z.array(z.string().min(1)).default([]).describe('Tag names; slugs are derived from them'),
    coverImage: z.string().optional().describe('Image URL or site path, e.g. /blog/covers/my-post.webp'),
    views: z.number().int().min(0).default(0).describe('View count shown on the author page'),
    sample: z.boolean().default(false).describe('true for the sample posts shipped until real ones exist'),
  })
  .strict();

export type BlogFrontMatter = z.output<typeof blogFrontMatterSchema>;
