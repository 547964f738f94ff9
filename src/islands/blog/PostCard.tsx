import type { ReactNode } from 'react';
import { formatBlogDate } from '../../lib/format.ts';
import { blogPaths, CARD_TAG_LIMIT, READING_TIME, truncateAuthorName, visibleTags } from '../../lib/blog/rules.ts';
import type { BlogPost } from '../../lib/blog/types.ts';
import { listImageLoading } from '../../lib/images/list-image-loading.ts';

interface PostCardProps {
  post: BlogPost;
  chapterName: string;
  /** The list's first card: its cover may be the page's largest paint, so it loads at once, first. */
  priority?: boolean;
}

export function PostCard({ post, chapterName, priority = false }: PostCardProps) {
  const href = blogPaths.post(post.slug);
  const { shown, more } = visibleTags(post.tags, CARD_TAG_LIMIT);
  return (
    <article
      className="group flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-1 hover:shadow-lg dark:border-slate-700 dark:bg-slate-900"
      data-testid="post-card"
    >
      <div className="relative aspect-[40/21] overflow-hidden bg-slate-100 dark:bg-slate-800">
        {post.coverImage ? (
          // Decorative here: the title right below names the post.
          <img
            src={post.coverImage.url}
            alt=""
            width={800}
            height={420}
            {...listImageLoading(priority)}
            decoding="async"
            className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
          />
        ) : (
          <div
            aria-hidden="true"
            data-testid="cover-placeholder"
            className="flex h-full w-full items-center justify-center bg-gradient-to-br from-brand-700 to-brand-400 text-5xl font-bold text-white/80"
          >
            {post.title.slice(0, 1)}
          </div>
        )}
        <span className="absolute left-3 top-3 rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-slate-800 shadow dark:bg-slate-950/90 dark:text-slate-100">
          {formatBlogDate(post.publishedAt)}
        </span>
        <div className="absolute inset-0 flex items-center justify-center bg-slate-950/50 opacity-0 transition group-focus-within:opacity-100 group-hover:opacity-100">
          <a
            href={href}
            className="rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Read Article<span className="sr-only">: {post.title}</span>
          </a>
        </div>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-medium text-slate-600 dark:text-slate-400">{READING_TIME}</p>
        <h2 className="mt-2 text-lg font-bold leading-snug text-slate-900 dark:text-white">
          <a href={href} className="hover:text-brand-700 hover:underline dark:hover:text-brand-300">
            {post.title}
          </a>
        </h2>
        <p className="mt-2 line-clamp-3 text-sm text-slate-600 dark:text-slate-300">{post.brief}</p>
        {post.tags.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
            {shown.map((tag) => (
              <li
                key={tag.slug}
                className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 dark:bg-brand-950 dark:text-brand-200"
              >
                {tag.name}
              </li>
            ))}
            {more > 0 && (
              <li className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                +{more}
              </li>
            )}
          </ul>
        )}
        <p className="mt-auto pt-4 text-sm text-slate-700 dark:text-slate-300">
          {post.author ? (
            <a
              href={blogPaths.author(post.author.name)}
              className="font-medium text-brand-700 hover:underline dark:text-brand-300"
              title={post.author.name}
            >
              {truncateAuthorName(post.author.name)}
            </a>
          ) : (
            <span className="font-medium">{chapterName}</span>
          )}
        </p>
      </div>
    </article>
  );
}

export function PostCardSkeleton() {
  return (
    <div
      className="animate-pulse overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
      data-testid="post-skeleton"
      aria-hidden="true"
    >
      <div className="aspect-[40/21] bg-slate-200 dark:bg-slate-800" />
      <div className="space-y-3 p-5">
        <div className="h-3 w-20 rounded bg-slate-200 dark:bg-slate-700" />
        <div className="h-5 w-4/5 rounded bg-slate-200 dark:bg-slate-700" />
        <div className="h-3 w-full rounded bg-slate-200 dark:bg-slate-700" />
        <div className="h-3 w-2/3 rounded bg-slate-200 dark:bg-slate-700" />
      </div>
    </div>
  );
}

export function PostGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">{children}</div>;
}
