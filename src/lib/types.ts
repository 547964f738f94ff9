/**
 * The shapes the API returns, shared by the server and the islands. Each is the entity's payload
 * schema (src/lib/schemas), as parsed, plus what the server adds: `_id` and `id` (the same uuid),
 * the owner and timestamps. Dates are ISO `YYYY-MM-DD`, times `HH:MM` (24 h), in Asia/Dhaka.
 * Types only: the value lists live with their schemas.
 */
import type { z } from 'astro/zod';
import type { ErrorCode } from './api-errors.ts';
import type { chapterCreateSchema, chapterInfoSchema } from './schemas/chapter.schema.ts';
import type { eventSchema } from './schemas/event.schema.ts';
import type { RegistrationMode, RegistrationStatus } from './schemas/registration.schema.ts';
import type { EventChapter, EventListPaging } from './schemas/event-list.schema.ts';
import type {
  CommitteeCode,
  committeeMemberSchema,
  contactSchema,
  excomSchema,
  humanSchema,
} from './schemas/people.schema.ts';

export type { EventStatus, RegistrationMethod } from './schemas/event.schema.ts';
import type { DoorPassRevokedReason } from './check-in/door-pass-rules.ts';
export type { DoorPassRevokedReason };
export type { CommitteeCode } from './schemas/people.schema.ts';
export type { CertificateSettings, CheckInRequest } from './schemas/attendance.schema.ts';
export type {
  Registrant,
  RegistrationMode,
  RegistrationSettings,
  RegistrationStatus,
} from './schemas/registration.schema.ts';

interface Entity {
  _id: string;
  id: string;
}

/** ISO date-times, set by the server. */
interface Timestamps {
  createdAt: string;
  updatedAt: string;
}

export type EventItem = Entity &
  z.output<typeof eventSchema> &
  Timestamps & {
    /** The chapter that hosts it. */
    chapterSlug: string;
  };

/**
 * GET /api/v1/events with any of the query's parameters: the events, the chapters that have events
 * (for a filter), and the paging counts when a page was asked for.
 */
export interface EventListResponse extends Partial<EventListPaging> {
  success: true;
  events: EventItem[];
  chapters: EventChapter[];
}

/** A chapter's sign-in account; the password never leaves the server. */
export type ChapterAccount = Entity &
  Omit<z.output<typeof chapterCreateSchema>, 'password' | 'slug' | 'publicEmail'> & {
    slug: string;
    isAdmin: boolean;
    /** Shown on the public pages instead of the login e-mail; null: none set. */
    publicEmail: string | null;
  };

export type ChapterInfo = Entity &
  z.output<typeof chapterInfoSchema> & {
    slug: string;
    chapterId: Entity & Pick<ChapterAccount, 'name' | 'email'>;
  };

export type ExcomMember = Entity & z.output<typeof excomSchema> & { chapterSlug: string };

/** Team and order may be left out of a new member; the server fills both in. */
export type CommitteeMember = Entity &
  Omit<z.output<typeof committeeMemberSchema>, 'team' | 'order'> & {
    /** The heading this member is listed under on the roster page, e.g. "Coordinators". */
    team: string;
    /** Position on the page; members are returned sorted by it. */
    order: number;
  };

export type Human = Entity & z.output<typeof humanSchema>;

/** A contact-form message (the honeypot field is never stored). */
export type SupportMessage = Entity &
  Omit<z.output<typeof contactSchema>, 'website'> &
  Pick<Timestamps, 'createdAt'> & {
    handled: boolean;
    /** When it was marked handled (ISO time); null while unhandled. */
    handledAt: string | null;
  };

/** A page of the contact list (GET /contact with paging parameters). */
export interface SupportMessagePage {
  contacts: SupportMessage[];
  page: number;
  pageSize: number;
  /** Messages matching the search and filter, over every page. */
  total: number;
  /** Unhandled messages overall, whatever the filter: the sidebar's count. */
  unhandled: number;
}

/** A roster page that has members in the database, for the dashboard's filters. */
export interface RosterCount {
  committee: CommitteeCode;
  year: number;
  count: number;
}

/** What deleting a chapter account deletes with it (GET /users/:slug/contents), besides its page /chapter/{slug}. */
export interface ChapterContents {
  events: number;
  excom: number;
  /** Whether it wrote its landing info (logo, about us, links). */
  landingInfo: boolean;
}

export interface UserInfo {
  email: string;
  name: string;
  isAdmin: boolean;
  slug: string;
}

/**
 * GET /events/:id/registration: an event's registration as everyone may see it (no personal data).
 * `capacity` and `seatsLeft` are null when seats are unlimited; `open` says whether a registration
 * sent now is taken (mode `site`, inside the window, the event not over); a full event still takes
 * registrations, on its waitlist.
 */
