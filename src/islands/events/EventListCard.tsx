import { formatEventDate, formatFee, isUpcoming } from '../../lib/format.ts';
import type { EventItem } from '../../lib/types.ts';

/** One event in the /events grid: banner, "Upcoming" mark, date, fee, and a link to /events/{_id}. */
export default function EventListCard({ event, now }: { event: EventItem; now: Date }) {
  const upcoming = isUpcoming(event, now);
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      <div className="relative aspect-video bg-slate-100 dark:bg-slate-800">
        <img
          src={event.banner}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
        />
        {upcoming && (
          <span className="absolute left-3 top-3 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">
            Upcoming
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <time dateTime={event.eventDate}>{formatEventDate(event.eventDate)}</time>
          <span aria-hidden="true"> · </span>
          <span>{event.location}</span>
        </p>
        <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
          {/* The whole card is clickable through this link's stretched ::after. */}
          <a
            href={`/events/${event._id}`}
            className="after:absolute after:inset-0 hover:text-brand-700 dark:hover:text-brand-300"
          >
            {event.title}
          </a>
        </h3>
        <p className="mt-auto pt-2 text-sm font-semibold text-brand-700 dark:text-brand-300">{formatFee(event.fees)}</p>
      </div>
    </article>
  );
}
