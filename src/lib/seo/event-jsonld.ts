import { dhakaInstant, dhakaIsoWithOffset, eventEndInstant } from '../dhaka-time.ts';
import type { EventItem } from '../types.ts';

function absolute(url: string, origin: string): string {
  return new URL(url, origin).href;
}

/**
 * An event's schema.org times (+06:00: the local offset search engines show; an event past midnight
 * ends on the next day), attendance mode and place, from its registrationMethod.
 */
export function eventWhenAndWhere(event: EventItem) {
  const online = event.registrationMethod === 'Online';
  return {
    startDate: dhakaIsoWithOffset(dhakaInstant(event.eventDate, event.startTime)),
    endDate: dhakaIsoWithOffset(eventEndInstant(event)),
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
