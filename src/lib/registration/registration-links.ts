/** Addresses of registration's pages, for the pages themselves and the dashboard. */

/** The public event page. */
export const eventPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}`;

/**
 * An event's dashboard pages share one pattern, /dashboard/events/{id}/{page}, each rewritten to its one
 * static page (public/_redirects, which also moves the earlier /dashboard/events/{page}/{id} here).
 */
const eventPagePath = (eventId: string, page: 'registrations' | 'attendance' | 'check-in') =>
  `/dashboard/events/${encodeURIComponent(eventId)}/${page}`;

/** The dashboard's attendee list of one event. */
export const registrationsPath = (eventId: string) => eventPagePath(eventId, 'registrations');

/** The staff CSV export of one event's registrations. */
export const registrationsCsvPath = (eventId: string) =>
  `/api/v1/events/${encodeURIComponent(eventId)}/registrations.csv`;

/** The dashboard's attendance report of one event. */
export const attendancePath = (eventId: string) => eventPagePath(eventId, 'attendance');

/** The dashboard's check-in page of one event, for phones at the door. */
export const checkInPath = (eventId: string) => eventPagePath(eventId, 'check-in');

/** The staff CSV export of one event's attendance: one row per confirmed registration. */
export const attendanceCsvPath = (eventId: string) => `/api/v1/events/${encodeURIComponent(eventId)}/attendance.csv`;

/** A certificate's public page, which its QR code names. */
export const verifyPath = (certificateId: string) => `/verify/${encodeURIComponent(certificateId)}`;

/** A ticket's own page. */
export const ticketPath = (ticket: string) => `/tickets/${encodeURIComponent(ticket)}`;

/** The confirmation parameter of a ticket's confirm page: the code its e-mail carries. */
export const CONFIRM_CODE_PARAMETER = 'code';

/**
 * The page an e-mail's confirmation link opens: it shows a button that posts the code (opening it
 * confirms nothing, as a mail scanner opens links). Without a code, the form's own address.
 */
export const confirmPath = (ticket: string, code?: string) =>
  `${ticketPath(ticket)}/confirm${code === undefined ? '' : `?${CONFIRM_CODE_PARAMETER}=${encodeURIComponent(code)}`}`;

/** "Send the e-mail again" on a ticket's page: where its form posts. */
export const sendAgainPath = (ticket: string) => `${ticketPath(ticket)}/send-again`;

/** A ticket's printable certificate of attendance. */
export const certificatePath = (ticket: string) => `/tickets/${encodeURIComponent(ticket)}/certificate`;
