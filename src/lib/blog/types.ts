/**
 * The blog post shape both sources produce (Hashnode and local Markdown), and the API's bodies.
 * Field names follow Hashnode's schema so a Hashnode post passes through unchanged.
 */
export interface BlogTag {
  name: string;
  slug: string;
}

export interface BlogAuthor {
  name: string;
  profilePicture: string | null;
}

export interface BlogPost {
  id: string;
  slug: string;
  title: string;
  brief: string;
  /** Canonical address of the post (Hashnode's own page, or this site's for local posts). */
  url: string;
  publishedAt: string | null;
  updatedAt: string | null;
  views: number;
  coverImage: { url: string } | null;
  tags: BlogTag[];
  author: BlogAuthor | null;
}

export interface BlogPostDetail extends BlogPost {
  /** Sanitized on the server; safe to render as HTML. */
  content: { markdown: string; html: string };
  seo: { title: string | null; description: string | null };
}

export interface BlogPageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface BlogPublication {
  id: string;
  title: string;
  displayTitle: string | null;
  favicon: string | null;
}

export interface BlogFeedPage {
  publication: BlogPublication;
  posts: BlogPost[];
  pageInfo: BlogPageInfo;
}

/** GET /api/v1/blog/posts?after= */
export interface BlogFeedResponse extends BlogFeedPage {
  success: true;
}

/** GET /api/v1/blog/posts/:slug */
export interface BlogPostResponse {
  success: true;
  post: BlogPostDetail;
}

/** GET /api/v1/blog/authors/:name: posts whose author name equals :name exactly (none: empty list). */
export interface BlogAuthorResponse {
  success: true;
  author: BlogAuthor | null;
  posts: BlogPost[];
}
