/** Addresses of registration's pages, for the pages themselves and the dashboard. */

/** The public event page. */
export const eventPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}`;

/** The dashboard's attendee list of one event (rewritten to its one static page, like the edit pages). */
export const registrationsPath = (eventId: string) => `/dashboard/events/registrations/${encodeURIComponent(eventId)}`;

/** The staff CSV export of one event's registrations. */
export const registrationsCsvPath = (eventId: string) =>
  `/api/v1/events/${encodeURIComponent(eventId)}/registrations.csv`;
