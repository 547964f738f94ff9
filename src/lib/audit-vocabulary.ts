import { API_BASE } from './api-base.ts';
import { chapterPath, editPath, verifyPath } from './registration/registration-links.ts';

/**
 * The audit trail's vocabulary, shared by the API (what it records and filters by) and the dashboard
 * (the entity filter and its labels). A new kind of record gets an entry here.
 */
export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITIES = {
  account: 'Chapter account',
  'chapter-info': 'Chapter landing page',
  event: 'Event',
  'excom-member': 'Excom member',
  'committee-member': 'Committee member',
  human: 'Human',
  'support-message': 'Support message',
  upload: 'Uploaded image',
  registration: 'Event registration',
  'check-in': 'Check-in',
  'door-pass': 'Door pass',
  certificate: 'Certificate of attendance',
  backup: 'Backup (downloaded)',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;
export const AUDIT_ENTITY_TYPES = Object.keys(AUDIT_ENTITIES) as [AuditEntity, ...AuditEntity[]];

/** A value as the trail keeps it: what the field held, as the API shows it. */
export type AuditValue = string | number | boolean | null | readonly string[];

/** One field's change: what it held before (absent for a create) and after. */
export interface AuditFieldChange {
  from?: AuditValue;
  to: AuditValue;
}

/** One entry as GET /api/v1/audit returns it. */
export interface AuditEntry {
  _id: string;
  id: string;
  /** ISO date-time. */
  at: string;
  /** Null when done outside a session (the first start, `npm run admin`). */
  accountId: string | null;
  /** The actor's e-mail and name when they acted (they outlive a later change or the account itself). */
  accountEmail: string;
  /** Null in rows written before names were kept. */
  accountName: string | null;
  action: AuditAction;
  entityType: string;
  entityId: string;
  /**
   * The record's name when it was changed (an event's title, a member's name...). Null for kinds that
   * have none the trail may show (a contact-form message: its sender's name is theirs), and in rows
   * written before names were kept.
   */
  entityName: string | null;
  /** The fields whose stored value changed (a create: those it stored a value in; a delete: none). */
  fields: string[];
  /**
   * Old and new values of those fields, for the fields whose values the trail may keep; a field named in
   * `fields` but absent here changed without its values being kept (a password, or an older row).
   */
  changes: Record<string, AuditFieldChange>;
  /** Where the record can be seen now (a dashboard page, its public page, the image), or null when it is gone. */
  link: string | null;
}

/** Someone who appears in the trail, for the account filter. */
export interface AuditActor {
  id: string;
  email: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
  accounts: AuditActor[];
}

export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_MAX_PAGE_SIZE = 100;

/** The dashboard or site page that shows a record of this kind, given its id and, for accounts and landing pages, its current slug. */
export function auditLink(entityType: string, entityId: string, slug: string | null): string | null {
  const id = encodeURIComponent(entityId);
  switch (entityType) {
    case 'account':
      return slug && editPath('chapter', slug);
    case 'chapter-info':
      return slug && chapterPath(slug);
    case 'event':
      return editPath('event', entityId);
    case 'excom-member':
      return editPath('excom', entityId);
    case 'committee-member':
      return editPath('member', entityId);
    case 'human':
      return editPath('human', entityId);
    case 'support-message':
      return '/dashboard/contact-list';
    case 'upload':
      return `${API_BASE}/uploads/${id}`;
    case 'certificate':
      return verifyPath(entityId);
    default:
      return null;
  }
}
