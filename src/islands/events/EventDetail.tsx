import { useEffect } from 'react';
import { formatEventDateLong, formatFee, formatTimeRange } from '../../lib/format.ts';
import type { EventItem } from '../../lib/types.ts';
import AddToCalendar from './AddToCalendar.tsx';
import { eventJsonLd } from './event-jsonld.ts';
import NotFoundScreen from './NotFoundScreen.tsx';
import { setJsonLd, setPageMeta, summarize } from './page-meta.ts';
import { toParagraphs } from '../shared/Paragraphs.tsx';
import { useIdFromPath } from '../shared/use-address.ts';
import { useApi } from '../shared/use-api.ts';

function Skeleton() {
  return (
    <div
      aria-busy="true"
      className="mx-auto max-w-5xl animate-pulse px-4 py-12 sm:px-6 lg:px-8"
      data-testid="event-skeleton"
    >
      <p className="sr-only" role="status">
        Loading event…
      </p>
      <div className="h-4 w-48 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-6 h-10 w-3/4 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-8 aspect-video rounded-xl bg-slate-200 dark:bg-slate-800" />
      <div className="mt-8 space-y-3">
        <div className="h-4 rounded bg-slate-200 dark:bg-slate-800" />
        <div className="h-4 w-5/6 rounded bg-slate-200 dark:bg-slate-800" />
        <div className="h-4 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
      </div>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 font-semibold text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

/** /events/{id} (the static shell is served for every id): any failure to load shows "Event not found" (spec §8). */
export default function EventDetail({ siteName }: { siteName: string }) {
  const id = useIdFromPath('events');
  const [loaded] = useApi(id && `/events/${encodeURIComponent(id)}`, (body: { event: EventItem }) => body.event);
  const shown = loaded.state === 'loaded' ? loaded.data : undefined;
  const notFound = loaded.state === 'error';

  // The document's title, description and structured data live outside the island.
  useEffect(() => {
    if (notFound) setPageMeta('Event not found', "Sorry, we couldn't find the event you're looking for.", siteName);
    else if (shown) {
      setPageMeta(shown.title, summarize(shown.description), siteName);
      setJsonLd(eventJsonLd(shown, window.location.href, siteName));
    }
  }, [shown, notFound, siteName]);

  if (loaded.state === 'loading') return <Skeleton />;
  if (loaded.state === 'error') {
    return <NotFoundScreen heading="Event not found" text="Sorry, we couldn't find the event you're looking for." />;
  }

  const event = loaded.data;
  const paragraphs = toParagraphs(event.description);
  return (
    <article className="fade-in mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <li>
            <a href="/" className="hover:text-brand-700 dark:hover:text-brand-300">
              Home
            </a>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <a href="/events" className="hover:text-brand-700 dark:hover:text-brand-300">
              Events
            </a>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="font-medium text-slate-900 dark:text-white">
            {event.title}
          </li>
        </ol>
      </nav>

      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        {event.title}
      </h1>

      <img
        src={event.banner}
        alt={`Banner of ${event.title}`}
        width={1280}
        height={720}
        decoding="async"
        fetchPriority="high"
        className="mt-8 aspect-video w-full rounded-xl bg-slate-100 object-cover dark:bg-slate-800"
      />

      <div className="mt-10 grid gap-10 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <h2 className="text-xl font-bold text-slate-900 dark:text-white">About this event</h2>
          <div className="mt-4 space-y-4 leading-relaxed text-slate-700 dark:text-slate-300">
            {paragraphs.map((line, i) => (
              <p key={i}>{line}</p>
            ))}
          </div>
        </div>

        <aside className="h-fit rounded-xl border border-slate-200 p-6 dark:border-slate-800">
          <dl className="space-y-5">
            <Fact label="Organized By">{event.host}</Fact>
            <Fact label="Date">
              <time dateTime={event.eventDate}>{formatEventDateLong(event.eventDate)}</time>
            </Fact>
            <Fact label="Time">{formatTimeRange(event.startTime, event.endTime)}</Fact>
            <Fact label="Location">{event.location}</Fact>
            <Fact label="Fees">{formatFee(event.fees)}</Fact>
          </dl>
          <div className="mt-8 flex flex-col gap-3">
            <a
              href={event.eventLink}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center justify-center rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
            >
              Register Now<span className="sr-only"> (opens in a new tab)</span>
            </a>
            <AddToCalendar event={event} />
          </div>
        </aside>
      </div>
    </article>
  );
}