export interface RegistrationSummary {
  mode: RegistrationMode;
  capacity: number | null;
  confirmed: number;
  waitlisted: number;
  seatsLeft: number | null;
  open: boolean;
  /** ISO instants, or null: no opening (closing) time of its own. */
  opensAt: string | null;
  closesAt: string | null;
  questions: string[];
  /**
   * Whether the site sends e-mail (SMTP_URL set): a repeated address is then offered "Send my ticket
   * again"; without it, the form says to ask the organiser.
   */
  sendsEmail: boolean;
  /**
   * "Confirm by e-mail" is on (and the site sends e-mail): a new seat is held for `holdMinutes`
   * minutes until the link in its e-mail is opened, then given to the next person.
   */
  confirmByEmail: boolean;
  holdMinutes: number;
}

/**
 * A ticket's e-mail confirmation, on an event that asks for one: `pending` until the link in its
 * e-mail is used (`holdUntil`: while it holds a seat, the instant the seat is released), `confirmed`
 * after, `released` once its seat went to the next person because it was not confirmed in time.
 */
export type TicketConfirmation =
  | {
      state: 'pending';
      holdUntil: string | null;
      /**
       * Waitlisted while the event has a seat free: too many seats are held unconfirmed from the
       * registrant's network, so theirs holds nothing until they confirm, and is then theirs at once.
       */
      seatFree?: true;
    }
  | { state: 'confirmed' }
  | { state: 'released'; releasedAt: string };

/** POST /events/:id/registrations (201). `position` only when waitlisted (1: next in line). */
export interface RegistrationResult {
  success: true;
  status: 'confirmed' | 'waitlisted';
  position?: number;
  ticket: string;
  /** The ticket's page on this site: `${origin}/tickets/${ticket}`. */
  ticketUrl: string;
  /** Whether the site sends e-mail (SMTP_URL set): the ticket link is then on its way to the address given too. */
  emailed: boolean;
  /** On an event that confirms by e-mail: what the registrant must do, and by when. */
  confirmation?: TicketConfirmation;
}

/** GET /tickets/:ticket: what the ticket's holder sees. */
export interface TicketView {
  success: true;
  status: RegistrationStatus;
  /** While waitlisted: 1 is next in line. */
  position?: number;
  fullName: string;
  event: EventItem;
  /** ISO instant, once checked in at the door. */
  checkedInAt?: string;
  ticket: string;
  ticketUrl: string;
  /** Once a certificate of attendance is issued (and while it is not withdrawn). */
  certificate?: TicketCertificate;
  /** On an event that confirms by e-mail (POST /tickets/:ticket/confirm confirms it). */
  confirmation?: TicketConfirmation;
}

/** A ticket's certificate of attendance: its id and its public verify page, `${siteOrigin}/verify/${id}`. */
export interface TicketCertificate {
  id: string;
  verifyUrl: string;
}

/** POST /events/:id/check-ins: `checked-in` the first check-in of the registration, `already` every later one (checkedInAt: the first's). */
export interface CheckInAnswer {
  success: true;
  result: 'checked-in' | 'already';
  /** The registration checked in (the door list's `registrationId`). */
  registrationId: string;
  fullName: string;
  /** ISO instant of the ticket's first check-in. */
  checkedInAt: string;
}

/**
 * One person on the door list: a registration not cancelled (no e-mail, no phone, no ticket: only what
 * the door needs). A scan is matched by its ticket's hash (lib/check-in/ticket-hash.ts); a name picked
 * from the list is checked in by `registrationId`.
 */
export interface DoorAttendee {
  registrationId: string;
  /** SHA-256 of the event's id and the ticket, base64url: the ticket itself stays with its holder. */
  ticketHash: string;
  fullName: string;
  status: Exclude<RegistrationStatus, 'cancelled'>;
  institution: string | null;
  /** ISO instant of the first check-in, null until then. */
  checkedInAt: string | null;
  /** Added at the door (a walk-in), not registered before. */
  walkIn: boolean;
}

/** GET /events/:id/door (staff): what the check-in page keeps on the phone to answer scans offline. */
export interface DoorList {
  success: true;
  event: Pick<EventItem, 'id' | 'title' | 'eventDate' | 'startTime' | 'endTime' | 'location'> & {
    /**
     * The event's seats (null: no limit), so a device offline can tell that its list shows the event
     * full before it saves a walk-in. Absent in a list kept by an older page.
     */
    capacity?: number | null;
  };
  attendees: DoorAttendee[];
}

