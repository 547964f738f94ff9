import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSchema, graphql } from 'graphql';

/**
 * A local stand-in for Hashnode's GraphQL API, executed by graphql-js on the subset of Hashnode's real
 * schema the site queries (same type and field names, nullability and arguments). Like the real API it
 * pages with opaque cursors and clamps `first` to 20; tests switch it into failure modes.
 */
export const HASHNODE_SCHEMA_SUBSET = /* GraphQL */ `
  scalar DateTime
  scalar ObjectId

  type Query {
    publication(host: String, id: ObjectId): Publication
  }

  type Publication {
    id: ID!
    title: String!
    displayTitle: String
    favicon: String
    totalRecommendedPublications: Int!
    posts(first: Int!, after: String): PublicationPostConnection!
    post(slug: String!): Post
  }

  type PublicationPostConnection {
    edges: [PostEdge!]!
    pageInfo: PageInfo!
    totalDocuments: Int!
  }

  type PostEdge {
    node: Post!
    cursor: String!
  }

  type PageInfo {
    hasNextPage: Boolean
    endCursor: String
  }

  type Post {
    id: ID!
    slug: String!
    title: String!
    brief: String!
    url: String!
    publishedAt: DateTime!
    updatedAt: DateTime
    views: Int!
    coverImage: PostCoverImage
    tags: [Tag!]
    author: User!
    content: Content!
    seo: SEO
  }

  type PostCoverImage {
    url: String!
    attribution: String
    photographer: String
  }

  type Tag {
    id: ID!
    name: String!
    slug: String!
  }

  type User {
    id: ID!
    name: String!
    username: String!
    profilePicture: String
  }

  type Content {
    markdown: String!
    html: String!
  }

  type SEO {
    title: String
    description: String
  }
`;

export interface FakePost {
  id: string;
  slug: string;
  title: string;
  brief: string;
  url: string;
  publishedAt: string;
  updatedAt: string | null;
  views: number;
  coverImage: { url: string } | null;
  tags: { id: string; name: string; slug: string }[];
  author: { id: string; name: string; username: string; profilePicture: string | null };
  content: { markdown: string; html: string };
  seo: { title: string | null; description: string | null } | null;
}

export type FakeFailure = 'forbidden' | 'http500' | null;

export interface FakeHashnode {
  url: string;
  host: string;
  /** The publication's posts, newest first; replace to change what the fake serves. */
  posts: FakePost[];
  failure: FakeFailure;
  /** Answer `publication: null`, as Hashnode does for an unknown host. */
  publicationMissing: boolean;
  /** Every request seen: operation name and variables. */
  requests: { operationName: string | undefined; variables: Record<string, unknown> }[];
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_HOST = 'blog.fake-hashnode.test';
export const MAX_FIRST = 20;

const cursorOf = (index: number) => Buffer.from(`cursor:${index}`).toString('base64');
const indexOf = (cursor: string) => Number(/^cursor:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString())?.[1] ?? -1);

export function fakePost(n: number, overrides: Partial<FakePost> = {}): FakePost {
  const slug = overrides.slug ?? `fake-post-${n}`;
  const authors = ['Nadia Islam', 'Rafiq Ahmed'];
  const name = authors[n % authors.length]!;
  return {
    id: `post-${n}`,
    slug,
    title: `Fake Post ${n}`,
    brief: `Brief of fake post ${n}.`,
    url: `https://${FAKE_HOST}/${slug}`,
    publishedAt: new Date(Date.UTC(2024, 0, 31 - (n % 28), 6)).toISOString(),
    updatedAt: new Date(Date.UTC(2024, 1, 1, 6)).toISOString(),
    views: 100 + n,
    coverImage: null,
    tags: [{ id: 't-hn', name: 'Hashnode', slug: 'hashnode' }],
    author: { id: `u-${name}`, name, username: name.toLowerCase().replace(/\s+/g, ''), profilePicture: null },
    content: { markdown: `# Post ${n}`, html: `<p>Body of post ${n}</p>` },
    seo: { title: null, description: null },
    ...overrides,
  };
}

export async function startFakeHashnode(initialPosts: FakePost[] = []): Promise<FakeHashnode> {
  const schema = buildSchema(HASHNODE_SCHEMA_SUBSET);

  const state: FakeHashnode = {
    url: '',
    host: FAKE_HOST,
    posts: [...initialPosts],
    failure: null,
    publicationMissing: false,
    requests: [],
    reset() {
      this.posts = [...initialPosts];
      this.failure = null;
      this.publicationMissing = false;
      this.requests = [];
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const publication = () => ({
    id: 'pub-1',
    title: 'Fake Publication',
    displayTitle: 'Fake Publication Blog',
    favicon: null,
    totalRecommendedPublications: 0,
    posts: ({ first, after }: { first: number; after?: string | null }) => {
      const start = after ? indexOf(after) + 1 : 0;
      const size = Math.max(0, Math.min(first, MAX_FIRST));
      const slice = state.posts.slice(start, start + size);
      const edges = slice.map((node, i) => ({ node, cursor: cursorOf(start + i) }));
      return {
        edges,
        totalDocuments: state.posts.length,
        pageInfo: {
          hasNextPage: start + slice.length < state.posts.length,
          endCursor: edges.length ? edges[edges.length - 1]!.cursor : null,
        },
      };
    },
    post: ({ slug }: { slug: string }) => state.posts.find((p) => p.slug === slug) ?? null,
  });

  const rootValue = {
    publication: ({ host }: { host?: string }) =>
      host === FAKE_HOST && !state.publicationMissing ? publication() : null,
  };

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      void (async () => {
        let body: { query?: string; variables?: Record<string, unknown>; operationName?: string };
        try {
          body = JSON.parse(raw) as typeof body;
        } catch {
          res.writeHead(400, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ errors: [{ message: 'Malformed JSON' }] }));
          return;
        }
        state.requests.push({ operationName: body.operationName, variables: body.variables ?? {} });
        if (state.failure === 'http500') {
          res.writeHead(500, { 'Content-Type': 'text/plain' });
          res.end('Internal Server Error');
          return;
        }
        if (state.failure === 'forbidden') {
          // What gql-beta.hashnode.com answers for publications without the Pro plan.
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(
            JSON.stringify({
              data: null,
              errors: [
                {
                  message: 'Publication API access requires the Pro plan',
                  extensions: { code: 'FORBIDDEN' },
                },
              ],
            }),
          );
          return;
        }
        const result = await graphql({
          schema,
          source: body.query ?? '',
          rootValue,
          variableValues: body.variables ?? null,
          operationName: body.operationName ?? null,
        });
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(result));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return state;
}
