/**
 * The API's error codes: every error answer is `{ success: false, code, message, errors? }`, and `code`
 * is the stable machine word a program (the site's own pages among them) decides by. The message is
 * for people and may be reworded; the code is not. Each code answers with one status, listed here and
 * in docs/api-errors.md (a unit test keeps the two alike).
 *
 * The messages both the server and the browser say live here too, so the two cannot drift apart.
 */

export interface ErrorCodeInfo {
  /** The HTTP status every answer with this code has. */
  status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 502 | 503 | '4xx';
  /** What it means, for the reference (docs/api-errors.md). */
  meaning: string;
}

export const ERROR_CODES = {
  // 400
  validation_failed: { status: 400, meaning: 'The input breaks a rule; `errors` names the fields.' },
  malformed_body: { status: 400, meaning: 'The body could not be read (malformed JSON, form or multipart).' },
  invalid_cursor: { status: 400, meaning: 'The paging cursor is not the `endCursor` of a previous page.' },
  // 401
  unauthenticated: { status: 401, meaning: 'No session, or it has ended: sign in.' },
  invalid_credentials: { status: 401, meaning: 'The e-mail or password is wrong.' },
  pass_revoked: { status: 401, meaning: 'The door pass was revoked: it can do nothing any more.' },
  pass_expired: { status: 401, meaning: 'The door pass has expired.' },
  // 403
  forbidden: { status: 403, meaning: 'The account may not do this (role, or not the owner).' },
  cross_site: { status: 403, meaning: 'A change sent from another site (its Origin) is refused.' },
  pass_other_event: { status: 403, meaning: 'The door pass is for another event.' },
  pass_ended: {
    status: 403,
    meaning: 'A scan the door pass can no longer record (made or sent after the pass ended, or a walk-in after it).',
  },
  confirmation_code_wrong: { status: 403, meaning: 'The e-mail confirmation code is not this ticket’s.' },
  // 404
  not_found: { status: 404, meaning: 'No such record.' },
  route_not_found: { status: 404, meaning: 'No API route for this method and path.' },
  event_not_found: { status: 404, meaning: 'No such event (or not one the caller may see).' },
  registration_not_found: { status: 404, meaning: 'No such registration (an unknown ticket or id at the door).' },
  ticket_not_found: { status: 404, meaning: 'No registration holds this ticket.' },
  walk_in_not_found: { status: 404, meaning: 'No such walk-in at this event.' },
  chapter_not_found: { status: 404, meaning: 'No such chapter.' },
  chapter_info_not_found: { status: 404, meaning: 'No chapter information with this id.' },
  member_not_found: { status: 404, meaning: 'No such committee or ExCom member.' },
  human_not_found: { status: 404, meaning: 'No such person on the humans page.' },
  message_not_found: { status: 404, meaning: 'No such contact message.' },
  certificate_not_found: { status: 404, meaning: 'No such certificate.' },
  backup_not_found: { status: 404, meaning: 'No such backup.' },
  door_pass_not_found: { status: 404, meaning: 'No such door pass (or not one the caller may see).' },
  image_not_found: { status: 404, meaning: 'No such uploaded image.' },
  blog_not_found: { status: 404, meaning: 'The blog publication was not found.' },
  blog_post_not_found: { status: 404, meaning: 'No such blog post.' },
  // 409
  conflict: { status: 409, meaning: 'The change clashes with what is stored.' },
  already_exists: { status: 409, meaning: 'A record with this unique value already exists.' },
  email_taken: { status: 409, meaning: 'An account with this e-mail address already exists.' },
  slug_taken: { status: 409, meaning: 'The slug is already in use.' },
  landing_page_exists: { status: 409, meaning: 'The chapter already has a landing page.' },
  already_registered: { status: 409, meaning: 'This e-mail address is already registered for the event.' },
  registration_not_on_site: { status: 409, meaning: 'The event does not take registrations on this site.' },
  registration_not_open: { status: 409, meaning: 'Registration has not opened yet.' },
  registration_closed: { status: 409, meaning: 'Registration has closed (or the event has ended).' },
  not_registered: { status: 409, meaning: 'The registration is another event’s.' },
  waitlisted: { status: 409, meaning: 'The registration is on the waitlist: no seat to check in.' },
  cancelled: { status: 409, meaning: 'The registration was cancelled.' },
  check_in_too_early: {
    status: 409,
    meaning: 'Check-in opens on the event’s day; send `early: true` to check in anyway (`errors` names `early`).',
  },
  check_in_id_taken: { status: 409, meaning: 'The check-in id was already used at another event.' },
  event_full: {
    status: 409,
    meaning:
      'Every seat is taken (a walk-in’s answer carries `capacity` and `registered`; staff may add one anyway with `exceedCapacity`).',
  },
  event_full_for_pass: { status: 409, meaning: 'The event is full: only its staff can seat more people.' },
  walk_in_not_today: { status: 409, meaning: 'A door pass adds walk-ins on the event’s day only.' },
  walk_in_limit_reached: { status: 409, meaning: 'The door pass has added all the walk-ins it may (`walkInLimit`).' },
  not_a_walk_in: { status: 409, meaning: 'Only someone added at the door can be removed as a walk-in.' },
  cancel_after_check_in: { status: 409, meaning: 'Checked in: the holder can no longer cancel.' },
  cancel_after_start: { status: 409, meaning: 'The event has started: the holder can no longer cancel.' },
  capacity_below_confirmed: { status: 409, meaning: 'The capacity asked for is below the seats already confirmed.' },
  confirm_needs_mail: { status: 409, meaning: 'Confirm by e-mail needs the site to send e-mail.' },
  nothing_to_confirm: { status: 409, meaning: 'The registration has no e-mail address waiting to be confirmed.' },
  seat_released: { status: 409, meaning: 'The seat was released: the e-mail was not confirmed in time.' },
  mail_disabled: { status: 409, meaning: 'The site sends no e-mail: ask the organiser.' },
  certificates_not_yet: { status: 409, meaning: 'Certificates are issued once the event has ended.' },
  // 413, 415
  payload_too_large: { status: 413, meaning: 'The body (or the image) is too large.' },
  unsupported_media_type: { status: 415, meaning: 'The body or the image is of a type not taken.' },
  // 429
  rate_limited: { status: 429, meaning: 'Too many attempts: try again after `Retry-After` seconds.' },
  /** Hono's own refusals of other statuses (a 405), which the status tells apart. */
  request_refused: { status: '4xx', meaning: 'Another refusal of the request; its status says which.' },
  // 5xx
  server_error: { status: 500, meaning: 'An unexpected failure on the server.' },
  blog_unavailable: { status: 502, meaning: 'The blog source (Hashnode) failed or could not be reached.' },
  service_unavailable: {
    status: 503,
    meaning: 'The database cannot be reached: try again after `Retry-After` seconds.',
  },
  registration_busy: {
    status: 503,
    meaning: 'Too many registrations at once on this server: try again after `Retry-After` seconds.',
  },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes that answer with status `S` (so a 404 helper cannot be handed a 409's code). */
export type ErrorCodeOf<S extends ErrorCodeInfo['status']> = {
  [C in ErrorCode]: (typeof ERROR_CODES)[C]['status'] extends S ? C : never;
}[ErrorCode];

/** Whether a value (read from an answer) is one of the codes. */
export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);

/** The generic code of a status, for an error nothing more specific was said of. */
export function genericCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'validation_failed';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    case 502:
      return 'blog_unavailable';
    case 503:
      return 'service_unavailable';
    default:
      return status >= 500 ? 'server_error' : 'request_refused';
  }
}