/**
 * GET /events/:id/attendance (staff): `registered` counts confirmed registrations, `attended` those of
 * them checked in, `noShows` the rest once the event has ended (null until then); `members` (an IEEE member number given) and `guests` count those
 * who attended. The charts: sign-ups per Dhaka day before the event, arrivals per quarter hour.
 */
export interface AttendanceReport {
  registered: number;
  attended: number;
  noShows: number | null;
  members: number;
  guests: number;
  /** Those who attended who were added at the door (walk-ins). */
  walkIns: number;
  /** Registrations (any status) per day in Dhaka time, oldest first, days without one included. */
  signupsPerDay: { date: string; count: number }[];
  /** First check-ins per quarter hour (ISO start), first to last arrival, quarters without one included. */
  arrivalsPerQuarterHour: { start: string; count: number }[];
}

/** POST /events/:id/walk-ins: the person added at the door, registered and checked in at once. */
export interface WalkInAnswer {
  success: true;
  /** `already`: the e-mail given is a registration of the event that was checked in before. */
  result: 'checked-in' | 'already';
  registrationId: string;
  /** The name as registered: the one typed for a new walk-in, the registration's own for an e-mail already registered. */
  fullName: string;
  /** ISO instant of the (first) check-in: the scan time when the phone sent one. */
  checkedInAt: string;
  /** True: added at the door (201). False: the e-mail given was already registered, and that registration was checked in (200). */
  walkIn: boolean;
  /**
   * A new walk-in only: registrations of the event (confirmed or waitlisted) under the same name, case
   * and spacing aside. Names are not unique, so they are added all the same; the door says so, in case
   * it is the same person registered (who is then on the list twice).
   */
  alsoRegistered?: SameNameRegistration[];
}

/** A registration of the event under a walk-in's name (WalkInAnswer's `alsoRegistered`). */
export interface SameNameRegistration {
  registrationId: string;
  fullName: string;
  status: 'confirmed' | 'waitlisted';
  checkedIn: boolean;
}

/** One walk-in as staff see it on the attendance page (GET /events/:id/walk-ins). */
export interface WalkInItem {
  registrationId: string;
  fullName: string;
  institution: string | null;
  /** ISO instant they were checked in (added). */
  checkedInAt: string | null;
  /** Who added them: "Rafi (door pass by Alpha Chapter)", or the staff account's name. */
  addedBy: string;
}

/** GET /events/:id/door/count: people checked in, and confirmed registrations (walk-ins included), for the whole event. */
export interface DoorCount {
  success: true;
  checkedIn: number;
  expected: number;
}

/** POST /events/:id/door-passes: the new pass. `url` holds its secret and is shown this once. */
export interface DoorPassCreated {
  success: true;
  id: string;
  name: string;
  /** ISO instant. */
  validUntil: string;
  /** How many walk-ins it may add. */
  walkInLimit: number;
  /** `{site}/door/{secret}`: opening it signs a phone in as the pass. */
  url: string;
  /** The QR code of `url`, inline SVG labelled for screen readers. */
  qrSvg: string;
}

/** One pass as staff see it (GET /events/:id/door-passes): never its secret. */
export interface DoorPassItem {
  id: string;
  name: string;
  createdBy: { name: string; email: string };
  createdAt: string;
  validUntil: string;
  revokedAt: string | null;
  /** Why it was revoked: by staff, or with its maker's sessions (sign out everywhere, a new password). */
  revokedReason: DoorPassRevokedReason | null;
  /** The last time it was used (its link opened, or a request it may make): "last seen". */
  lastUsedAt: string | null;
  /** People it checked in (walk-ins included), each once: a repeated scan is no one new. */
  checkIns: number;
  /** Every scan it sent that was recorded, repeats included. */
  scans: number;
  /** Check-ins it scanned before its end and sent in the two hours after. */
  lateCheckIns: number;
  /** Walk-ins it added (still registered), and how many it may add. */
  walkIns: number;
  walkInLimit: number;
}

/** GET /door-passes/current: the pass this phone is signed in as. */
export interface CurrentDoorPass {
  id: string;
  name: string;
  eventId: string;
  eventTitle: string;
  validUntil: string;
}

/** The `doorPassInfo` cookie (readable, URL-encoded JSON): a display hint for the page, never trusted by the server. */
export interface DoorPassInfo {
  passId: string;
  name: string;
  eventId: string;
  validUntil: string;
}

/** A certificate of attendance as staff see it (GET /events/:id/certificates). */
export interface CertificateItem {
  id: string;
  fullName: string;
  /** Null once retention deleted the registration. */
  registrationId: string | null;
  issuedAt: string;
  withdrawnAt: string | null;
  withdrawnReason: string | null;
  verifyUrl: string;
}

