import { blogPaths } from '../blog/rules.ts';
import type { BlogPost, BlogPostDetail } from '../blog/types.ts';

/** Who publishes the blog: the chapter, with its logo (schema.org publisher / Google's article fields). */
export interface BlogPublisher {
  name: string;
  /** Site path or absolute URL of the logo. */
  logo: string;
}

const absolute = (url: string, origin: string) => new URL(url, origin).href;

function person(name: string, picture: string | null | undefined, origin: string) {
  return {
    '@type': 'Person',
    name,
    url: absolute(blogPaths.author(name), origin),
    ...(picture ? { image: absolute(picture, origin) } : {}),
  };
}

/** schema.org BlogPosting for /blogs/{slug} (https://schema.org/BlogPosting). */
export function blogPostingJsonLd(
  post: BlogPostDetail,
  pageUrl: string,
  publisher: BlogPublisher,
  description: string,
) {
  const origin = new URL(pageUrl).origin;
  const organization = {
    '@type': 'Organization',
    name: publisher.name,
    url: `${origin}/`,
    logo: { '@type': 'ImageObject', url: absolute(publisher.logo, origin) },
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description,
    ...(post.coverImage ? { image: [absolute(post.coverImage.url, origin)] } : {}),
    ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
    ...((post.updatedAt ?? post.publishedAt) ? { dateModified: post.updatedAt ?? post.publishedAt } : {}),
    // Without a named author the chapter wrote it.
    author: post.author ? person(post.author.name, post.author.profilePicture, origin) : organization,
    publisher: organization,
    mainEntityOfPage: { '@type': 'WebPage', '@id': pageUrl },
    url: pageUrl,
    ...(post.tags.length ? { keywords: post.tags.map((tag) => tag.name).join(', ') } : {}),
  };
}

/**
 * schema.org ProfilePage for /author/{name}: the author as its mainEntity, their posts as the Person's
 * subjectOf (works about or by them that the page lists).
 */
export function authorProfileJsonLd(name: string, posts: readonly BlogPost[], pageUrl: string) {
  const origin = new URL(pageUrl).origin;
  const picture = posts.find((post) => post.author?.profilePicture)?.author?.profilePicture;
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url: pageUrl,
    mainEntity: {
      ...person(name, picture, origin),
      subjectOf: posts.map((post) => ({
        '@type': 'BlogPosting',
        headline: post.title,
        url: absolute(blogPaths.post(post.slug), origin),
        ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
        ...(post.coverImage ? { image: absolute(post.coverImage.url, origin) } : {}),
      })),
    },
  };
}
