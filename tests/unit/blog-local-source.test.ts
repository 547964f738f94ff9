import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalSource, parseMarkdownPost } from '../../src/server/blog/local-source.ts';

const POST = `---
title: "Hello"
brief: "A brief"
publishedAt: 2024-01-05T10:00:00+06:00
author:
  name: Ayesha Rahman
tags: [Machine Learning, AI]
views: 12
sample: true
---

Hello <script>alert(1)</script> **world**
`;

describe('local Markdown posts', () => {
  it('parses front matter into the shared post shape', () => {
    const post = parseMarkdownPost('hello-world.md', POST, 'https://site.test');
    expect(post).toMatchObject({
      id: 'local-hello-world',
      slug: 'hello-world',
      url: 'https://site.test/blogs/hello-world',
      publishedAt: '2024-01-05T04:00:00.000Z',
      updatedAt: '2024-01-05T04:00:00.000Z',
      tags: [
        { name: 'Machine Learning', slug: 'machine-learning' },
        { name: 'AI', slug: 'ai' },
      ],
      author: { name: 'Ayesha Rahman', profilePicture: null },
      coverImage: null,
      views: 12,
    });
  });

  it('names the file and field of invalid front matter', () => {
    expect(() => parseMarkdownPost('bad.md', '---\ntitle: x\n---\nbody', '')).toThrow(
      /bad\.md: invalid front matter: brief/,
    );
    expect(() => parseMarkdownPost('none.md', 'just text', '')).toThrow(/none\.md: missing/);
  });

  it('renders sanitized HTML for one post and pages the feed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'blog-'));
    writeFileSync(join(dir, 'hello-world.md'), POST);
    const source = createLocalSource({ dir });
    const detail = await source.post('hello-world');
    expect(detail?.content.html).toContain('<strong>world</strong>');
    expect(detail?.content.html).not.toContain('<script');
    expect(await source.post('nope')).toBeNull();
    const feed = await source.feed(null);
    expect(feed?.posts).toHaveLength(1);
    expect(feed?.pageInfo.hasNextPage).toBe(false);
    expect(await createLocalSource({ dir: join(dir, 'missing') }).feed(null)).toMatchObject({ posts: [] });
  });

  it('ships about 12 sample posts by 3 authors, all marked sample', async () => {
    const source = createLocalSource();
    const first = await source.feed(null);
    const second = await source.feed(first!.pageInfo.endCursor);
    const all = [...first!.posts, ...second!.posts];
    expect(all).toHaveLength(12);
    expect(new Set(all.map((p) => p.author?.name)).size).toBe(3);
    for (const file of readdirSync('content/blog').filter((f) => f.endsWith('.md')))
      expect(readFileSync(join('content/blog', file), 'utf8'), file).toMatch(/^sample: true$/m);
  });
});
