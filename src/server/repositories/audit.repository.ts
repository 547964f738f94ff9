import { sql, type Kysely, type Transaction } from 'kysely';
import {
  auditLink,
  type AuditActor,
  type AuditEntity,
  type AuditEntry,
  type AuditFieldChange,
} from '../../lib/audit-vocabulary.ts';
import type { AuditLogRow, Database, NewAuditLogRow } from '../db/schema.ts';
import { apiIds, isoTime } from './api-shape.ts';

/** An audit row as the services build it (its values as an object; `at` and `id` are the database's). */
export type AuditRow = Omit<NewAuditLogRow, 'id' | 'at' | 'changes'> & { changes: Record<string, AuditFieldChange> };

const stored = ({ changes, ...row }: AuditRow): NewAuditLogRow => ({ ...row, changes: JSON.stringify(changes) });

export async function insertAuditRow(db: Kysely<Database>, row: AuditRow): Promise<void> {
  await db.insertInto('auditLog').values(stored(row)).execute();
}

/** Several audit rows in one statement (one change of many records: a row for each). */
export async function insertAuditRows(db: Kysely<Database>, rows: readonly AuditRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('auditLog').values(rows.map(stored)).execute();
}

/**
 * A change and its audit row in one transaction: both commit, or neither (a row the database refuses
 * rolls the change back). `change` makes the change through the transaction it is given and returns
 * what it did; `audit` turns that into the row (undefined: nothing changed, nothing to record). Works
 * alike on PGlite, pg and Neon's WebSocket pool. The transaction is typed as one: the functions that
 * lock a row take nothing else.
 */
export function auditedChange<T>(
  db: Kysely<Database>,
  change: (tx: Transaction<Database>) => Promise<T>,
  audit: (result: T) => AuditRow | undefined,
): Promise<T> {
  return db.transaction().execute(async (tx) => {
    const result = await change(tx);
    const row = audit(result);
    if (row) await insertAuditRow(tx, row);
    return result;
  });
}

/** The name of the CTE whose returned records `auditEach` writes a row for. */
export const TOUCHED = 'touched';

/**
 * An audit row inside the change's own statement (a data-modifying CTE, no extra round trip): written
 * once for each record the statement's `touched` CTE returned, with that record's id, so a delete or
 * update that found nothing records nothing, and either both happen or neither. Use it as
 *   db.with(TOUCHED, (q) => q.deleteFrom(...).returning('id')).with('audit', () => auditEach(row)).selectFrom(TOUCHED)...
 * The casts are needed: parameters in a SELECT list have no type of their own.
 */
export const auditEach = (row: AuditRow) => {
  const { accountId, accountName, accountEmail, action, entityType, entityName, fields, changes } = stored(row);
  // In parentheses: Kysely writes a raw CTE as it is.
  return sql<Record<string, never>>`(insert into audit_log
      (account_id, account_name, account_email, action, entity_type, entity_id, entity_name, fields, changes)
    select ${accountId}::uuid, ${accountName}::text, ${accountEmail}::text, ${action}::text, ${entityType}::text,
      ${sql.ref(`${TOUCHED}.id`)}::text, ${entityName}::text, ${fields}::text[], ${changes}::jsonb
    from ${sql.table(TOUCHED)})`;
};

/** The tables whose records are named by a uuid `id` and deleted one at a time. */
type DeletableTable = 'chapters' | 'events' | 'excomMembers' | 'committeeMembers' | 'humans' | 'supportMessages';

/**
 * Deletes one record with its audit row in the same statement (`auditEach`): the row is written if the
 * record was there to delete, and never without the delete. False when there was no such record.
 */
export async function deleteWithAudit(
  db: Kysely<Database>,
  table: DeletableTable,
  id: string,
  row: AuditRow,
): Promise<boolean> {
  const gone = await db
    .with(TOUCHED, (q) => q.deleteFrom(table).where('id', '=', id).returning('id'))
    .with('audit', () => auditEach(row))
    .selectFrom(TOUCHED)
    .select('id')
    .executeTakeFirst();
  return gone !== undefined;
}

export interface AuditFilter {
  entity?: string | undefined;
  account?: string | undefined;
}

/**
 * The table each kind of record lives in (uploads are named by their key, the rest by uuid). A
 * downloaded backup is a file that left the site: its entries never link.
 */
const TABLE_OF: Record<Exclude<AuditEntity, 'backup'>, string> = {
  account: 'chapters',
  'chapter-info': 'chapter_infos',
  event: 'events',
  'excom-member': 'excom_members',
  'committee-member': 'committee_members',
  human: 'humans',
  'support-message': 'support_messages',
  upload: 'uploads',
  registration: 'registrations',
  'check-in': 'check_ins',
  'door-pass': 'door_passes',
  certificate: 'certificates',
};

/** Whether the record a row is about still exists (each branch runs only for its own kind). */
const stillExists = sql<boolean>`case audit_log.entity_type ${sql.join(
  Object.entries(TABLE_OF).map(([type, table]) =>
    type === 'upload'
      ? sql`when ${type} then exists (select 1 from ${sql.table(table)} t where t.key = audit_log.entity_id)`
      : type === 'certificate' // named by text ids, not uuids
        ? sql`when ${type} then exists (select 1 from ${sql.table(table)} t where t.id = audit_log.entity_id)`
        : sql`when ${type} then exists (select 1 from ${sql.table(table)} t where t.id = audit_log.entity_id::uuid)`,
  ),
  sql` `,
)} else false end`;

/** The current slug of an account, or of the account a landing page belongs to: their pages are found by it. */
const currentSlug = sql<string | null>`case audit_log.entity_type
  when 'account' then (select c.slug from chapters c where c.id = audit_log.entity_id::uuid)
  when 'chapter-info' then (select c.slug from chapter_infos i join chapters c on c.id = i.chapter_id
    where i.id = audit_log.entity_id::uuid)
  end`;

type ListedRow = AuditLogRow & { present: boolean; currentSlug: string | null };

const toAuditEntry = (row: ListedRow): AuditEntry => ({
  ...apiIds(row.id),
  at: isoTime(row.at),
  accountId: row.accountId,
  accountEmail: row.accountEmail,
  accountName: row.accountName,
  action: row.action,
  entityType: row.entityType,
  entityId: row.entityId,
  entityName: row.entityName,
  fields: row.fields,
  changes: row.changes,
  link: row.present ? auditLink(row.entityType, row.entityId, row.currentSlug) : null,
});

function filtered(db: Kysely<Database>, { entity, account }: AuditFilter) {
  let query = db.selectFrom('auditLog');
  if (entity) query = query.where('entityType', '=', entity);
  if (account) query = query.where('accountId', '=', account);
  return query;
}

/**
 * One page of the trail, newest first, with how many entries match in all. Each entry links to its
 * record while the record exists (looked up in the same query).
 */
export async function listAudit(
  db: Kysely<Database>,
  filter: AuditFilter,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const rows = await filtered(db, filter)
    .selectAll()
    .select([stillExists.as('present'), currentSlug.as('currentSlug')])
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
