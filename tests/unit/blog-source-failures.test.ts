import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlogSourceError } from '../../src/server/blog/blog-source.ts';
import { createHashnodeSource } from '../../src/server/blog/hashnode-source.ts';

/*
 * A GraphQL endpoint that either never answers (/silent) or answers every request with a full page of
 * an author's posts after SLOW_PAGE_MS (/slow): the source must give up after its deadline.
 */
const SLOW_PAGE_MS = 60;
let server: Server;
let origin: string;

function authorPage(first: number) {
  const node = (i: number) => ({
    id: `p${i}`,
    title: `Post ${i}`,
    brief: '',
    url: `https://blog.example/p${i}`,
    slug: `p${i}`,
    author: { name: 'Jane', profilePicture: null },
    coverImage: null,
    publishedAt: '2024-01-01T00:00:00.000Z',
    updatedAt: null,
    views: 1,
    tags: [],
  });
  const edges = Array.from({ length: first }, (_, i) => ({ node: node(i) }));
  return { data: { publication: { id: 'pub', posts: { pageInfo: { hasNextPage: true, endCursor: 'next' }, edges } } } };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/silent') return;
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const { variables } = JSON.parse(raw) as { variables: { first: number } };
      setTimeout(() => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(authorPage(variables.first)));
      }, SLOW_PAGE_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the Hashnode source deadline', () => {
  it('fails a call with a visitor-safe BlogSourceError once its timeout has passed', async () => {
    const source = createHashnodeSource({ host: 'blog.example', gqlUrl: `${origin}/silent`, timeoutMs: 50 });
    const err = await source.post('anything').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BlogSourceError);
    expect((err as Error).message).toBe('The blog service did not answer in time. Please try again later.');
  });

  it("bounds all the requests of one call together: an author's three pages share one deadline", async () => {
    // Each page alone answers well within the timeout; the three an author's posts need do not.
    const generous = createHashnodeSource({ host: 'blog.example', gqlUrl: `${origin}/slow`, timeoutMs: 5_000 });
    expect(await generous.authorPosts('Jane')).toHaveLength(50);
    const bounded = createHashnodeSource({
      host: 'blog.example',
      gqlUrl: `${origin}/slow`,
      timeoutMs: SLOW_PAGE_MS * 2.5,
    });
    const err = await bounded.authorPosts('Jane').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BlogSourceError);
  });
});

describe('BlogSourceError', () => {
  it("is recognised when thrown by another bundle's copy of the class, and nothing else is", () => {
    // What the Node server's copy of the class produces, seen from the page bundle's copy.
    const fromOtherCopy = Object.assign(new Error('down'), { [Symbol.for('ieee-cs-bdc.blog-source-error')]: true });
    expect(fromOtherCopy).toBeInstanceOf(BlogSourceError);
    expect(new BlogSourceError('down')).toBeInstanceOf(BlogSourceError);
    expect(new BlogSourceError('down')).toBeInstanceOf(Error);
    expect(new Error('down')).not.toBeInstanceOf(BlogSourceError);
    expect(null).not.toBeInstanceOf(BlogSourceError);
  });
});
