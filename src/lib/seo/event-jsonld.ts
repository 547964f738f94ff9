import { dhakaInstant } from '../format.ts';
import type { EventItem } from '../types.ts';

/** The +06:00 ISO form of a Dhaka wall-clock time: "2026-01-05T09:30:00+06:00". */
function dhakaIso(date: string, time: string): string {
  // dhakaInstant validates the pair; the string keeps the local offset search engines show.
  return Number.isNaN(dhakaInstant(date, time).getTime()) ? '' : `${date.slice(0, 10)}T${time.slice(0, 5)}:00+06:00`;
}

function absolute(url: string, origin: string): string {
  return new URL(url, origin).href;
}

/** An event's schema.org times (+06:00), attendance mode and place, from its registrationMethod. */
export function eventWhenAndWhere(event: EventItem) {
  const online = event.registrationMethod === 'Online';
  return {
    startDate: dhakaIso(event.eventDate, event.startTime),
    endDate: dhakaIso(event.eventDate, event.endTime),
    eventAttendanceMode: online
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    location: online
      ? { '@type': 'VirtualLocation', url: event.eventLink }
      : { '@type': 'Place', name: event.location, address: event.location },
  };
}

/** schema.org Event for the detail page (https://schema.org/Event, Google's event rich result fields). */
export function eventJsonLd(event: EventItem, pageUrl: string, organizerName: string) {
  const origin = new URL(pageUrl).origin;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.description,
    ...eventWhenAndWhere(event),
    eventStatus: 'https://schema.org/EventScheduled',
    image: [absolute(event.banner, origin)],
    url: pageUrl,
    organizer: { '@type': 'Organization', name: event.host || organizerName, url: origin },
    offers: {
      '@type': 'Offer',
      url: event.eventLink,
      price: event.fees,
      priceCurrency: 'BDT',
      availability: 'https://schema.org/InStock',
    },
  };
}
