import type { Kysely } from 'kysely';
import type { AuditActor, AuditEntry } from '../../lib/audit.ts';
import type { AuditLogRow, Database, NewAuditLogRow } from '../db/schema.ts';
import { apiIds, isoTime } from './api-shape.ts';

/** What a write records about itself, given the id of the record it writes. */
export type AuditNote = (entityId: string) => NewAuditLogRow;

/**
 * The write's own statement with its audit row in front as a data-modifying CTE
 * (`WITH audit AS (INSERT INTO audit_log ...) UPDATE events ...`): no extra round trip, and the row
 * exists exactly when the write commits. Use it as `audited(db, note, id).insertInto(...)`, and only
 * for a record the caller has found (updates, deletes) or is creating: the row does not depend on how
 * many rows the write touched.
 */
export const audited = (db: Kysely<Database>, note: AuditNote, entityId: string) =>
  db.with('audit', (q) => q.insertInto('auditLog').values(note(entityId)));

/** An audit row on its own (one round trip), for writes that are not a single statement of ours. */
export async function insertAuditRow(db: Kysely<Database>, row: NewAuditLogRow): Promise<void> {
  await db.insertInto('auditLog').values(row).execute();
}

export interface AuditFilter {
  entity?: string | undefined;
  account?: string | undefined;
}

const toAuditEntry = (row: AuditLogRow): AuditEntry => ({
  ...apiIds(row.id),
  at: isoTime(row.at),
  accountId: row.accountId,
  accountEmail: row.accountEmail,
  action: row.action,
  entityType: row.entityType,
  entityId: row.entityId,
  fields: row.fields,
});

function filtered(db: Kysely<Database>, { entity, account }: AuditFilter) {
  let query = db.selectFrom('auditLog');
  if (entity) query = query.where('entityType', '=', entity);
  if (account) query = query.where('accountId', '=', account);
  return query;
}

/** One page of the trail, newest first, with how many entries match in all. */
export async function listAudit(
  db: Kysely<Database>,
  filter: AuditFilter,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const rows = await filtered(db, filter)
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const { total } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return { entries: rows.map(toAuditEntry), total: Number(total) };
}

/** Everyone who appears in the trail (by their latest e-mail there), for the account filter. */
export async function listAuditActors(db: Kysely<Database>): Promise<AuditActor[]> {
  const rows = await db
    .selectFrom('auditLog')
    .select(['accountId', 'accountEmail'])
    .distinctOn('accountId')
    .where('accountId', 'is not', null)
    .orderBy('accountId')
    .orderBy('at', 'desc')
    .execute();
  return rows
    .map((row) => ({ id: row.accountId ?? '', email: row.accountEmail }))
    .sort((a, b) => a.email.localeCompare(b.email));
}
