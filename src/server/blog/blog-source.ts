import type { BlogFeedPage, BlogPost, BlogPostDetail } from '../../lib/blog/types.ts';

/**
 * Where blog posts come from. Two implementations: Hashnode (HASHNODE_HOST set) and the local
 * Markdown files in content/blog. Both return the same shapes, with post HTML already sanitized.
 * `null` means not found (no publication / no such post); failures throw BlogSourceError.
 */
export interface BlogSource {
  readonly kind: 'hashnode' | 'local';
  /** One page of the feed (newest first), after the given cursor. */
  feed(after: string | null): Promise<BlogFeedPage | null>;
  post(slug: string): Promise<BlogPostDetail | null>;
  /** Up to AUTHOR_POSTS_LIMIT of the newest posts, kept only when the author name matches exactly. */
  authorPosts(name: string): Promise<BlogPost[] | null>;
}

const BLOG_SOURCE_ERROR = Symbol.for('ieee-cs-bdc.blog-source-error');

/** The blog service failed or refused; `message` is safe to show a visitor. */
export class BlogSourceError extends Error {
  override name = 'BlogSourceError';
  readonly [BLOG_SOURCE_ERROR] = true;

  /**
   * Astro bundles the on-demand pages apart from the Node server that creates their blog source (see
   * page-deps.ts), so a page holds another copy of this class: `instanceof` recognises either copy.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && BLOG_SOURCE_ERROR in value;
  }
}

/** The caller sent a cursor this source never issued. */
export class BlogCursorError extends Error {
  override name = 'BlogCursorError';
}
