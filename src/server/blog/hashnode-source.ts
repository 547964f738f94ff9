import { ClientError, GraphQLClient } from 'graphql-request';
import { AUTHOR_POSTS_LIMIT, BLOG_PAGE_SIZE } from '../../lib/blog/rules.ts';
import type { BlogPost, BlogPostDetail } from '../../lib/blog/types.ts';
import { BlogSourceError, type BlogSource } from './blog-source.ts';
import {
  AUTHOR_POSTS_QUERY,
  FEED_QUERY,
  POST_QUERY,
  type AuthorPostsData,
  type FeedData,
  type HashnodePostNode,
  type PostData,
} from './hashnode-queries.ts';
import { sanitizePostHtml } from './sanitize.ts';

/** Hashnode may clamp `first` (20 on its public API), so the author's posts are paged at this size. */
export const HASHNODE_MAX_PAGE = 20;
/** How long one call of the source (all the Hashnode requests it makes) may take, unless told otherwise. */
export const DEFAULT_TIMEOUT_MS = 10_000;

export const FORBIDDEN_MESSAGE =
  "Hashnode refused the request (FORBIDDEN): the publication needs Hashnode's Pro plan for API access.";

function toPost(node: HashnodePostNode): BlogPost {
  return {
    id: node.id,
    slug: node.slug,
    title: node.title,
    brief: node.brief ?? '',
    url: node.url,
    publishedAt: node.publishedAt,
    updatedAt: node.updatedAt ?? null,
    views: node.views ?? 0,
    coverImage: node.coverImage?.url ? { url: node.coverImage.url } : null,
    tags: node.tags ?? [],
    author: node.author ? { name: node.author.name, profilePicture: node.author.profilePicture ?? null } : null,
  };
}

/** Turns any failure of a Hashnode call into a BlogSourceError with a message fit for a visitor. */
function describeFailure(err: unknown): BlogSourceError {
  if (err instanceof ClientError) {
    const codes = (err.response.errors ?? []).map((e) => (e.extensions as { code?: unknown } | undefined)?.code);
    if (codes.includes('FORBIDDEN') || err.response.status === 403) return new BlogSourceError(FORBIDDEN_MESSAGE);
    const first = err.response.errors?.[0]?.message;
    if (err.response.status >= 400)
      return new BlogSourceError(`The blog service answered with HTTP ${err.response.status}. Please try again later.`);
    return new BlogSourceError(`The blog service reported an error: ${first ?? 'unknown error'}`);
  }
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
    return new BlogSourceError('The blog service did not answer in time. Please try again later.');
  // A non-JSON error page (e.g. a bare HTTP 500) surfaces as a parse error; a dead host as a fetch error.
  const message = err instanceof Error ? err.message : String(err);
  const status = /\b(5\d\d|4\d\d)\b/.exec(message)?.[1];
  return new BlogSourceError(
    status
      ? `The blog service answered with HTTP ${status}. Please try again later.`
      : 'The blog service could not be reached. Please try again later.',
  );
}

export interface HashnodeSourceOptions {
  host: string;
  gqlUrl: string;
  /**
   * The deadline of one call (feed, post, authorPosts), shared by every request it makes: an author's
   * posts take up to three requests, and a page must answer within its function's time limit.
   */
  timeoutMs?: number | undefined;
}

export function createHashnodeSource(options: HashnodeSourceOptions): BlogSource {
  const client = new GraphQLClient(options.gqlUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function query<T>(document: string, variables: Record<string, unknown>, signal: AbortSignal): Promise<T> {
    try {
      return await client.request<T>({ document, variables: { host: options.host, ...variables }, signal });
    } catch (err) {
      throw describeFailure(err);
    }
  }

  return {
    kind: 'hashnode',

    async feed(after) {
      const deadline = AbortSignal.timeout(timeoutMs);
      const data = await query<FeedData>(FEED_QUERY, { first: BLOG_PAGE_SIZE, after }, deadline);
      const publication = data.publication;
      if (!publication) return null;
      return {
        publication: {
          id: publication.id,
          title: publication.title,
          displayTitle: publication.displayTitle,
          favicon: publication.favicon,
        },
        posts: publication.posts.edges.map((e) => toPost(e.node)),
        pageInfo: publication.posts.pageInfo,
      };
    },

    async post(slug) {
      const data = await query<PostData>(POST_QUERY, { slug }, AbortSignal.timeout(timeoutMs));
      const node = data.publication?.post;
      if (!node) return null;
      const detail: BlogPostDetail = {
        ...toPost(node),
        content: { markdown: node.content?.markdown ?? '', html: sanitizePostHtml(node.content?.html ?? '') },
        seo: { title: node.seo?.title ?? null, description: node.seo?.description ?? null },
      };
      return detail;
    },

    async authorPosts(name) {
      const deadline = AbortSignal.timeout(timeoutMs);
      const fetched: BlogPost[] = [];
      let after: string | null = null;
      // The newest AUTHOR_POSTS_LIMIT posts, in pages Hashnode will not clamp; a clamped page still
      // advances by its cursor, so the total never exceeds the limit.
      while (fetched.length < AUTHOR_POSTS_LIMIT) {
        const first = Math.min(HASHNODE_MAX_PAGE, AUTHOR_POSTS_LIMIT - fetched.length);
        const data: AuthorPostsData = await query<AuthorPostsData>(AUTHOR_POSTS_QUERY, { first, after }, deadline);
        if (!data.publication) return fetched.length ? fetched.filter((p) => p.author?.name === name) : null;
        const { edges, pageInfo } = data.publication.posts;
        fetched.push(...edges.slice(0, AUTHOR_POSTS_LIMIT - fetched.length).map((e) => toPost(e.node)));
        if (!pageInfo.hasNextPage || !pageInfo.endCursor || edges.length === 0) break;
        after = pageInfo.endCursor;
      }
      return fetched.filter((post) => post.author?.name === name);
    },
  };
}
