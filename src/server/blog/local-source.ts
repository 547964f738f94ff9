import { readdir, readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { marked } from 'marked';
import { parse as parseYaml } from 'yaml';
import { blogFrontMatterSchema } from '../../lib/blog/front-matter.schema.ts';
import { slugify } from '../../lib/slug.ts';
import { AUTHOR_POSTS_LIMIT, BLOG_PAGE_SIZE } from '../../lib/blog/rules.ts';
import type { BlogPost, BlogPostDetail } from '../../lib/blog/types.ts';
import { BlogCursorError, BlogSourceError, type BlogSource } from './blog-source.ts';
import { sanitizePostHtml } from './sanitize.ts';

/**
 * The offline blog: Markdown files with YAML front matter in content/blog, read on each request so an
 * edit shows without a restart. Relative to the working directory, which is the project root both for
 * `npm start` and in the Netlify function (netlify.toml ships content/blog as included_files).
 */
export const DEFAULT_BLOG_DIR = 'content/blog';

interface LocalPost extends BlogPost {
  markdown: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

export function parseMarkdownPost(fileName: string, text: string, siteUrl: string): LocalPost {
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new Error(`${fileName}: missing the --- front matter --- block`);
  const parsed = blogFrontMatterSchema.safeParse(parseYaml(match[1] ?? ''));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`${fileName}: invalid front matter: ${issues}`);
  }
  const fm = parsed.data;
  const slug = fm.slug ?? slugify(basename(fileName, '.md'), 'post');
  return {
    id: `local-${slug}`,
    slug,
    title: fm.title,
    brief: fm.brief,
    url: `${siteUrl}/blogs/${slug}`,
    publishedAt: fm.publishedAt.toISOString(),
    updatedAt: (fm.updatedAt ?? fm.publishedAt).toISOString(),
    views: fm.views,
    coverImage: fm.coverImage ? { url: fm.coverImage } : null,
    tags: fm.tags.map((name) => ({ name, slug: slugify(name, 'tag') })),
    author: { name: fm.author.name, profilePicture: fm.author.profilePicture ?? null },
    markdown: match[2] ?? '',
  };
}

/** Opaque cursors, like Hashnode's: the offset of the next post. */
const encodeCursor = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');
function decodeCursor(cursor: string): number {
  const m = /^offset:(\d{1,6})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw new BlogCursorError('Invalid cursor');
  return Number(m[1]);
}

function card({ markdown: _markdown, ...post }: LocalPost): BlogPost {
  return post;
}

export function createLocalSource(options: { dir?: string; siteUrl?: string | undefined } = {}): BlogSource {
  const dir = resolve(options.dir ?? DEFAULT_BLOG_DIR);
  const siteUrl = (options.siteUrl ?? '').replace(/\/$/, '');

  async function loadAll(): Promise<LocalPost[]> {
    let files: string[];
    try {
      files = (await readdir(dir)).filter((f) => f.endsWith('.md') && f !== 'README.md');
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT') return [];
      throw new BlogSourceError('The local blog posts could not be read.');
    }
    const posts = await Promise.all(
      files.map(async (f) => {
        try {
          return parseMarkdownPost(f, await readFile(join(dir, f), 'utf8'), siteUrl);
        } catch (err) {
          console.error('[blog]', err instanceof Error ? err.message : err);
          throw new BlogSourceError(`The blog post file ${f} is invalid.`);
        }
      }),
    );
    return posts.sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''));
  }

  return {
    kind: 'local',

    async feed(after) {
      const offset = after ? decodeCursor(after) : 0;
      const all = await loadAll();
      const page = all.slice(offset, offset + BLOG_PAGE_SIZE);
      const next = offset + page.length;
      return {
        publication: { id: 'local', title: 'Blog', displayTitle: null, favicon: null },
        posts: page.map(card),
        pageInfo: { hasNextPage: next < all.length, endCursor: page.length ? encodeCursor(next) : null },
      };
    },

    async post(slug) {
      const found = (await loadAll()).find((p) => p.slug === slug);
      if (!found) return null;
      const html = sanitizePostHtml(await marked.parse(found.markdown, { gfm: true }));
      const detail: BlogPostDetail = {
        ...card(found),
        content: { markdown: found.markdown, html },
        seo: { title: null, description: null },
      };
      return detail;
    },

    async authorPosts(name) {
      return (await loadAll())
        .slice(0, AUTHOR_POSTS_LIMIT)
        .filter((p) => p.author?.name === name)
        .map(card);
    },
  };
}
