import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { readFile } from 'node:fs/promises';
import { siteSchema } from './lib/content/site.schema.ts';
import { rosterSchema } from './lib/content/roster.schema.ts';
import { blogFrontMatterSchema } from './lib/blog/front-matter.schema.ts';
import { pageSchemas } from './lib/content/pages.schema.ts';

/** Loads one JSON object file as a single entry, so the build validates it with the collection schema. */
function singleJsonFile(path: string, id: string) {
  return async () => {
    const data = JSON.parse(await readFile(new URL(`../${path}`, import.meta.url), 'utf8')) as Record<string, unknown>;
    return [{ ...data, id }];
  };
}

const site = defineCollection({
  loader: singleJsonFile('content/site.json', 'site'),
  schema: siteSchema,
});

/** One committee page per file: content/rosters/<route>.json builds /<route> (see src/pages/[roster].astro). */
const rosters = defineCollection({
  loader: glob({ pattern: '*.json', base: './content/rosters' }),
  schema: rosterSchema,
});

// The API serves these posts at run time (src/server/blog/local-source.ts); the collection is here so the
// build fails on a post with invalid front matter, naming the file and field.
const blog = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/blog' }),
  schema: blogFrontMatterSchema,
});

/** One collection per information-page file in content/pages/ (schemas in lib/content/pages.schema.ts). */
const pageFile = (name: keyof typeof pageSchemas) => singleJsonFile(`content/pages/${name}.json`, name);

const pageCollections = {
  homePage: defineCollection({ loader: pageFile('home'), schema: pageSchemas['home'] }),
  aboutPage: defineCollection({ loader: pageFile('about'), schema: pageSchemas['about'] }),
  membershipPage: defineCollection({ loader: pageFile('membership'), schema: pageSchemas['membership'] }),
  chaptersPage: defineCollection({ loader: pageFile('chapters'), schema: pageSchemas['chapters'] }),
  awardsPage: defineCollection({ loader: pageFile('awards'), schema: pageSchemas['awards'] }),
  achievementsPage: defineCollection({ loader: pageFile('achievements'), schema: pageSchemas['achievements'] }),
  galleryPage: defineCollection({ loader: pageFile('gallery'), schema: pageSchemas['gallery'] }),
  symposiumPage: defineCollection({ loader: pageFile('symposium'), schema: pageSchemas['symposium'] }),
  symposium2022Page: defineCollection({ loader: pageFile('symposium-2022'), schema: pageSchemas['symposium-2022'] }),
  symposium2023Page: defineCollection({ loader: pageFile('symposium-2023'), schema: pageSchemas['symposium-2023'] }),
  xtremePage: defineCollection({ loader: pageFile('xtreme'), schema: pageSchemas['xtreme'] }),
  miscPage: defineCollection({ loader: pageFile('misc'), schema: pageSchemas['misc'] }),
};

export const collections = { site, rosters, blog, ...pageCollections };
