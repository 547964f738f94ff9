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
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;
export const AUDIT_ENTITY_TYPES = Object.keys(AUDIT_ENTITIES) as [AuditEntity, ...AuditEntity[]];

/** One entry as GET /api/v1/audit returns it. `fields` names what was written, never its values. */
export interface AuditEntry {
  _id: string;
  id: string;
  /** ISO date-time. */
  at: string;
  /** Null when done outside a session (the first start, `npm run admin`). */
  accountId: string | null;
  /** The actor's e-mail when they acted (it outlives a later change or the account itself). */
  accountEmail: string;
  action: AuditAction;
  entityType: string;
  entityId: string;
  fields: string[];
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
