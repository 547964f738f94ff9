import { eventDetailsText, eventInstants, icsUtc, type IcsEvent } from './ics.ts';

const GOOGLE_CALENDAR_RENDER = 'https://calendar.google.com/calendar/render';

/**
 * "Add to Google Calendar": Google's event template link, filled from the same rules as the .ics file
 * (UTC times from the Dhaka wall clock, the same details text), so both add the same event. UTC with a
 * trailing Z lets Google show the event in each visitor's own time zone without guessing ours.
 */
export function googleCalendarUrl(event: IcsEvent, pageUrl: string): string {
  const { start, end } = eventInstants(event);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${icsUtc(start)}/${icsUtc(end)}`,
    // The page's address closes the text, unless it is already there as where to register.
    details:
      event.registration?.mode === 'site'
        ? eventDetailsText(event, pageUrl)
        : `${eventDetailsText(event, pageUrl)}\n\n${pageUrl}`,
    location: event.location,
  });
  return `${GOOGLE_CALENDAR_RENDER}?${params}`;
}
