import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  feedPageHref,
  filterFromSearchParams,
  FIRST_BLOG_PAGE,
  filterPosts,
  filterToQueryString,
  hasActiveFilter,
  SEARCH_DEBOUNCE_MS,
  SKELETON_CARDS,
  tagNames,
  toggleTag,
  totalPages,
  type BlogFeedStart,
  type BlogFilter,
} from '../../lib/blog/rules.ts';
import type { BlogFeedPage, BlogFeedResponse } from '../../lib/blog/types.ts';
import { blogApiPaths, loadFeedPage } from './blog-api.ts';
import { PostCard, PostCardSkeleton, PostGrid } from './PostCard.tsx';
import { useSearch } from '../shared/use-address.ts';
import { useApi } from '../shared/use-api.ts';
import { useHydrated } from '../shared/use-hydrated.ts';

type Pages = Pick<BlogFeedPage, 'posts' | 'pageInfo'>[];

interface BlogListProps {
  chapterName: string;
  /** The feed's first page as the on-demand page read it; absent when that read failed (the island asks). */
  firstPage?: BlogFeedResponse | undefined;
  /** The page the address names (/blogs?page=2&after=…, reached by "Load More Articles" before hydration). */
  start?: BlogFeedStart;
}

/**
 * /blogs: the feed, searched and filtered by tag on the client over the loaded posts, with
 * the filter mirrored in ?search= and ?tags=. Pages are kept as loaded; a filter change goes back to
 * page 1 (the first page, cursor null) as the spec's state machine says.
 */
