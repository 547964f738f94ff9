import type { EventItem } from '../../lib/types.ts';
import { formatEventDate, formatFee, isUpcoming } from '../../lib/format.ts';

interface Props {
  event: EventItem;
  /** The moment "upcoming" is judged against; the current time unless a list passes one. */
  now?: Date;
}

/** One event as a card: banner, "Upcoming" mark, title, date, location, fee and a link to its page. */
export default function EventCard({ event, now }: Props) {
  const upcoming = isUpcoming(event, now);
  const titleId = `event-${event._id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
      data-event-card
    >
      <div className="relative">
        <img
          src={event.banner}
          alt={`Banner of ${event.title}`}
          width={800}
          height={450}
          loading="lazy"
          decoding="async"
          className="aspect-video h-auto w-full bg-slate-100 object-cover dark:bg-slate-800"
        />
        {upcoming && (
          <span className="absolute top-3 left-3 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white shadow">
            Upcoming
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {event.title}
        </h3>
        <dl className="mt-3 space-y-1 text-sm text-slate-600 dark:text-slate-300">
          <div className="flex gap-2">
            <dt className="sr-only">Date</dt>
            <dd>
              <time dateTime={event.eventDate.slice(0, 10)}>{formatEventDate(event.eventDate)}</time>
            </dd>
          </div>
          <div className="flex gap-2">
            <dt className="sr-only">Location</dt>
            <dd>{event.location}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="sr-only">Fee</dt>
            <dd className="font-medium text-brand-700 dark:text-brand-300">{formatFee(event.fees)}</dd>
          </div>
        </dl>
        <a
          href={`/events/${encodeURIComponent(event._id)}`}
          className="mt-auto inline-block pt-4 font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          View Details<span className="sr-only">: {event.title}</span>
        </a>
      </div>
    </article>
  );
}
