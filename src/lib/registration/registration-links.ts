/**
 * The addresses of the site's pages that carry a record's key (an event, a ticket, a certificate, a door
 * pass) and of the dashboard's pages: one builder each, the key encoded here and nowhere else, for the
 * pages themselves, the dashboard, the API's answers, the e-mails and the feeds. An absolute address is
 * one of these paths on the site's origin, which the one rule of lib/seo/site-address.ts chooses.
 */

/** A path of this site on its origin ("https://ieeecsbdc.org" + "/events/…"). */
export const onSite = (origin: string, path: string) => `${origin}${path}`;

/** The public event page. */
export const eventPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}`;
/** The event page's absolute address (feeds, e-mails). */
export const eventUrl = (origin: string, eventId: string) => onSite(origin, eventPath(eventId));

/** A chapter's landing page; every chapter account has one (blank until its landing info is written). */
export const chapterPath = (slug: string) => `/chapter/${encodeURIComponent(slug)}`;

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
/** Its absolute address (the API's answers, e-mails, the printed certificate). */
export const verifyUrl = (origin: string, certificateId: string) => onSite(origin, verifyPath(certificateId));

/** A ticket's own page. */
export const ticketPath = (ticket: string) => `/tickets/${encodeURIComponent(ticket)}`;
/** Its absolute address (the API's answer to registering, e-mails, the ticket's QR code). */
export const ticketUrl = (origin: string, ticket: string) => onSite(origin, ticketPath(ticket));

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
export const certificatePath = (ticket: string) => `${ticketPath(ticket)}/certificate`;

/** A door pass's link: opening it on a phone signs the phone in to the event's check-in. */
export const doorPassPath = (secret: string) => `/door/${encodeURIComponent(secret)}`;
/** Its absolute address, the one staff hand to a volunteer. */
export const doorPassUrl = (origin: string, secret: string) => onSite(origin, doorPassPath(secret));

/**
 * The dashboard's page that edits a record of each kind, /dashboard/{kind}/edit-{one}/{key} (the key: an
 * id, a chapter's slug), each rewritten to its one static page (public/_redirects).
 */
export const EDIT_PAGES = {
  event: '/dashboard/events/edit-event',
  excom: '/dashboard/excom/edit-excom',
  chapter: '/dashboard/chapters/edit-chapter',
  member: '/dashboard/members/edit-member',
  human: '/dashboard/humans/edit-human',
} as const;
export const editPath = (kind: keyof typeof EDIT_PAGES, key: string) =>
  `${EDIT_PAGES[kind]}/${encodeURIComponent(key)}`;
