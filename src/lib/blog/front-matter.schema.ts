import { z } from 'astro/zod';
import { SLUG_PATTERN } from '../slug.ts';

/**
 * Front matter of a local Markdown post in content/blog/*.md. The build validates every file with it
 * (the `blog` collection) and the API's local source parses with it, so both agree on the rules.
 */
export const blogFrontMatterSchema = z
  .object({
    title: z.string().min(1).describe('The headline, shown on the post and its card, e.g. "Getting started with Rust"'),
    slug: z
      .string()
      .regex(SLUG_PATTERN, 'lowercase words joined by hyphens')
      .optional()
      .describe(
        "The end of the post's address, /blogs/<this>, e.g. getting-started-with-rust; without it the file's name is used",
      ),
    brief: z
      .string()
      .min(1)
      .describe('One or two sentences on what the post is about, shown on its card and at the top of the post'),
    publishedAt: z.coerce
      .date()
      .describe(
        'When it was published, shown on the post; the newest posts come first, e.g. 2024-01-05, or 2024-01-05T10:00:00+06:00 for 10 am Dhaka time',
      ),
    updatedAt: z.coerce
      .date()
      .optional()
      .describe('When it last changed in a way readers should know, shown on the post, e.g. 2024-02-10'),
    author: z.object({
      name: z.string().min(1).describe("The writer's name, shown on the post and its card, e.g. Ayesha Rahman"),
      profilePicture: z
        .string()
        .optional()
        .describe(
          "The address of the writer's photo, shown beside their name, e.g. https://example.com/ayesha.jpg; without one an icon is shown",
        ),
    }),
    tags: z
      .array(z.string().min(1))
      .default([])
      .describe('Topics of the post, shown as tags readers can filter the blog by, e.g. Rust'),
    coverImage: z
      .string()
      .optional()
      .describe(
        'The picture at the top of the post and on its card: a web address or a picture of the site, e.g. /blog/covers/my-post.webp',
      ),
    views: z
      .number()
      .int()
      .min(0)
      .default(0)
      .describe("How many times it was read, shown on the writer's page, e.g. 120"),
    sample: z
      .boolean()
      .default(false)
      .describe('Ticked on the example posts that come with the site; leave it off on real posts'),
  })
  .strict();

export type BlogFrontMatter = z.output<typeof blogFrontMatterSchema>;
