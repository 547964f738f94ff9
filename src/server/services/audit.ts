import type { Kysely } from 'kysely';
import type { AuditAction, AuditEntity } from '../../lib/audit.ts';
import type { Chapter, Database } from '../db/schema.ts';
import { insertAuditRow, type AuditNote } from '../repositories/audit.repository.ts';

/**
 * The audit trail: every create, update and delete says who did it, to which record, and which fields
 * it wrote. Names only, never values: a password change is recorded as the field "password".
 *
 * Two ways in. Where the write is one statement of a repository, pass `auditNote(...)` to it and it
 * folds the row into that statement (no extra round trip). Anywhere else, one line:
 *   await recordAudit(db, currentUser(c), { action: 'delete', entity: 'support-message', entityId: id });
 */

/** Who acted: the signed-in account, or SYSTEM for what runs outside a session. */
export type Actor = Pick<Chapter, 'email'> & { id: string | null };
export const SYSTEM_ACTOR: Actor = { id: null, email: 'system (first start or npm run admin)' };

export interface AuditChange {
  action: AuditAction;
  entity: AuditEntity;
  /** Field names written (create), changed (update) or none (delete). */
  fields?: readonly string[];
}

/** Stored field names: the API's names, with any password field as plain "password". */
function fieldNames(fields: readonly string[] = []): string[] {
  const names = fields.map((f) => (/password/i.test(f) ? 'password' : f));
  return [...new Set(names)].sort();
}

/** The audit row of a change, waiting for the id of the record it is about. */
export function auditNote(actor: Actor, { action, entity, fields }: AuditChange): AuditNote {
  return (entityId) => ({
    accountId: actor.id,
    accountEmail: actor.email,
    action,
    entityType: entity,
    entityId,
    fields: fieldNames(fields),
  });
}

/** Records a change on its own (one round trip); prefer passing auditNote to the write where there is one. */
export function recordAudit(
  db: Kysely<Database>,
  actor: Actor,
  change: AuditChange & { entityId: string },
): Promise<void> {
  return insertAuditRow(db, auditNote(actor, change)(change.entityId));
}

/** The names of the fields of `after` whose values differ from `before` (compared as JSON). */
export function changedFields(before: object, after: object): string[] {
  const old = before as Record<string, unknown>;
  return Object.entries(after)
    .filter(([key, value]) => value !== undefined && JSON.stringify(value) !== JSON.stringify(old[key]))
    .map(([key]) => key);
}

/** The names of the fields a create wrote: those given a value (an optional one left out or null is not). */
export const writtenFields = (fields: object): string[] =>
  Object.entries(fields)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key]) => key);
