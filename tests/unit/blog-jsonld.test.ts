import { describe, expect, it } from 'vitest';
import type { BlogPost, BlogPostDetail } from '../../src/lib/blog/types.ts';
import { authorProfileJsonLd, blogPostingJsonLd } from '../../src/lib/seo/blog-jsonld.ts';

const PUBLISHER = { name: 'IEEE Computer Society Bangladesh Chapter', logo: '/logo.svg' };

function card(slug: string, fields: Partial<BlogPost> = {}): BlogPost {
  return {
    id: `id-${slug}`,
    slug,
    title: `Title of ${slug}`,
    brief: `Brief of ${slug}`,
    url: `https://blog.example/${slug}`,
    publishedAt: '2024-01-05T04:00:00.000Z',
    updatedAt: '2024-02-01T04:00:00.000Z',
    views: 10,
    coverImage: { url: `/covers/${slug}.webp` },
    tags: [
      { name: 'Rust', slug: 'rust' },
      { name: 'Systems', slug: 'systems' },
    ],
    author: { name: 'Jane Doe', profilePicture: 'https://cdn.example/jane.png' },
    ...fields,
  };
}

function detail(fields: Partial<BlogPostDetail> = {}): BlogPostDetail {
  return {
    ...card('hello-world'),
    content: { markdown: '', html: '<p>Hi</p>' },
    seo: { title: null, description: null },
    ...fields,
  };
}

const PAGE = 'https://site.example/blogs/hello-world';

describe('BlogPosting', () => {
  it('carries headline, description, absolute image, dates, author, publisher, page and keywords', () => {
    expect(blogPostingJsonLd(detail(), PAGE, PUBLISHER, 'The description')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Title of hello-world',
      description: 'The description',
      image: ['https://site.example/covers/hello-world.webp'],
      datePublished: '2024-01-05T04:00:00.000Z',
      dateModified: '2024-02-01T04:00:00.000Z',
      author: {
        '@type': 'Person',
        name: 'Jane Doe',
        url: 'https://site.example/author/Jane%20Doe',
        image: 'https://cdn.example/jane.png',
      },
      publisher: {
        '@type': 'Organization',
        name: PUBLISHER.name,
        url: 'https://site.example/',
        logo: { '@type': 'ImageObject', url: 'https://site.example/logo.svg' },
      },
      mainEntityOfPage: { '@type': 'WebPage', '@id': PAGE },
      url: PAGE,
      keywords: 'Rust, Systems',
    });
  });

  it('leaves out what the post lacks; a post without author is the chapter', () => {
    const ld = blogPostingJsonLd(
      detail({ coverImage: null, tags: [], updatedAt: null, author: null }),
      PAGE,
      PUBLISHER,
      'd',
    );
    expect(ld).not.toHaveProperty('image');
    expect(ld).not.toHaveProperty('keywords');
    expect(ld.dateModified).toBe('2024-01-05T04:00:00.000Z');
    expect(ld.author).toEqual(ld.publisher);
    const undated = blogPostingJsonLd(detail({ publishedAt: null, updatedAt: null }), PAGE, PUBLISHER, 'd');
    expect(undated).not.toHaveProperty('datePublished');
    expect(undated).not.toHaveProperty('dateModified');
  });
});

describe('ProfilePage', () => {
  const page = 'https://site.example/author/Jane%20Doe';

  it('has the author as mainEntity with the picture from their posts, and the posts as subjectOf', () => {
    const posts = [
      card('a', { author: { name: 'Jane Doe', profilePicture: null }, coverImage: null }),
      card('b', { author: { name: 'Jane Doe', profilePicture: '/people/jane.png' } }),
    ];
    expect(authorProfileJsonLd('Jane Doe', posts, page)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: page,
      mainEntity: {
        '@type': 'Person',
        name: 'Jane Doe',
        url: page,
        image: 'https://site.example/people/jane.png',
        subjectOf: [
          {
            '@type': 'BlogPosting',
            headline: 'Title of a',
            url: 'https://site.example/blogs/a',
            datePublished: '2024-01-05T04:00:00.000Z',
          },
          {
            '@type': 'BlogPosting',
            headline: 'Title of b',
            url: 'https://site.example/blogs/b',
            datePublished: '2024-01-05T04:00:00.000Z',
            image: 'https://site.example/covers/b.webp',
          },
        ],
      },
    });
  });

  it('has no image without a picture and encodes names in URLs', () => {
    const ld = authorProfileJsonLd(
      'Tom & Jerry',
      [card('a', { author: { name: 'Tom & Jerry', profilePicture: null } })],
      page,
    );
    expect(ld.mainEntity).not.toHaveProperty('image');
    expect(ld.mainEntity.url).toBe('https://site.example/author/Tom%20%26%20Jerry');
  });
});
