import { API_BASE } from '../../lib/api-base.ts';
import type { AuditAction, AuditEntity, AuditFieldChange, AuditPage, AuditValue } from '../../lib/audit-vocabulary.ts';
import type { AuditQuery } from '../../lib/schemas/audit.schema.ts';
import type {
  ChapterInfo,
  CommitteeMember,
  EventItem,
  ExcomMember,
  Human,
  RegistrationStatus,
  SupportMessage,
} from '../../lib/types.ts';
import type { Kysely } from 'kysely';
import type { Chapter, Database } from '../db/schema.ts';
import { listAudit, listAuditActors, type AuditRow } from '../repositories/audit.repository.ts';

/**
 * The audit trail: every create, update and delete says who did it, to which record (by its name at
 * the time), which fields changed and, where the rule below allows, their old and new values.
 *
 * A change and its row commit together or not at all: services write them in one transaction
 * (`auditedChange` in the audit repository: the change returns the record as stored, `auditRow` turns
 * before and after into the row), and a delete or a password set in one statement (the repository's
 * `auditEach`: the row is written once for the record the statement touched, and only then).
 */

/** Who acted: the signed-in account, or SYSTEM for what runs outside a session. */
export type Actor = Pick<Chapter, 'email' | 'name'> & { id: string | null };
export const SYSTEM_ACTOR: Actor = { id: null, name: 'System', email: 'system (first start or npm run admin)' };

/** What the trail sees of a record: its name, and its fields by their API names. */
export interface AuditView {
  name: string | null;
  fields: Record<string, AuditValue>;
}

/** The record each kind of change is about, as the services hold it. */
export interface AuditedRecords {
  account: Chapter;
  'chapter-info': ChapterInfo;
  event: EventItem;
  'excom-member': ExcomMember;
  'committee-member': CommitteeMember;
  human: Human;
  'support-message': SupportMessage;
  upload: { key: string };
  /** A registrant's personal data never reaches the trail: only the event and the status. */
  registration: { id: string; status: RegistrationStatus; eventTitle: string; walkIn?: boolean };
  /**
   * A scan at the door (or a walk-in added there): the event and the result, never who was scanned;
   * `sentLate`, a door pass's check-in sent after the pass's end.
   */
  'check-in': {
    id: string;
    result: 'checked-in' | 'already';
    eventTitle: string;
    walkIn?: boolean;
    sentLate?: boolean;
  };
  /**
   * A door pass made or revoked: the volunteer's name (the pass's), its event, until when, how many
   * walk-ins it may add, and why it was revoked; never its secret.
   */
  'door-pass': {
    id: string;
    name: string;
    eventTitle: string;
    validUntil: string;
    walkInLimit: number;
    revoked: boolean;
    revokedReason: string | null;
  };
  /**
   * Issuing (one row per action, named after the event, with the count issued) or withdrawing one
   * certificate (its id, whether withdrawn, and the reason its public page shows); never the attendee's name.
   */
  certificate: { id: string; name: string; issued?: number; withdrawn?: boolean; reason?: string };
  /** A backup downloaded by an admin: its file name. What it holds is everything, so no field is named. */
  backup: { id: string; name: string };
}

/** Keys every API record carries that are bookkeeping, not something a person edits. */
const BOOKKEEPING = ['_id', 'id', 'createdAt', 'updatedAt'] as const;

function fieldsOf<T extends object>(record: T, ...alsoLeftOut: string[]): Record<string, AuditValue> {
  const left = new Set<string>([...BOOKKEEPING, ...alsoLeftOut]);
  return Object.fromEntries(Object.entries(record).filter(([key]) => !left.has(key))) as Record<string, AuditValue>;
}

interface AuditRule<R> {
  /** The record's name and its fields as the trail compares them. */
  view(record: R): AuditView;
  /** The fields whose old and new values the trail may keep and show; every other field is named only. */
  valuesShown: readonly string[];
}

/**
 * THE rule of what the trail keeps, per kind of record, in this one place: the name it shows, the fields
 * it compares, and the fields whose values it may keep. Values are kept only for fields listed in
 * `valuesShown`; a field added later is named when it changes but its values stay out until someone
 * decides it may show here. Never kept: passwords (nor their hashes), and anything a visitor sent
 * (a contact-form message's sender, e-mail and text, which also never name the record); personal data
 * of event registrants belongs to the same category when registrations are audited. Everything else
 * listed is what admins already see on the dashboard or the public site. The rule is applied when a
 * row is written (the values never reach the table) and again when the trail is read (a field taken
 * off the list later stops showing in older rows too).
 */