// Messages the server answers with and the browser says too (or decides nothing by, but shows).

export const EVENT_NOT_FOUND = 'Event not found';
export const TICKET_NOT_FOUND = 'Ticket not found';
export const REGISTRATION_NOT_FOUND = 'Registration not found';
export const CHAPTER_NOT_FOUND = 'Chapter not found';
export const MEMBER_NOT_FOUND = 'Member not found';
export const CERTIFICATE_NOT_FOUND = 'Certificate not found';
export const BLOG_NOT_FOUND = 'The blog publication was not found';
export const ALREADY_REGISTERED = 'This e-mail address is already registered for this event.';
/** A check-in of another event's registration (409), or of one nobody holds (404). */
export const NOT_REGISTERED = 'Not registered for this event';
export const ON_WAITLIST = 'On the waitlist';
export const CANCELLED = 'This registration was cancelled';
export const PASS_REVOKED = 'This door pass was revoked';
export const PASS_EXPIRED = 'This door pass has expired';

/** The codes of a door pass that has ended (a 401): the phone ends the pass on either. */
export const PASS_ENDED_CODES = ['pass_revoked', 'pass_expired'] as const satisfies readonly ErrorCode[];
export type PassEndedCode = (typeof PASS_ENDED_CODES)[number];
export const isPassEndedCode = (code: string | undefined): code is PassEndedCode =>
  (PASS_ENDED_CODES as readonly (string | undefined)[]).includes(code);
