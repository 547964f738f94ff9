import { useEffect } from 'react';
import { formatBlogDateLong } from '../../lib/format.ts';
import { blogPaths, HEADER_TAG_LIMIT, lastPathSegment, READING_TIME, shareLinks } from '../../lib/blog/rules.ts';
import type { BlogPostResponse } from '../../lib/blog/types.ts';
import { AuthorAvatar } from './AuthorAvatar.tsx';
import { blogApiPaths } from './blog-api.ts';
import { BackToBlogs, BlogStatus } from './BlogStatus.tsx';
import { applyDocumentMeta } from './document-meta.ts';
import { ReadingProgress } from './ReadingProgress.tsx';
import { usePathname } from '../shared/use-address.ts';
import { useApi } from '../shared/use-api.ts';
import './blog-content.css';

/** /blogs/{slug}: the static shell is rewritten here for every slug; the slug comes from the address. */
export default function BlogArticle({ chapterName }: { chapterName: string }) {
  const pathname = usePathname();
  const [loaded] = useApi(
    pathname === null ? null : blogApiPaths.post(lastPathSegment(pathname)),
    (body: BlogPostResponse) => body.post,
  );
  const article = loaded.state === 'loaded' ? loaded.data : undefined;
  const missing = loaded.state === 'error';

  // The document's title and meta tags live outside the island.
  useEffect(() => {
    if (missing) applyDocumentMeta({ title: 'Blog post not found', siteName: chapterName });
    else if (article)
      applyDocumentMeta({
        title: article.seo.title ?? article.title,
        siteName: chapterName,
        description: article.seo.description ?? article.brief,
        image: article.coverImage?.url,
        article: {
          publishedTime: article.publishedAt,
          modifiedTime: article.updatedAt ?? article.publishedAt,
          tags: article.tags.map((t) => t.name),
          author: article.author?.name ?? null,
        },
      });
  }, [article, missing, chapterName]);

  if (loaded.state === 'loading') return <ArticleSkeleton />;
  if (loaded.state === 'error')
    return (
      <BlogStatus
        heading="Blog post not found"
        text="The blog post you're looking for doesn't exist or has been removed."
      />
    );

  const post = loaded.data;
  const postUrl = new URL(post.url, window.location.origin).href;
  return (
    <>
      <ReadingProgress />
      <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-400">
          <ol className="flex flex-wrap items-center gap-2">
            <li>
              <a href="/blogs" className="hover:text-brand-700 hover:underline dark:hover:text-brand-300">
                Blogs
              </a>
            </li>
            <li aria-hidden="true">›</li>
            <li aria-current="page" className="line-clamp-1 font-medium text-slate-800 dark:text-slate-200">
              {post.title}
            </li>
          </ol>
        </nav>

        <header className="mt-6">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            {post.title}
          </h1>
          <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
            <time dateTime={post.publishedAt ?? undefined}>{formatBlogDateLong(post.publishedAt)}</time>
            <span aria-hidden="true">·</span>
            <span>{READING_TIME}</span>
          </p>
          {post.tags.length > 0 && (
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Topics" data-testid="header-tags">
              {post.tags.slice(0, HEADER_TAG_LIMIT).map((tag) => (
                <li key={tag.slug}>
                  <TagLink name={tag.name} />
                </li>
              ))}
            </ul>
          )}
        </header>

        {post.coverImage && (
          <img
            src={post.coverImage.url}
            alt={post.title}
            width={1200}
            height={630}
            fetchPriority="high"
            className="mt-8 aspect-[40/21] w-full rounded-xl object-cover shadow"
          />
        )}

        {post.author && (
          <div className="mt-8 flex items-center gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
            <AuthorAvatar name={post.author.name} picture={post.author.profilePicture} size={56} />
            <div>
              <p className="text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">Written by</p>
              <a
                href={blogPaths.author(post.author.name)}
                className="font-semibold text-slate-900 hover:text-brand-700 hover:underline dark:text-white dark:hover:text-brand-300"
              >
                {post.author.name}
              </a>
              <p className="text-sm text-slate-600 dark:text-slate-400">Author at {chapterName}</p>
            </div>
          </div>
        )}

        {post.brief && (
          <p
            className="mt-8 rounded-r-lg border-l-4 border-brand-500 bg-brand-50 p-4 text-lg font-medium text-slate-800 dark:bg-brand-950 dark:text-slate-100"
            data-testid="post-brief"
          >
            {post.brief}
          </p>
        )}

        <div className="blog-content mt-8" dangerouslySetInnerHTML={{ __html: post.content.html }} />

        <footer className="mt-12 space-y-8 border-t border-slate-200 pt-8 dark:border-slate-700">
          {post.tags.length > 0 && (
            <section aria-labelledby="all-tags">
              <h2
                id="all-tags"
                className="text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300"
              >
                Tags
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2" data-testid="all-tags">
                {post.tags.map((tag) => (
                  <li key={tag.slug}>
                    <TagLink name={tag.name} />
                  </li>
                ))}
              </ul>
            </section>
          )}

          {post.author && (
            <a
              href={blogPaths.author(post.author.name)}
              className="inline-block font-semibold text-brand-700 hover:underline dark:text-brand-300"
            >
              More from this author <span aria-hidden="true">→</span>
            </a>
          )}

          <section aria-labelledby="share">
            <h2 id="share" className="text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300">
              Share this article
            </h2>
            <ul className="mt-3 flex flex-wrap gap-3">
              {shareLinks(postUrl, post.title).map((link) => (
                <li key={link.network}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex rounded-full border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:border-brand-500 hover:text-brand-700 dark:border-slate-600 dark:text-slate-100 dark:hover:text-brand-300"
                  >
                    Share on {link.network}
                  </a>
                </li>
              ))}
            </ul>
          </section>

          <BackToBlogs />
        </footer>
      </article>
    </>
  );
}

function TagLink({ name }: { name: string }) {
  return (
    <a
      href={blogPaths.list({ tags: [name] })}
      className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800 hover:bg-brand-100 dark:bg-brand-950 dark:text-brand-200 dark:hover:bg-brand-900"
    >
      #{name}
    </a>
  );
}

function ArticleSkeleton() {
  return (
    <div className="mx-auto max-w-3xl animate-pulse px-4 py-10 sm:px-6" aria-busy="true" data-testid="article-skeleton">
      <p className="sr-only">Loading the article…</p>
      <div className="h-4 w-32 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-6 h-9 w-4/5 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-4 h-4 w-48 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-8 aspect-[40/21] w-full rounded-xl bg-slate-200 dark:bg-slate-800" />
      <div className="mt-8 space-y-3">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-4 rounded bg-slate-200 dark:bg-slate-800" />
        ))}
      </div>
    </div>
  );
}
