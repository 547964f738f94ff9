/** The GraphQL documents sent to Hashnode (operation names as the original client used them). */
const POST_CARD_FIELDS = /* GraphQL */ `
  id
  title
  brief
  url
  slug
  author { name profilePicture }
  coverImage { url }
  publishedAt
  tags { name slug }
`;

export const FEED_QUERY = /* GraphQL */ `
  query Publication($host: String!, $first: Int!, $after: String) {
    publication(host: $host) {
      id
      title
      displayTitle
      favicon
      posts(first: $first, after: $after) {
        pageInfo { hasNextPage endCursor }
        edges { node { ${POST_CARD_FIELDS} } }
      }
    }
  }
`;

export const POST_QUERY = /* GraphQL */ `
  query GetBlogBySlug($host: String!, $slug: String!) {
    publication(host: $host) {
      id
      post(slug: $slug) {
        ${POST_CARD_FIELDS}
        updatedAt
        views
        content { markdown html }
        seo { title description }
      }
    }
  }
`;

export const AUTHOR_POSTS_QUERY = /* GraphQL */ `
  query GetAuthorPosts($host: String!, $first: Int!, $after: String) {
    publication(host: $host) {
      id
      posts(first: $first, after: $after) {
        pageInfo { hasNextPage endCursor }
        edges { node { ${POST_CARD_FIELDS} updatedAt views } }
      }
    }
  }
`;

/** Raw node shapes as Hashnode returns them (nullable where its schema is). */
export interface HashnodePostNode {
  id: string;
  title: string;
  brief: string | null;
  url: string;
  slug: string;
  author: { name: string; profilePicture: string | null } | null;
  coverImage: { url: string } | null;
  publishedAt: string | null;
  updatedAt?: string | null;
  views?: number | null;
  tags: { name: string; slug: string }[] | null;
  content?: { markdown: string | null; html: string | null } | null;
  seo?: { title: string | null; description: string | null } | null;
}

export interface HashnodeConnection {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: { node: HashnodePostNode }[];
}

export interface FeedData {
  publication: {
    id: string;
    title: string;
    displayTitle: string | null;
    favicon: string | null;
    posts: HashnodeConnection;
  } | null;
}

export interface PostData {
  publication: { id: string; post: HashnodePostNode | null } | null;
}

export interface AuthorPostsData {
  publication: { id: string; posts: HashnodeConnection } | null;
}
