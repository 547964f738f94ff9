import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AuditAction, AuditFieldChange } from '../../lib/audit-vocabulary.ts';
import type {
  CommitteeCode,
  DoorPassRevokedReason,
  EventStatus,
  RegistrationMethod,
  RegistrationMode,
  RegistrationStatus,
} from '../../lib/types.ts';

/** Columns are snake_case in Postgres; Kysely's CamelCasePlugin maps them to these names. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric comes back as a string from every driver; write numbers. */
type Numeric = ColumnType<string, number, number>;

/** Chapter accounts: the people who sign in. Admins manage everything. */
export interface ChapterTable {
  id: Generated<string>;
  name: string;
  email: string;
  passwordHash: string;
  phone: string;
  slug: string;
  isAdmin: Generated<boolean>;
  passwordChangedAt: Timestamp;
  /** The address the public pages show; null: they show `email` (the login). */
  publicEmail: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Sessions count only while their version is this one: a password change or "Sign out everywhere"
   * bumps it, ending every session of the account.
   */
  sessionVersion: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ChapterInfoTable {
  id: Generated<string>;
  chapterId: string;
  logo: string;
  shortDescription: string;
  websiteUrl: string;
  facebookUrl: string;
  linkedinUrl: string;
  aboutUs: string;
  videoUrl: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface EventTable {
  id: Generated<string>;
  chapterId: string;
  title: string;
  eventDate: string;
  startTime: string;
  endTime: string;
  location: string;
  host: string;
  registrationMethod: RegistrationMethod;
  fees: Numeric;
  banner: string;
  eventLink: string;
  description: string;
  /** Drafts show only to their chapter and admins; rows from before drafts existed are published. */
  status: Generated<EventStatus>;
  /** How visitors register: `link` (the default: eventLink, as before), `site` or `none`. */
  registrationMode: Generated<RegistrationMode>;
  /** Seats; null: unlimited. */
  registrationCapacity: ColumnType<number | null, number | null | undefined, number | null>;
  registrationOpensAt: NullableTimestamp;
  registrationClosesAt: NullableTimestamp;
  /** jsonb: written as JSON text. */
  registrationQuestions: ColumnType<string[], string | undefined, string>;
  /** Whether a new registration holds its seat only until its e-mail is confirmed, and for how many minutes. */
  registrationConfirmByEmail: Generated<boolean>;
  registrationHoldMinutes: Generated<number>;
  /** Who signs its certificates of attendance (both null: none named). */
  certificateSignatoryName: ColumnType<string | null, string | null | undefined, string | null>;
  certificateSignatoryTitle: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whether certificates are issued by themselves once the event has ended. */
  certificatesAuto: Generated<boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** One person's registration for an event; personal data, deleted some time after the event. */
export interface RegistrationTable {
  id: Generated<string>;
  /** Arrival order: the order registrations took the event's lock. bigint: comes back as a string. */
  seq: ColumnType<string, never, never>;
  eventId: string;
  ticket: string;
  fullName: string;
  email: string;
  phone: string | null;
  institution: string | null;
  ieeeMemberId: string | null;
  /** jsonb: written as JSON text. */
  answers: ColumnType<string[], string | undefined, string>;
  status: RegistrationStatus;
  checkedInAt: NullableTimestamp;
  cancelledAt: NullableTimestamp;
  promotedAt: NullableTimestamp;
  /** Null: not asked to confirm its e-mail; 'pending' until the link is used; then 'confirmed'. */
  emailConfirmation: ColumnType<
    EmailConfirmation | null,
    EmailConfirmation | null | undefined,
    EmailConfirmation | null
  >;
  /** A seat held for an e-mail not yet confirmed: released at this instant unless confirmed. */
  holdUntil: NullableTimestamp;
  /** When the seat was released because the e-mail was not confirmed in time. */
  holdReleasedAt: NullableTimestamp;
  /** Added at the door: registered and checked in at once, never sent mail; `email` may be '' (none given). */
  walkIn: Generated<boolean>;
  /**
   * The address's canonical form (src/lib/mailbox.ts), unique per event: one mailbox, one registration.
   * Written by the repository from `email`; null only for a registration made before the rule that names
   * the same mailbox as another one of its event (kept as it was, see the migration).
   */
  mailbox: ColumnType<string | null, string | null | undefined, string | null>;
  /** The anonymous label of the network it came from (http/network-label.ts); null for walk-ins and older rows. */
  network: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type EmailConfirmation = 'pending' | 'confirmed';

/**
 * `ticket-again`: "Send my ticket again", asked for on the event's page; `cancelled`: staff cancelled a
 * selection; `certificate`: a certificate of attendance was issued (`certificate-withdrawn`: it was
 * withdrawn); `hold-released`: a seat held for an unconfirmed e-mail was released. The last three have
 * one cause each, so a registration has at most one of each (a unique index).
 */
export const EMAIL_KINDS = [
  'registered',
  'waitlisted',
  'promoted',
  'ticket-again',
  'cancelled',
  'certificate',
  'certificate-withdrawn',
  'hold-released',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** Mail waiting to be sent; its text is composed when it is sent, from the registration as it is then. */
export interface EmailOutboxTable {
  id: Generated<string>;
  kind: EmailKind;
  registrationId: string;
  attempts: Generated<number>;
  nextAttemptAt: Timestamp;
  leaseUntil: NullableTimestamp;
  sentAt: NullableTimestamp;
  lastError: string | null;
  createdAt: Timestamp;
}

/**
 * A code that confirms a registration's e-mail address: one per message that asked to confirm, only its
 * SHA-256 kept (src/server/auth/confirmation-code.ts). Deleted with its registration.
 */
export interface EmailConfirmationCodeTable {
  id: Generated<string>;
  registrationId: string;
  codeHash: string;
  createdAt: Timestamp;
}

/**
 * One message sent (or being sent) to an address, for its hourly and daily cap: a hash of the address
 * in lower case, never the address; rows older than the longest window are deleted.
 */
export interface EmailSendTable {
  id: Generated<string>;
  addressHash: string;
  sentAt: Timestamp;
}

export const CHECK_IN_RESULTS = ['checked-in', 'already'] as const;
export type CheckInResult = (typeof CHECK_IN_RESULTS)[number];

/** One scan at the door, named by the scanning phone's id for it: a retry is the same row. */
export interface CheckInTable {
  id: string;
  eventId: string;
  /** Null once retention deleted the registration. */
  registrationId: string | null;
  result: CheckInResult;
  at: Timestamp;
  /** The staff account that scanned (with a door pass: the account that created the pass). */
  byAccount: string | null;
  /** The door pass that scanned, when a volunteer's phone did. */
  doorPassId: ColumnType<string | null, string | null | undefined, string | null>;
  /** Scanned with a pass before its end, and sent after it (within the two hours it still takes them). */
  sentLate: ColumnType<boolean, boolean | undefined, boolean>;
}

/**
 * A door pass: one event's door, run from a volunteer's phone without a chapter account. Only the
 * SHA-256 of its secret is stored; its creator's name and e-mail are kept as they were.
 */
export interface DoorPassTable {
  id: Generated<string>;
  eventId: string;
  name: string;
  secretHash: string;
  validUntil: Timestamp;
  createdBy: string | null;
  createdByName: string;
  createdByEmail: string;
  createdAt: Timestamp;
  revokedAt: NullableTimestamp;
  revokedBy: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why it was revoked: by staff, or with its maker's sessions (sign out everywhere, a new password). */
  revokedReason: ColumnType<
    DoorPassRevokedReason | null,
    DoorPassRevokedReason | null | undefined,
    DoorPassRevokedReason | null
  >;
  lastUsedAt: NullableTimestamp;
  /** How many walk-ins the pass may add (staff choose it when they make the pass). */
  walkInLimit: ColumnType<number, number | undefined, number>;
}

/** A certificate of attendance; its id (base64url of 16 random bytes) is in its /verify address. */
export interface CertificateTable {
  id: string;
  eventId: string;
  /** Null once retention deleted the registration: the certificate keeps its own copy of the name. */
  registrationId: string | null;
  fullName: string;
  issuedAt: Timestamp;
  withdrawnAt: NullableTimestamp;
  withdrawnReason: string | null;
}

export interface ExcomMemberTable {
  id: Generated<string>;
  chapterId: string;
  name: string;
  designation: string;
  affiliation: string;
  image: string;
  email: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface CommitteeMemberTable {
  id: Generated<string>;
  name: string;
  designation: string;
  affiliation: string;
  image: string;
  emails: string[];
  phone: string | null;
  whatsapp: string | null;
  linkedin: string | null;
  committee: CommitteeCode;
  year: number;
  team: string;
  sortOrder: number;
  createdBy: string | null;
  createdAt: Timestamp;
}

export interface HumanTable {
  id: Generated<string>;
  name: string;
  image: string;
  description: string;
  createdAt: Timestamp;
}

export interface SupportMessageTable {
  id: Generated<string>;
  name: string;
  email: string;
  message: string;
  createdAt: Timestamp;
  /** When an admin marked the message handled; null while it still needs an answer. */
  handledAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface RateLimitTable {
  key: string;
  windowStart: Timestamp;
  count: number;
}

/** One signed-in browser or API client (see the sessions migration). */
export interface SessionTable {
  id: string;
  chapterId: string;
  version: number;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

export interface UploadTable {
  key: string;
  contentType: string;
  size: number;
  createdBy: string | null;
  createdAt: Timestamp;
}

/**
 * One create, update or delete: who, when, which record (and its name then), the fields whose stored
 * value it changed, and the old and new values of those the trail may keep (jsonb: written as JSON text).
 */
export interface AuditLogTable {
  id: Generated<string>;
  at: Timestamp;
  accountId: string | null;
  accountEmail: string;
  accountName: string | null;
  action: AuditAction;
  entityType: string;
  entityId: string;
  entityName: string | null;
  fields: string[];
  changes: ColumnType<Record<string, AuditFieldChange>, string | undefined, string>;
}

export interface Database {
  chapters: ChapterTable;
  chapterInfos: ChapterInfoTable;
  events: EventTable;
  excomMembers: ExcomMemberTable;
  committeeMembers: CommitteeMemberTable;
  humans: HumanTable;
  supportMessages: SupportMessageTable;
  rateLimits: RateLimitTable;
  sessions: SessionTable;
  uploads: UploadTable;
  auditLog: AuditLogTable;
  registrations: RegistrationTable;
  emailOutbox: EmailOutboxTable;
  emailSends: EmailSendTable;
  emailConfirmationCodes: EmailConfirmationCodeTable;
  checkIns: CheckInTable;
  certificates: CertificateTable;
  doorPasses: DoorPassTable;
}

export type Chapter = Selectable<ChapterTable>;
export type NewChapter = Insertable<ChapterTable>;
export type ChapterUpdate = Updateable<ChapterTable>;
export type EventRow = Selectable<EventTable>;
export type ChapterInfoRow = Selectable<ChapterInfoTable>;
export type ExcomRow = Selectable<ExcomMemberTable>;
export type CommitteeMemberRow = Selectable<CommitteeMemberTable>;
export type HumanRow = Selectable<HumanTable>;
export type SupportMessageRow = Selectable<SupportMessageTable>;
export type RegistrationRow = Selectable<RegistrationTable>;
export type EmailOutboxRow = Selectable<EmailOutboxTable>;
export type CheckInRow = Selectable<CheckInTable>;
export type CertificateRow = Selectable<CertificateTable>;
export type DoorPassRow = Selectable<DoorPassTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type NewAuditLogRow = Insertable<AuditLogTable>;