const AUDIT_RULES: { [E in AuditEntity]: AuditRule<AuditedRecords[E]> } = {
  account: {
    // The fields an account edit can change; the password is compared by its hash, never kept.
    // "sessions" changes when every session is ended (sign out everywhere, a password change); a new
    // account's first version is no value of its own, so its creation does not name it.
    view: (a) => ({
      name: a.name,
      fields: {
        ...{ name: a.name, email: a.email, publicEmail: a.publicEmail, phone: a.phone, slug: a.slug },
        ...{ password: a.passwordHash, sessions: a.sessionVersion > 1 ? a.sessionVersion : null },
      },
    }),
    valuesShown: ['name', 'email', 'publicEmail', 'phone', 'slug'],
  },
  'chapter-info': {
    // Named after its chapter; the owner and its slug are not the page's own fields.
    view: (info) => ({ name: info.chapterId.name, fields: fieldsOf(info, 'slug', 'chapterId') }),
    valuesShown: ['logo', 'shortDescription', 'websiteUrl', 'facebookUrl', 'linkedinUrl', 'aboutUs', 'videoUrl'],
  },
  event: {
    // The registration settings are compared (and shown) one by one, as the form edits them.
    view: ({ registration, certificates, ...e }) => ({
      name: e.title,
      fields: {
        ...fieldsOf(e, 'chapterSlug'),
        certificatesAuto: certificates.auto,
        certificateSignatoryName: certificates.signatoryName,
        certificateSignatoryTitle: certificates.signatoryTitle,
        registrationMode: registration.mode,
        registrationCapacity: registration.capacity,
        registrationOpensAt: registration.opensAt,
        registrationClosesAt: registration.closesAt,
        registrationQuestions: registration.questions,
      },
    }),
    valuesShown: [
      'title',
      'eventDate',
      'startTime',
      'endTime',
      'location',
      'host',
      'registrationMethod',
      'fees',
      'banner',
      'eventLink',
      'description',
      'status',
      'registrationMode',
      'registrationCapacity',
      'registrationOpensAt',
      'registrationClosesAt',
      'registrationQuestions',
      'certificatesAuto',
      'certificateSignatoryName',
      'certificateSignatoryTitle',
    ],
  },
  'excom-member': {
    view: (m) => ({ name: m.name, fields: fieldsOf(m, 'chapterSlug') }),
    valuesShown: ['name', 'designation', 'affiliation', 'image', 'email'],
  },
  'committee-member': {
    // Every field of a member is on the public roster page already.
    view: (m) => ({ name: m.name, fields: fieldsOf(m) }),
    valuesShown: [
      'name',
      'designation',
      'affiliation',
      'image',
      'email',
      'phone',
      'whatsapp',
      'linkedin',
      'committee',
      'year',
      'team',
      'order',
    ],
  },
  human: {
    view: (h) => ({ name: h.name, fields: fieldsOf(h) }),
    valuesShown: ['name', 'image', 'description'],
  },
  'support-message': {
    // The sender's name, e-mail and message are theirs: no name, and only whether it was handled.
    view: (m) => ({ name: null, fields: { handled: m.handled } }),
    valuesShown: ['handled'],
  },
  upload: {
    view: (u) => ({ name: null, fields: { image: `${API_BASE}/uploads/${u.key}` } }),
    valuesShown: ['image'],
  },
  registration: {
    // Named after its event, never its registrant; staff cancel and confirm, so the status is all it shows.
    view: (r) => ({
      name: `${r.eventTitle} ${r.walkIn ? 'walk-in' : 'registration'}`,
      fields: { status: r.status, ...(r.walkIn ? { walkIn: true } : {}) },
    }),
    valuesShown: ['status', 'walkIn'],
  },
  'check-in': {
    view: (c) => ({
      name: `${c.eventTitle} check-in`,
      fields: { result: c.result, ...(c.walkIn ? { walkIn: true } : {}), ...(c.sentLate ? { sentLate: true } : {}) },
    }),
    valuesShown: ['result', 'walkIn', 'sentLate'],
  },
  'door-pass': {
    view: (p) => ({
      name: `${p.name} (door pass, ${p.eventTitle})`,
      fields: {
        name: p.name,
        validUntil: p.validUntil,
        walkInLimit: p.walkInLimit,
        revoked: p.revoked,
        revokedReason: p.revokedReason,
      },
    }),
    valuesShown: ['name', 'validUntil', 'walkInLimit', 'revoked', 'revokedReason'],
  },
  certificate: {
    view: (c) => ({
      name: c.name,
      fields: { issued: c.issued ?? null, withdrawn: c.withdrawn ?? null, reason: c.reason ?? null },
    }),
    valuesShown: ['issued', 'withdrawn', 'reason'],
  },
  backup: {
    view: (b) => ({ name: b.name, fields: {} }),
    valuesShown: [],
  },
};

