import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  blogPaths,
  feedPageHref,
  FIRST_BLOG_PAGE,
  filterPosts,
  filterToQueryString,
  hasActiveFilter,
  nextFeedPageHref,
  previousFeedPageHref,
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
import { useApi } from '../shared/use-api.ts';
import { useHydrated } from '../shared/use-hydrated.ts';

type Pages = Pick<BlogFeedPage, 'posts' | 'pageInfo'>[];

const backLinkClass =
  'text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:text-brand-300 dark:hover:text-brand-200';

/** A clearing control: a link to the list it leaves until the island runs, then a button clearing in place. */
function ClearControl({
  hydrated,
  href = '/blogs',
  onClick,
  className,
  label,
  children,
}: {
  hydrated: boolean;
  href?: string;
  onClick: () => void;
  className: string;
  label?: string;
  children: ReactNode;
}) {
  return hydrated ? (
    <button type="button" onClick={onClick} aria-label={label} className={className}>
      {children}
    </button>
  ) : (
    <a href={href} aria-label={label} className={className}>
      {children}
    </a>
  );
}

interface BlogListProps {
  chapterName: string;
  /** The feed's first page as the on-demand page read it; absent when that read failed (the island asks). */
  firstPage?: BlogFeedResponse | undefined;
  /** The page the address names (/blogs?page=2&after=…, reached by "Load More Articles" before hydration). */
  start?: BlogFeedStart;
  /** The filter the address names (?search=&tags=), read by the server, which lists what it matches. */
  initialFilter?: BlogFilter;
}

const NO_FILTER: BlogFilter = { search: '', tags: [] };

/**
 * /blogs: the feed, searched and filtered by tag over the loaded posts, with the filter in
 * ?search= and ?tags=. Pages are kept as loaded; a filter change goes back to page 1 (the first page,
 * cursor null) as the spec's state machine says.
 *
 * HTML first: the server renders the list the address names, the search box is a GET form, each tag
 * chip a submit button of another (its value the tags after the press), and "Load More Articles" a link,
 * so all of it works before the island hydrates (on the visitor's first reach for it) or without
 * script. Hydrated, the island filters in place and mirrors the filter in the address.
 */
export default function BlogList({
  chapterName,
  firstPage: served,
  start = FIRST_BLOG_PAGE,
  initialFilter = NO_FILTER,
}: BlogListProps) {
  const hydrated = useHydrated();
  const [searchInput, setSearchInput] = useState(initialFilter.search);
  const [filter, setFilter] = useState<BlogFilter>(initialFilter);
  const [tagsOpen, setTagsOpen] = useState(false);
  const [first] = useApi(blogApiPaths.feed(start.after), (body: BlogFeedResponse) => body, served);
  const [more, setMore] = useState<Pages>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState('');

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

  // What was typed in the search box before the island hydrated is the visitor's search (the box is
  // uncontrolled, so hydration leaves it as typed).
  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = searchRef.current?.value;
    if (typed !== undefined) setSearchInput(typed);
  }, []);

  // The typed search applies after 300 ms without typing.
  useEffect(() => {
    if (searchInput === filter.search) return;
    const timer = window.setTimeout(() => applyFilter({ ...filter, search: searchInput }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchInput, filter, applyFilter]);

  // Mirror the applied filter in the address, without adding history entries per keystroke.
  useEffect(() => {
    // The page reached by its link stays in the address while no filter applies, so a reload shows it.
    const query =
      filterToQueryString(filter) ||
      (start.after ? feedPageHref(start.page, start.after, start.back).replace('/blogs', '') : '');
    const url = `${window.location.pathname}${query}${window.location.hash}`;
    if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`)
      window.history.replaceState(window.history.state, '', url);
  }, [filter, start]);

  const loaded = useMemo(() => pages.flatMap((p) => p.posts), [pages]);
  const visible = useMemo(() => filterPosts(loaded, filter), [loaded, filter]);
  const allTags = useMemo(() => tagNames(loaded), [loaded]);
  const filtering = hasActiveFilter(filter);
  const last = pages[pages.length - 1];
  const previous = previousFeedPageHref(start);

  function setSearchBox(value: string) {
    if (searchRef.current) searchRef.current.value = value;
    setSearchInput(value);
  }

  function clearAll() {
    setSearchBox('');
    applyFilter({ search: '', tags: [] });
  }

  function clearSearch() {
    setSearchBox('');
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
      <form
        role="search"
        action="/blogs"
        method="get"
        className="mx-auto max-w-2xl"
        onSubmit={(e) => e.preventDefault()}
      >
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
            name="search"
            type="search"
            defaultValue={initialFilter.search}
            onChange={(e) => setSearchInput(e.target.value)}
            placeholder="Search articles, authors, or content..."
            autoComplete="off"
            className="w-full rounded-full border border-slate-300 bg-white py-3 pl-12 pr-12 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500 dark:border-slate-600 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-400 [&::-webkit-search-cancel-button]:hidden"
          />
          {searchInput && (
            <ClearControl
              hydrated={hydrated}
              href={blogPaths.list({ search: '', tags: filter.tags })}
              onClick={clearSearch}
              label="Clear search"
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
            </ClearControl>
          )}
        </div>
        {/* A search sent without script keeps the tags chosen. */}
        {filter.tags.length > 0 && <input type="hidden" name="tags" value={filter.tags.join(',')} />}
      </form>

      {filtering && allTags.length > 0 && (
        <div className="mx-auto mt-6 max-w-4xl">
          {/* On a phone the chips (often a score of them) wait behind one button, so results come first
              (without script they are all shown: the button needs it). */}
          {hydrated && (
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
          )}
          {/* Each chip submits the filter it makes (the tags after its press) to /blogs: without script the
              server lists the match; hydrated, the press applies it in place. */}
          <div
            id="blog-tag-chips"
            role="group"
            aria-label="Filter by tag"
            className={`${!hydrated || tagsOpen ? 'mt-3 block' : 'hidden'} sm:mt-0 sm:block`}
          >
            <form action="/blogs" method="get">
              {filter.search.trim() && <input type="hidden" name="search" value={filter.search} />}
              <ul className="flex flex-wrap justify-center gap-2">
                {allTags.map((tag) => {
                  const pressed = filter.tags.some((t) => t.toLowerCase() === tag.toLowerCase());
                  return (
                    <li key={tag}>
                      <button
                        type="submit"
                        name="tags"
                        value={toggleTag(filter.tags, tag).join(',')}
                        aria-pressed={pressed}
                        onClick={(e) => {
                          e.preventDefault();
                          applyFilter({ ...filter, tags: toggleTag(filter.tags, tag) });
                        }}
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
            </form>
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
          <ClearControl
            hydrated={hydrated}
            onClick={clearAll}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300"
          >
            Clear all
          </ClearControl>
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
            <ClearControl
              hydrated={hydrated}
              onClick={clearAll}
              className="mt-6 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              Clear all filters
            </ClearControl>
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
              href={nextFeedPageHref(start, last.pageInfo.endCursor)}
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
          {/* A page reached by its link (/blogs?page=2…) leads back too: the address is all it has. */}
          {start.page > 1 && (
            <p className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-semibold">
              {previous && (
                <a href={previous} className={backLinkClass}>
                  <span aria-hidden="true">← </span>Previous page
                </a>
              )}
              {(start.page > 2 || !previous) && (
                <a href="/blogs" className={backLinkClass}>
                  First page
                </a>
              )}
            </p>
          )}
        </nav>
      )}
    </div>
  );
}
