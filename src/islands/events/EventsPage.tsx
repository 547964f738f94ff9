import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { EventChapter } from '../../lib/schemas/event-list.schema.ts';
import type { EventItem, EventListResponse } from '../../lib/types.ts';
import EventCardSkeleton from './EventCardSkeleton.tsx';
import EventCard from './EventCard.tsx';
import { eventsApiPaths, FIRST_VIEW, viewFromSearch, viewToSearch, type EventsView } from './events-address.ts';
import ErrorBox from '../shared/ErrorBox.tsx';
import { useSearch } from '../shared/use-address.ts';
import { useApi, type Loaded } from '../shared/use-api.ts';

/** Spec §9: the events list shows 3 skeleton cards while loading. */
export const EVENT_SKELETON_CARDS = 3;

/** The list's API addresses on a first visit (every chapter, first archive page); the page preloads them. */
export const FIRST_EVENTS_API_PATHS = [
  eventsApiPaths.upcoming(FIRST_VIEW.chapter),
  eventsApiPaths.past(FIRST_VIEW.chapter, FIRST_VIEW.page),
];

const grid = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

function Skeleton() {
  return (
    <div aria-busy="true">
      <p className="sr-only" role="status">
        Loading events…
      </p>
      <div className={grid}>
        {Array.from({ length: EVENT_SKELETON_CARDS }, (_, i) => (
          <EventCardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}

interface SectionProps {
  id: string;
  title: string;
  empty: string;
  events: EventItem[];
  now: Date;
  /** The page's first section with cards: its first card is at the top of the first screen. */
  first: boolean;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  children?: ReactNode;
}

function Section({ id, title, empty, events, now, first, headingRef, children }: SectionProps) {
  return (
    <section aria-labelledby={id} className="fade-in mt-12 first:mt-0">
      {/* tabIndex -1: the archive's heading takes the focus after a page change, so reading goes on from there. */}
      <h2
        id={id}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none dark:text-white"
      >
        {title}
      </h2>
      {events.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {empty}
        </p>
      ) : (
        <ul className={`mt-6 ${grid}`}>
          {events.map((event, i) => (
            <li key={event.id} className="flex">
              <EventCard event={event} now={now} priority={first && i === 0} />
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}

function ChapterFilter({
  chapters,
  value,
  onChange,
}: {
  chapters: EventChapter[];
  value: string | undefined;
  onChange: (chapter: string | undefined) => void;
}) {
  return (
    <div className="mb-10 flex flex-wrap items-center gap-3">
      <label htmlFor="event-chapter" className="font-semibold text-slate-900 dark:text-white">
        Chapter
      </label>
      <select
        id="event-chapter"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
        className="min-w-64 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500 dark:border-slate-600 dark:bg-slate-900 dark:text-white"
      >
        <option value="">All chapters</option>
        {chapters.map((chapter) => (
          <option key={chapter.slug} value={chapter.slug}>
            {chapter.name}
          </option>
        ))}
      </select>
    </div>
  );
}

const pagerButton =
  'rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800';

function ArchivePager({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Past events pages" className="mt-8 flex items-center justify-center gap-4">
      <button type="button" className={pagerButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true">← </span>Newer
      </button>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Page {page} of {totalPages}
      </p>
      <button type="button" className={pagerButton} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Older<span aria-hidden="true"> →</span>
      </button>
    </nav>
  );
}

const pick = (body: EventListResponse) => body;

/** A part of the list: its skeleton while loading, the API's message if it failed, else its content. */
function whenLoaded<T>(loaded: Loaded<T>, render: (data: T) => ReactNode) {
  if (loaded.state === 'loading') return <Skeleton />;
  if (loaded.state === 'error') return <ErrorBox title="Events could not be loaded" message={loaded.message} />;
  return render(loaded.data);
}

/**
 * /events: a chapter filter, every upcoming event (not ended yet, in Dhaka time, as the API decides),
 * and the past events as an archive read a page at a time from the API. The chapter and the archive
 * page are mirrored in the address (?chapter=, ?page=). Not retried on failure (spec §8).
 */
export default function EventsPage() {
  const search = useSearch();
  const [view, setView] = useState<EventsView | null>(null);
  // The address is known only after hydration; until then the skeleton shows.
  if (search !== null && view === null) setView(viewFromSearch(search));

  const [upcoming] = useApi(view && eventsApiPaths.upcoming(view.chapter), pick);
  const [past] = useApi(view && eventsApiPaths.past(view.chapter, view.page), pick);
  // One moment for the whole list, so every card agrees on what is upcoming.
  const [now] = useState(() => new Date());
  // The filter's choices stay while a new choice loads, so the select (and its focus) stays in place.
  const [chapters, setChapters] = useState<EventChapter[] | undefined>();
  const archiveHeading = useRef<HTMLHeadingElement>(null);
  const focusArchive = useRef(false);

  const answered = upcoming.state === 'loaded' ? upcoming.data : past.state === 'loaded' ? past.data : undefined;
  if (answered && answered.chapters !== chapters) setChapters(answered.chapters);

  // A page number past the end (an old link) shows the last page instead.
  const pastData = past.state === 'loaded' ? past.data : undefined;
  if (view && pastData?.totalPages !== undefined && view.page > pastData.totalPages)
    setView({ ...view, page: pastData.totalPages });

  // Mirror the view in the address, replacing the entry: the filter is part of the page, not a visit.
  useEffect(() => {
    if (!view) return;
    const url = `${window.location.pathname}${viewToSearch(view, window.location.search)}${window.location.hash}`;
    if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`)
      window.history.replaceState(window.history.state, '', url);
  }, [view]);

  // After a page change, reading goes on at the archive's heading (the pressed button may be disabled now).
  useEffect(() => {
    if (focusArchive.current && pastData) {
      focusArchive.current = false;
      archiveHeading.current?.focus();
    }
  }, [pastData]);

  // First load: one skeleton of three cards for the whole list (spec §9).
  if (!view || (!chapters && !answered && upcoming.state !== 'error' && past.state !== 'error')) return <Skeleton />;

  const upcomingCount = upcoming.state === 'loaded' ? upcoming.data.events.length : 0;
  const known = chapters ?? [];
  return (
    <>
      <ChapterFilter
        chapters={known}
        value={known.some((c) => c.slug === view.chapter) ? view.chapter : undefined}
        onChange={(chapter) => setView({ chapter, page: 1 })}
      />
      {whenLoaded(upcoming, (data) => (
        <Section
          id="upcoming-events"
          title="Upcoming Events"
          empty="No Upcoming Events Found"
          events={data.events}
          now={now}
          first={data.events.length > 0}
        />
      ))}
      {upcoming.state !== 'error' &&
        whenLoaded(past, (data) => (
          <Section
            id="past-events"
            title="Past Events"
            empty="No Past Events Found"
            events={data.events}
            now={now}
            first={upcomingCount === 0}
            headingRef={archiveHeading}
          >
            <ArchivePager
              page={data.page ?? 1}
              totalPages={data.totalPages ?? 1}
              onPage={(next) => {
                focusArchive.current = true;
                setView({ ...view, page: next });
              }}
            />
          </Section>
        ))}
    </>
  );
}