/** Whether the trail may keep and show the values of this field of this kind of record. */
export function mayShowValue(entityType: string, field: string): boolean {
  const rule = (AUDIT_RULES as Partial<Record<string, AuditRule<never>>>)[entityType];
  return rule?.valuesShown.includes(field) ?? false;
}

/** The kept values, less any the rule does not (or no longer) allow. */
export function shownChanges(
  entityType: string,
  changes: Record<string, AuditFieldChange>,
): Record<string, AuditFieldChange> {
  return Object.fromEntries(Object.entries(changes).filter(([field]) => mayShowValue(entityType, field)));
}

const same = (a: AuditValue | undefined, b: AuditValue | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * THE meaning of "changed fields", everywhere: the fields whose stored value differs between the record
 * before and after (compared by value; absent counts as null), sorted. A create compares with nothing,
 * so it names the fields it stored a value in.
 */
export function changedFields(before: Record<string, AuditValue>, after: Record<string, AuditValue>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => !same(before[key], after[key])).sort();
}

export type AuditedChange<E extends AuditEntity> =
  | { action: 'create'; after: AuditedRecords[E] }
  | { action: 'update'; before: AuditedRecords[E]; after: AuditedRecords[E] }
  | { action: 'delete'; before: AuditedRecords[E] };

const idOf = (record: { id?: string; key?: string }) => record.id ?? record.key ?? '';

/**
 * The audit row of a change, from the record as stored before and after it. Undefined when an update
 * changed no stored value: nothing happened, so nothing is recorded.
 */
export function auditRow<E extends AuditEntity>(
  actor: Actor,
  entity: E,
  change: Exclude<AuditedChange<E>, { action: 'update' }>,
): AuditRow;
export function auditRow<E extends AuditEntity>(
  actor: Actor,
  entity: E,
  change: AuditedChange<E>,
): AuditRow | undefined;
export function auditRow<E extends AuditEntity>(
  actor: Actor,
  entity: E,
  change: AuditedChange<E>,
): AuditRow | undefined {
  const rule = AUDIT_RULES[entity] as AuditRule<AuditedRecords[E]>;
  const before = change.action === 'create' ? undefined : rule.view(change.before);
  const after = change.action === 'delete' ? undefined : rule.view(change.after);
  const record = change.action === 'create' ? change.after : change.before;
  // A delete changes no field: the row says what was deleted, by its name then.
  const fields = after ? changedFields(before?.fields ?? {}, after.fields) : [];
  if (change.action === 'update' && fields.length === 0) return undefined;
  const changes: Record<string, AuditFieldChange> = {};
  for (const field of fields) {
    if (!after || !rule.valuesShown.includes(field)) continue;
    changes[field] = before
      ? { from: before.fields[field] ?? null, to: after.fields[field] ?? null }
      : { to: after.fields[field] ?? null };
  }
  return {
    accountId: actor.id,
    accountName: actor.name,
    accountEmail: actor.email,
    action: change.action satisfies AuditAction,
    entityType: entity,
    entityId: idOf(record as { id?: string; key?: string }),
    entityName: (after ?? before)?.name ?? null,
    fields,
    changes,
  };
}

/** A page of the trail for GET /audit, with the values each row may still show, and who appears in it. */
export async function readAuditTrail(
  db: Kysely<Database>,
  { page, pageSize, entity, account }: AuditQuery,
): Promise<AuditPage> {
  const { entries, total } = await listAudit(db, { entity, account }, { page, pageSize });
  return {
    entries: entries.map((entry) => ({ ...entry, changes: shownChanges(entry.entityType, entry.changes) })),
    total,
    page,
    pageSize,
    accounts: await listAuditActors(db),
  };
}
