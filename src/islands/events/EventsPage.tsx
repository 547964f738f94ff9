import { useState } from 'react';
import { isUpcoming } from '../../lib/format.ts';
import type { EventItem } from '../../lib/types.ts';
import EventCardSkeleton from './EventCardSkeleton.tsx';
import EventCard from './EventCard.tsx';
import ErrorBox from '../shared/ErrorBox.tsx';
import { useApi } from '../shared/use-api.ts';

/** Spec §9: the events list shows 3 skeleton cards while loading. */
export const EVENT_SKELETON_CARDS = 3;

/** The list's API address; the page preloads it (ApiPreload). */
export const EVENTS_API_PATH = '/events';

const grid = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

interface SectionProps {
  title: string;
  empty: string;
  events: EventItem[];
  now: Date;
  /** The page's first section with cards: its first card is at the top of the first screen. */
  first: boolean;
}

function Section({ title, empty, events, now, first }: SectionProps) {
  const id = title.toLowerCase().replace(/\s+/g, '-');
  return (
    <section aria-labelledby={id} className="fade-in mt-12 first:mt-0">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
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
    </section>
  );
}

/** /events: upcoming events (not ended yet, in Dhaka time), then every event. Not retried on failure (spec §8). */
export default function EventsPage() {
  const [events] = useApi(EVENTS_API_PATH, (body: { events: EventItem[] }) => body.events);
  // One moment for the whole list, so a card and its section agree on what is upcoming.
  const [now] = useState(() => new Date());

  if (events.state === 'loading') {
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

  if (events.state === 'error') {
    return <ErrorBox title="Events could not be loaded" message={events.message} />;
  }

  const upcoming = events.data.filter((event) => isUpcoming(event, now));
  return (
    <>
      <Section
        title="Upcoming Events"
        empty="No Upcoming Events Found"
        events={upcoming}
        now={now}
        first={upcoming.length > 0}
      />
      <Section
        title="All Events"
        empty="No Events Found"
        events={events.data}
        now={now}
        first={upcoming.length === 0}
      />
    </>
  );
}