/** What the public /verify/{id} page shows (findCertificate in certificates.service.ts). */
export interface CertificateRecord {
  id: string;
  fullName: string;
  event: {
    id: string;
    title: string;
    eventDate: string;
    startTime: string;
    endTime: string;
    location: string;
    chapterName: string;
    /** The page's cache tags name the event and its chapter too: their edits change what it shows. */
    chapterSlug: string;
  };
  signatoryName: string | null;
  signatoryTitle: string | null;
  /** ISO instants. */
  issuedAt: string;
  withdrawnAt: string | null;
  withdrawnReason: string | null;
}

/** One registration as the event's staff see it. */
export interface StaffRegistration {
  _id: string;
  id: string;
  /** Arrival order within the site (the waitlist is served in it). */
  seq: number;
  status: RegistrationStatus;
  /** While waitlisted: 1 is next in line; otherwise null. */
  position: number | null;
  fullName: string;
  /** '' for a walk-in who gave none. */
  email: string;
  phone: string | null;
  institution: string | null;
  ieeeMemberId: string | null;
  /** Added at the door (a walk-in): registered and checked in at once, never sent mail. */
  walkIn: boolean;
  /** One per question of the event, in its order. */
  answers: string[];
  checkedInAt: string | null;
  cancelledAt: string | null;
  promotedAt: string | null;
  /** "Confirm by e-mail": null where not asked; `holdUntil` while a seat waits for it; `holdReleasedAt` once released for want of it. */
  emailConfirmation: 'pending' | 'confirmed' | null;
  holdUntil: string | null;
  holdReleasedAt: string | null;
  /** The anonymous label of the network it came from (src/lib/registration/networks.ts); null when none was recorded. */
  network: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One network's registrations at an event (GET /events/:id/registrations/networks), for staff to see bursts. */
export interface NetworkGroup {
  /** Its label; null: registrations with no network recorded (walk-ins, and those from before). */
  network: string | null;
  total: number;
  confirmed: number;
  /** Seats held for e-mails not confirmed yet (among `confirmed`). */
  held: number;
  waitlisted: number;
  cancelled: number;
  /** Not cancelled and at the event (checked in, walk-ins among them): a selection never cancels them. */
  atTheEvent: number;
  /** The first and the last registration's time (ISO). */
  firstAt: string;
  lastAt: string;
  /**
   * Those a selection can cancel (not cancelled, not at the event), in arrival order (at most as many
   * as one cancellation takes): what selecting the group selects.
   */
  active: { id: string; fullName: string }[];
}

/** GET /events/:id/registrations/networks (staff). */
export interface NetworkGroupList {
  success: true;
  groups: NetworkGroup[];
}

/** POST /events/:id/registrations/cancel (staff): what a cancellation of a selection did. */
export interface SelectionCancelled {
  success: true;
  message: string;
  /** Registrations cancelled now (those already cancelled are left as they were). */
  cancelled: number;
  alreadyCancelled: number;
  /**
   * Selected registrations left as they are because their person is at the event: checked in, or
   * added at the door (walk-ins). They keep their seat and are mailed nothing.
   */
  atTheEvent: number;
  /** Waitlisted people given the seats freed. */
  promoted: number;
}

/** Over the event's registrations, whatever the list's filter. Members: an IEEE member number given; guests: none. */
export interface RegistrationCounts {
  confirmed: number;
  waitlisted: number;
  cancelled: number;
  checkedIn: number;
  members: number;
  guests: number;
}

/** GET /events/:id/registrations (staff): in arrival order, filtered by `q` and `status`. */
export interface RegistrationList {
  success: true;
  event: { id: string; title: string; capacity: number | null; questions: string[]; mode: RegistrationMode };
  /** Over every registration of the event. */
  counts: RegistrationCounts;
  /** Those the search and status select: one page of them when a page was asked for (`page`, `pageSize`). */
  registrations: StaffRegistration[];
  /** How many the search and status select in all. */
  total: number;
  page?: number;
  pageSize?: number;
  totalPages?: number;
}

/** GET /registrations/overview (staff): one row per event in scope that has not ended and takes registrations here. */
export interface RegistrationOverviewItem {
  eventId: string;
  title: string;
  eventDate: string;
  /** Only `site` events take registrations here; the others show no seats. */
  mode: RegistrationMode;
  capacity: number | null;
  confirmed: number;
  waitlisted: number;
}

/** A problem with one field of a payload: `path` is the field's name (dotted for nested ones). */
export interface FieldError {
  path: string;
  message: string;
}

/** Every error body: `{ success: false, code, message, errors? }` (the codes: api-errors.ts). */
export interface ApiError {
  success: false;
  /** The stable machine word a program decides by; `message` is for people. */
  code: ErrorCode;
  message: string;
  errors?: FieldError[];
}
