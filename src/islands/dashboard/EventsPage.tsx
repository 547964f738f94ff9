import { formatEventDate, formatFee, formatTime } from '../../lib/format.ts';
import { imageSlots } from '../../lib/images/image-slots.ts';
import { responsiveImage } from '../../lib/images/responsive-image.ts';
import {
  attendancePath,
  checkInPath,
  EDIT_PAGES,
  eventPath,
  registrationsPath,
} from '../../lib/registration/registration-links.ts';
import type { EventItem, RegistrationOverviewItem } from '../../lib/types.ts';
import { eventNotice } from './event-fields.ts';
import PublishEventButton from './PublishEventButton.tsx';
import DashboardShell from './ui/DashboardShell.tsx';
import EditDeleteActions from './ui/EditDeleteActions.tsx';
import { useApi } from '../shared/use-api.ts';
import { useListQuery } from './ui/use-list-query.ts';
import ResourceList, { SavedMark, cardClass, savedCardClass } from './ui/ResourceList.tsx';

export default function EventsPage() {
  return <DashboardShell title="Events">{() => <EventList />}</DashboardShell>;
}

function EventList() {
  const [events, reload] = useApi('/events/myevents', (b: { events: EventItem[] }) => b.events);
  const list = useListQuery();
  // Seats taken of each upcoming site-registration event, for the cards' "Registrations (12/50)".
  const [overview] = useApi('/registrations/overview', (b: { events: RegistrationOverviewItem[] }) => b.events);
  const seats = new Map(overview.state === 'loaded' ? overview.data.map((o) => [o.eventId, o]) : []);
  return (
    <ResourceList
      result={events}
      what="events"
      empty={{ heading: 'No Events Found', href: '/dashboard/add-new-event', linkLabel: 'Add New Event' }}
      add={{ href: '/dashboard/add-new-event', label: 'Add New Event' }}
      search={{ list, label: 'Search events', textOf: (e) => [e.title, e.location, e.host, e.eventDate].join(' ') }}
      saved={{ idOf: (e) => e.id, notice: (e) => eventNotice(e, true) }}
    >
      {(e, { saved }) => (
        <li key={e.id} className={`${cardClass} ${saved ? savedCardClass : ''}`}>
          <img
            {...responsiveImage(e.banner, imageSlots.dashboardBanner)}
            alt={`Banner of ${e.title}`}
            loading="lazy"
            className="aspect-video w-full object-cover"
          />
          <div className="flex flex-1 flex-col gap-1 p-4">
            {saved && <SavedMark floating />}
            <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{e.title}</h2>
            {e.status === 'draft' && (
              <p className="self-start rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                Draft <span className="sr-only">(hidden from visitors)</span>
              </p>
            )}
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {formatEventDate(e.eventDate)}, {formatTime(e.startTime)} – {formatTime(e.endTime)}
            </p>
            <p className="text-sm text-slate-700 dark:text-slate-300">{e.location}</p>
            <p className="text-sm font-medium text-slate-800 dark:text-slate-200">
              {formatFee(e.fees)} · {e.registrationMethod}
            </p>
            {e.registration.mode === 'site' && (
              <p className="text-sm">
                <a
                  href={registrationsPath(e.id)}
                  className="font-medium text-brand-700 underline hover:text-brand-800 dark:text-brand-300"
                >
                  Registrations{seatsLabel(seats.get(e.id))}
                  <span className="sr-only"> of {e.title}</span>
                </a>
                {' · '}
                <a
                  href={attendancePath(e.id)}
                  className="font-medium text-brand-700 underline hover:text-brand-800 dark:text-brand-300"
                >
                  Attendance<span className="sr-only"> of {e.title}</span>
                </a>
                {' · '}
                <a
                  href={checkInPath(e.id)}
                  className="font-medium text-brand-700 underline hover:text-brand-800 dark:text-brand-300"
                >
                  Check-in<span className="sr-only"> at {e.title}</span>
                </a>
              </p>
            )}
            <EditDeleteActions
              itemLabel={e.title}
              id={e.id}
              editPage={EDIT_PAGES.event}
              apiCollection="/events"
              successMessage="Event Deleted Successfully"
              onDeleted={reload}
              viewHref={e.status === 'draft' ? undefined : eventPath(e.id)}
            >
              {e.status === 'draft' && <PublishEventButton event={e} onPublished={reload} />}
            </EditDeleteActions>
          </div>
        </li>
      )}
    </ResourceList>
  );
}

/** " (12/50)": seats taken of capacity; " (12)" without a limit; nothing for an event past or not counted. */
function seatsLabel(seats: RegistrationOverviewItem | undefined): string {
  if (!seats) return '';
  return seats.capacity == null ? ` (${seats.confirmed})` : ` (${seats.confirmed}/${seats.capacity})`;
}
