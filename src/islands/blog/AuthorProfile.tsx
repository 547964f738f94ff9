import { useEffect } from 'react';
import { articleCount, authorStats, lastPathSegment } from '../../lib/blog/rules.ts';
import type { BlogAuthor, BlogAuthorResponse, BlogPost } from '../../lib/blog/types.ts';
import { AuthorAvatar } from './AuthorAvatar.tsx';
import { blogApiPaths } from './blog-api.ts';
import { BlogStatus } from './BlogStatus.tsx';
import { applyDocumentMeta } from './document-meta.ts';
import { PostCard, PostCardSkeleton, PostGrid } from './PostCard.tsx';
import { usePathname } from '../shared/use-address.ts';
import { isNotFound, useApi } from '../shared/use-api.ts';

/**
 * /author/{authorName}: the decoded name from the address, then the author's posts (exact name match,
 * done by the API). The spec's screens map as: the blog service failed -> "Error loading author"; the
 * publication is missing (404) -> "No data available"; no posts by that name -> "Author not found"; no
 * name in the address at all -> "No posts found".
 */
export default function AuthorProfile({ chapterName }: { chapterName: string }) {
  const pathname = usePathname();
  const name = pathname === null ? null : lastPathSegment(pathname);
  const named = name !== null && name.trim() !== '';
  const [loaded] = useApi(
    name === null ? null : named ? blogApiPaths.author(name) : undefined,
    (body: BlogAuthorResponse) => body,
  );

  useEffect(() => {
    if (named)
      applyDocumentMeta({
        title: name,
        siteName: chapterName,
        description: `Articles by ${name} on the ${chapterName} blog.`,
      });
  }, [name, named, chapterName]);

  if (name === null || loaded.state === 'loading') return <AuthorSkeleton />;
  if (!named) return <BlogStatus heading="No posts found" text="No author was named in the address." />;
  if (loaded.state === 'error')
    return isNotFound(loaded) ? (
      <BlogStatus heading="No data available" text="Unable to load blog posts at this time." />
    ) : (
      <BlogStatus
        heading="Error loading author"
        text="There was an error loading the author's information. Please try again later."
      />
    );
  if (loaded.data.posts.length === 0)
    return (
      <BlogStatus heading="Author not found" text={`The author "${name}" doesn't exist or has no published posts.`} />
    );
  return <Profile name={name} author={loaded.data.author} posts={loaded.data.posts} chapterName={chapterName} />;
}

function Profile({
  name,
  author,
  posts,
  chapterName,
}: {
  name: string;
  author: BlogAuthor | null;
  posts: BlogPost[];
  chapterName: string;
}) {
  const stats = authorStats(posts);
  const tiles = [
    { label: 'Total Posts', value: stats.totalPosts },
    { label: 'Total Views', value: stats.totalViews },
    { label: 'Avg Views', value: stats.avgViews },
    { label: 'Topics', value: stats.topics },
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <header className="flex flex-col items-center gap-6 text-center sm:flex-row sm:text-left">
        <AuthorAvatar name={name} picture={author?.profilePicture ?? null} size={112} />
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{name}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">Author at {chapterName}</p>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400" data-testid="author-counts">
            {stats.totalPosts} {stats.totalPosts === 1 ? 'post' : 'posts'} · {stats.topics}{' '}
            {stats.topics === 1 ? 'topic' : 'topics'}
          </p>
        </div>
      </header>

      <dl className="mt-10 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {tiles.map((tile) => (
          <div
            key={tile.label}
            className="rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm dark:border-slate-700 dark:bg-slate-900"
            data-testid="stat-tile"
          >
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{tile.label}</dt>
            <dd className="mt-1 text-3xl font-bold text-slate-900 dark:text-white">
              {tile.value.toLocaleString('en-US')}
            </dd>
          </div>
        ))}
      </dl>

      <section className="mt-14" aria-labelledby="author-articles">
        <h2 id="author-articles" className="text-2xl font-bold text-slate-900 dark:text-white">
          Articles by {name}{' '}
          <span className="text-base font-medium text-slate-600 dark:text-slate-400">
            ({articleCount(posts.length)})
          </span>
        </h2>
        <div className="mt-6">
          <PostGrid>
            {posts.map((post) => (
              <PostCard key={post.id} post={post} chapterName={chapterName} />
            ))}
          </PostGrid>
        </div>
      </section>
    </div>
  );
}

function AuthorSkeleton() {
  return (
    <div
      className="mx-auto max-w-7xl animate-pulse px-4 py-12 sm:px-6 lg:px-8"
      aria-busy="true"
      data-testid="author-skeleton"
    >
      <p className="sr-only">Loading the author…</p>
      <div className="flex items-center gap-6">
        <div className="h-28 w-28 rounded-full bg-slate-200 dark:bg-slate-800" />
        <div className="space-y-3">
          <div className="h-8 w-56 rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-4 w-40 rounded bg-slate-200 dark:bg-slate-800" />
        </div>
      </div>
      <div className="mt-10 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="h-24 rounded-xl bg-slate-200 dark:bg-slate-800" />
        ))}
      </div>
      <div className="mt-14">
        <PostGrid>
          {Array.from({ length: 3 }, (_, i) => (
            <PostCardSkeleton key={i} />
          ))}
        </PostGrid>
      </div>
    </div>
  );
}
