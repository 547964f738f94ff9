import type { EventItem } from '../../lib/types.ts';
import EventCard from '../events/EventCard.tsx';
import EventCardSkeleton from '../events/EventCardSkeleton.tsx';
import { useApi } from '../shared/use-api.ts';

/** The home page shows at most this many events of the home chapter. */
export const HOME_EVENT_LIMIT = 3;

/** The home chapter's events, in the API's order (upcoming first), at most three. */
export function homeChapterEvents(events: readonly EventItem[], homeChapterSlug: string): EventItem[] {
  return events.filter((event) => event.chapterSlug === homeChapterSlug).slice(0, HOME_EVENT_LIMIT);
}

function SkeletonCard() {
  return (
    <li aria-hidden="true">
      <EventCardSkeleton />
    </li>
  );
}

/**
 * The home events section. Any failed answer (the API missing, an error body) shows the empty
 * state: the home page must not break because the events service does.
 */
export default function HomeEvents({ homeChapterSlug }: { homeChapterSlug: string }) {
  const [loaded] = useApi('/events', (body: { events?: unknown }) =>
    Array.isArray(body.events) ? homeChapterEvents(body.events as EventItem[], homeChapterSlug) : [],
  );

  if (loaded.state === 'loading') {
    return (
      <div role="status" aria-live="polite">
        <span className="sr-only">Loading events…</span>
        <ul className="grid gap-6 md:grid-cols-3" data-events-loading>
          {Array.from({ length: HOME_EVENT_LIMIT }, (_, i) => (
            <SkeletonCard key={i} />
          ))}
        </ul>
      </div>
    );
  }
  const events = loaded.state === 'loaded' ? loaded.data : [];
  if (events.length === 0) {
    return (
      <div
        role="status"
        className="rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700"
        data-events-empty
      >
        <p className="text-lg font-semibold text-slate-900 dark:text-white">No Events Found</p>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          New events will appear here as soon as they are announced.
        </p>
      </div>
    );
  }
  return (
    <ul className="grid gap-6 md:grid-cols-3" data-events-list>
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} />
        </li>
      ))}
    </ul>
  );
}
