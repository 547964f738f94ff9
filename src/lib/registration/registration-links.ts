/** Addresses of registration's pages, for the pages themselves and the dashboard. */

/** The public event page. */
export const eventPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}`;

/** The dashboard's attendee list of one event (rewritten to its one static page, like the edit pages). */
export const registrationsPath = (eventId: string) => `/dashboard/events/registrations/${encodeURIComponent(eventId)}`;

/** The staff CSV export of one event's registrations. */
export const registrationsCsvPath = (eventId: string) =>
  `/api/v1/events/${encodeURIComponent(eventId)}/registrations.csv`;

/** The dashboard's attendance report of one event (issue 28; one static page, like the attendee list). */
export const attendancePath = (eventId: string) => `/dashboard/events/attendance/${encodeURIComponent(eventId)}`;

/** The dashboard's check-in page of one event, for phones at the door (issue 28; one static page). */
export const checkInPath = (eventId: string) => `/dashboard/events/${encodeURIComponent(eventId)}/check-in`;

/** The staff CSV export of one event's attendance: one row per confirmed registration. */
export const attendanceCsvPath = (eventId: string) => `/api/v1/events/${encodeURIComponent(eventId)}/attendance.csv`;

/** A certificate's public page, which its QR code names. */
export const verifyPath = (certificateId: string) => `/verify/${encodeURIComponent(certificateId)}`;

/** A ticket's printable certificate of attendance. */
export const certificatePath = (ticket: string) => `/tickets/${encodeURIComponent(ticket)}/certificate`;
