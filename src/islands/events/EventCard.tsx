import { dhakaDateTimeAttribute, formatEventDate, formatFee, formatStartTime, isUpcoming } from '../../lib/format.ts';
import { imageSlots } from '../../lib/images/image-slots.ts';
import { listImageLoading } from '../../lib/images/list-image-loading.ts';
import { responsiveImage, type ImageSlot } from '../../lib/images/responsive-image.ts';
import type { EventItem } from '../../lib/types.ts';
import { eventPath } from '../../lib/registration/registration-links.ts';

interface Props {
  event: EventItem;
  /** The moment "upcoming" is judged against; the current time unless a list passes one. */
  now?: Date | undefined;
  /** The list's first card: its banner may be the page's largest paint, so it loads at once, first. */
  priority?: boolean;
  /** How wide the card is drawn, for its banner's variants: a grid column unless it says otherwise. */
  imageSlot?: ImageSlot;
}

/**
 * One event as a card (home page, /events, chapter slider): banner, "Upcoming" mark, date, location,
 * fee, and the title linking to /events/{_id}; the whole card is clickable through that link.
 *
 * The card is as wide as its cell (w-full). In a flex cell it would otherwise be as wide as its content:
 * its text until the banner loads (an image not yet loaded has no width of its own), then the whole
 * cell, re-wrapping its text, a layout shift whenever the banner arrives after the first paint.
 */
export default function EventCard({ event, now, priority = false, imageSlot = imageSlots.eventCard }: Props) {
  const upcoming = isUpcoming(event, now);
  return (
    <article
      className="group relative flex h-full w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
      data-event-card
    >
      <div className="relative aspect-video bg-slate-100 dark:bg-slate-800">
        <img
          {...responsiveImage(event.banner, imageSlot)}
          alt={`Banner of ${event.title}`}
          {...listImageLoading(priority)}
          decoding="async"
          className="h-full w-full object-cover"
        />
        {upcoming && (
          <span className="absolute left-3 top-3 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white shadow">
            Upcoming
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <time dateTime={event.eventDate.slice(0, 10)}>{formatEventDate(event.eventDate)}</time>
          <span aria-hidden="true"> · </span>
          <time dateTime={dhakaDateTimeAttribute(event.eventDate, event.startTime)}>
            {formatStartTime(event.startTime)}
          </time>
          <span aria-hidden="true"> · </span>
          <span>{event.location}</span>
        </p>
        <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
          <a
            href={eventPath(event._id)}
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