export default function BlogList({ chapterName, firstPage: served, start = FIRST_BLOG_PAGE }: BlogListProps) {
  const hydrated = useHydrated();
  const [searchInput, setSearchInput] = useState('');
  const [filter, setFilter] = useState<BlogFilter>({ search: '', tags: [] });
  const [tagsOpen, setTagsOpen] = useState(false);
  const [restored, setRestored] = useState(false);
  const [first] = useApi(blogApiPaths.feed(start.after), (body: BlogFeedResponse) => body, served);
  const [more, setMore] = useState<Pages>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState('');

  // Restore the filter from the address once it is known, before the first debounce can overwrite it.
  const search = useSearch();
  if (search !== null && !restored) {
    const initial = filterFromSearchParams(new URLSearchParams(search));
    setRestored(true);
    setSearchInput(initial.search);
    setFilter(initial);
  }

  const status = first.state === 'loaded' ? 'ready' : first.state;
  const error = first.state === 'error' ? first.message : '';
  const firstPage = first.state === 'loaded' ? first.data : undefined;
  const pages: Pages = useMemo(
    () => (firstPage ? [{ posts: firstPage.posts, pageInfo: firstPage.pageInfo }, ...more] : []),
    [firstPage, more],
  );

  const applyFilter = useCallback((next: BlogFilter) => {
    setFilter(next);
    setMore([]); // back to page 1, cursor null
    setMoreError('');
  }, []);

  // The typed search applies after 300 ms without typing.
  useEffect(() => {
    if (!restored || searchInput === filter.search) return;
    const timer = window.setTimeout(() => applyFilter({ ...filter, search: searchInput }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchInput, filter, restored, applyFilter]);

  // Mirror the applied filter in the address, without adding history entries per keystroke.
  useEffect(() => {
    if (!restored) return;
    // The page reached by its link stays in the address while no filter applies, so a reload shows it.
    const query =
      filterToQueryString(filter) || (start.after ? feedPageHref(start.page, start.after).replace('/blogs', '') : '');
    const url = `${window.location.pathname}${query}${window.location.hash}`;
    if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`)
      window.history.replaceState(window.history.state, '', url);
  }, [filter, restored, start]);

  const loaded = useMemo(() => pages.flatMap((p) => p.posts), [pages]);
  const visible = useMemo(() => filterPosts(loaded, filter), [loaded, filter]);
  const allTags = useMemo(() => tagNames(loaded), [loaded]);
  const filtering = hasActiveFilter(filter);
  const last = pages[pages.length - 1];
  const searchRef = useRef<HTMLInputElement>(null);

  function clearAll() {
    setSearchInput('');
    applyFilter({ search: '', tags: [] });
  }

  function clearSearch() {
    setSearchInput('');
    applyFilter({ ...filter, search: '' });
    searchRef.current?.focus();
  }

  async function loadMore() {
    const cursor = last?.pageInfo.endCursor;
    if (!cursor) return;
    setLoadingMore(true);
    setMoreError('');
    const result = await loadFeedPage(cursor);
    setLoadingMore(false);
    if (result.ok) setMore((loaded) => [...loaded, { posts: result.data.posts, pageInfo: result.data.pageInfo }]);
    else setMoreError(result.message);
  }

  return (
    <div>
      <form role="search" className="mx-auto max-w-2xl" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="blog-search" className="sr-only">
          Search articles
        </label>
        <div className="relative">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="pointer-events-none absolute left-4 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-500 dark:text-slate-400"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </svg>
          <input
            ref={searchRef}
            id="blog-search"
            type="search"
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
            placeholder="Search articles, authors, or content..."
            autoComplete="off"
            className="w-full rounded-full border border-slate-300 bg-white py-3 pl-12 pr-12 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500 dark:border-slate-600 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-400 [&::-webkit-search-cancel-button]:hidden"
          />
          {searchInput && (
            <button
              type="button"
              onClick={clearSearch}
              aria-label="Clear search"
              className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full p-1.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-4 w-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          )}
        </div>
      </form>

      {filtering && allTags.length > 0 && (
        <div className="mx-auto mt-6 max-w-4xl">
          {/* On a phone the chips (often a score of them) wait behind one button, so results come first. */}
          <button
            type="button"
            aria-expanded={tagsOpen}
            aria-controls="blog-tag-chips"
            onClick={() => setTagsOpen((open) => !open)}
            className="mx-auto flex items-center gap-2 rounded-full border border-slate-300 px-4 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-500 sm:hidden dark:border-slate-600 dark:text-slate-200"
          >
            Filter by tag
            <span className="text-slate-600 dark:text-slate-400">({allTags.length})</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              fill="currentColor"
              className={`h-4 w-4 transition-transform ${tagsOpen ? 'rotate-180' : ''}`}
            >
              <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
            </svg>
          </button>
          <div
            id="blog-tag-chips"
            role="group"
            aria-label="Filter by tag"
            className={`${tagsOpen ? 'mt-3 block' : 'hidden'} sm:mt-0 sm:block`}
          >
            <ul className="flex flex-wrap justify-center gap-2">
              {allTags.map((tag) => {
                const pressed = filter.tags.some((t) => t.toLowerCase() === tag.toLowerCase());
                return (
                  <li key={tag}>
                    <button
                      type="button"
                      aria-pressed={pressed}
                      onClick={() => applyFilter({ ...filter, tags: toggleTag(filter.tags, tag) })}
                      className={`rounded-full border px-3 py-1 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
                        pressed
                          ? 'border-brand-700 bg-brand-700 text-white'
                          : 'border-slate-300 bg-white text-slate-700 hover:border-brand-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200'
                      }`}
                    >
                      {tag}
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      )}

      {filtering && (
        <div
          className="mx-auto mt-6 flex max-w-4xl flex-wrap items-center justify-center gap-2 text-sm text-slate-700 dark:text-slate-300"
          data-testid="active-filters"
        >
          <span className="font-semibold">Active filters:</span>
          {filter.search.trim() && (
            <span className="rounded-full bg-slate-100 px-3 py-1 dark:bg-slate-800">
              Search: “{filter.search.trim()}”
            </span>
          )}
          {filter.tags.map((tag) => (
            <span
              key={tag}
              className="rounded-full bg-brand-50 px-3 py-1 text-brand-800 dark:bg-brand-950 dark:text-brand-200"
            >
              {tag}
            </span>
          ))}
          <button
            type="button"
            onClick={clearAll}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300"
          >
            Clear all
          </button>
        </div>
      )}

      <div className="mt-10" aria-live="polite" aria-busy={status === 'loading'}>
        {status === 'loading' && (
          <>
            <p className="sr-only">Loading articles…</p>
            <PostGrid>
              {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                <PostCardSkeleton key={i} />
              ))}
            </PostGrid>
          </>
        )}

        {status === 'error' && (
          <div
            role="alert"
            className="mx-auto max-w-xl rounded-xl border border-red-300 bg-red-50 p-6 text-center dark:border-red-800 dark:bg-red-950"
          >
            <h2 className="text-lg font-semibold text-red-800 dark:text-red-200">Error loading blogs</h2>
            <p className="mt-2 text-red-700 dark:text-red-300">{error}</p>
          </div>
        )}

        {status === 'ready' && visible.length === 0 && filtering && (
          <div className="mx-auto max-w-xl py-12 text-center">
            <h2 className="text-xl font-semibold text-slate-900 dark:text-white">No matching blogs found</h2>
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              Try adjusting your search or filters to find what you&apos;re looking for.
            </p>
            <button
              type="button"
              onClick={clearAll}
              className="mt-6 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              Clear all filters
            </button>
          </div>
        )}

        {status === 'ready' && visible.length === 0 && !filtering && (
          <div className="mx-auto max-w-xl py-12 text-center">
            <h2 className="text-xl font-semibold text-slate-900 dark:text-white">No blogs found</h2>
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              We&apos;re working on creating new content. Check back later for updates and articles.
            </p>
          </div>
        )}

        {status === 'ready' && visible.length > 0 && (
          <PostGrid>
            {visible.map((post, i) => (
              <PostCard key={post.id} post={post} chapterName={chapterName} priority={i === 0} />
            ))}
          </PostGrid>
        )}
      </div>

      {status === 'ready' && !filtering && visible.length > 0 && (
        <nav aria-label="Pagination" className="mt-12 flex flex-col items-center gap-4" data-testid="pagination">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Page {start.page - 1 + pages.length} of {start.page - 1 + totalPages(visible.length)}
          </p>
          {last?.pageInfo.hasNextPage && last.pageInfo.endCursor && !hydrated ? (
            // Until the script runs (a slow phone) or without it: a link to the next page, which the
            // server renders. Once hydrated the button below loads the next page into this list.
            <a
              href={feedPageHref(start.page + pages.length, last.pageInfo.endCursor)}
              className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white shadow hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              Load More Articles
            </a>
          ) : last?.pageInfo.hasNextPage ? (
            <button
              type="button"
              onClick={() => void loadMore()}
              disabled={loadingMore}
              className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white shadow hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-70"
            >
              {loadingMore ? 'Loading...' : 'Load More Articles'}
            </button>
          ) : (
            <p className="text-sm font-medium text-slate-700 dark:text-slate-300">You&apos;ve reached the end</p>
          )}
          {moreError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {moreError}
            </p>
          )}
        </nav>
      )}
    </div>
  );
}
