import type { ExpressionBuilder, Insertable, Kysely, Updateable } from 'kysely';
import type { CommitteeCode, CommitteeMember, RosterCount } from '../../lib/types.ts';
import type { CommitteeMemberRow, CommitteeMemberTable, Database } from '../db/schema.ts';
import { apiIds } from './api-shape.ts';
import { deleteWithAudit, type AuditRow } from './audit.repository.ts';
import { byId, findById, type FindById } from './ids.ts';

/** A roster page: one committee in one year. */
export interface RosterKey {
  year: number;
  committee: CommitteeCode;
}

export type NewCommitteeMember = Omit<Insertable<CommitteeMemberTable>, 'id' | 'sortOrder' | 'createdAt'> & {
  /** Position on the page; absent: after everyone already on it. */
  sortOrder?: number | undefined;
};

/** What an edit may change: the position too, or 'last' to go after everyone on the (new) page. */
export type CommitteeMemberChanges = Omit<
  Updateable<CommitteeMemberTable>,
  'id' | 'sortOrder' | 'createdBy' | 'createdAt'
> & {
  sortOrder?: number | 'last' | undefined;
};

/** The position after everyone already on a roster page (0 on an empty one). */
const nextPosition = (eb: ExpressionBuilder<Database, 'committeeMembers'>, { year, committee }: RosterKey) =>
  eb
    .selectFrom('committeeMembers as onPage')
    .select((sub) => sub.fn.coalesce(sub(sub.fn.max('onPage.sortOrder'), '+', 1), sub.lit(0)).as('next'))
    .where('onPage.year', '=', year)
    .where('onPage.committee', '=', committee);

const toCommitteeMember = (row: CommitteeMemberRow): CommitteeMember => ({
  ...apiIds(row.id),
  name: row.name,
  designation: row.designation,
  affiliation: row.affiliation,
  image: row.image,
  email: row.emails,
  phone: row.phone,
  whatsapp: row.whatsapp,
  linkedin: row.linkedin,
  committee: row.committee,
  year: row.year,
  team: row.team,
  order: row.sortOrder,
});

/** A roster page's members in page order; equal positions keep the order they were added in. */
export async function listCommitteeMembers(
  db: Kysely<Database>,
  { year, committee }: RosterKey,
): Promise<CommitteeMember[]> {
  const rows = await db
    .selectFrom('committeeMembers')
    .selectAll()
    .where('year', '=', year)
    .where('committee', '=', committee)
    .orderBy('sortOrder')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(toCommitteeMember);
}

export async function insertCommitteeMember(
  db: Kysely<Database>,
  { sortOrder, ...member }: NewCommitteeMember,
): Promise<CommitteeMember> {
  // The next position is read in the insert itself, so members added one after another line up in turn.
  const row = await db
    .insertInto('committeeMembers')
    .values((eb) => ({ ...member, sortOrder: sortOrder ?? nextPosition(eb, member) }))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCommitteeMember(row);
}

/** See FindById (ids.ts) for what `lock` holds. */
export const findCommitteeMember: FindById<CommitteeMember> = findById(async (db, id, lock) => {
  const query = db.selectFrom('committeeMembers').selectAll().where('id', '=', id);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  return row && toCommitteeMember(row);
});

/**
 * Applies an edit; `roster` is the page the member is on after it (where 'last' counts). Undefined when
 * the member is gone (deleted meanwhile, or an id that names nobody).
 */
export function updateCommitteeMember(
  db: Kysely<Database>,
  id: string,
  { sortOrder, ...changes }: CommitteeMemberChanges,
  roster: RosterKey,
): Promise<CommitteeMember | undefined> {
  return byId(id, async (memberId) => {
    // An empty change (PATCH {}) has nothing to set: it answers with the member as they are.
    if (sortOrder === undefined && Object.keys(changes).length === 0) return findCommitteeMember(db, memberId);
    const row = await db
      .updateTable('committeeMembers')
      .set((eb) => ({
        ...changes,
        ...(sortOrder === undefined ? {} : { sortOrder: sortOrder === 'last' ? nextPosition(eb, roster) : sortOrder }),
      }))
      .where('id', '=', memberId)
      .returningAll()
      .executeTakeFirst();
    return row && toCommitteeMember(row);
  });
}

/** Deletes a member with its audit row (one statement). False when there was none. */
export function deleteCommitteeMember(db: Kysely<Database>, id: string, audit: AuditRow): Promise<boolean> {
  return deleteWithAudit(db, 'committeeMembers', id, audit);
}

/** Every roster page with members, newest year first, then in committee order: the dashboard's filters. */
export async function listRosterCounts(db: Kysely<Database>): Promise<RosterCount[]> {
  const rows = await db
    .selectFrom('committeeMembers')
    .select((eb) => ['committee', 'year', eb.fn.countAll<string>().as('count')])
    .groupBy(['committee', 'year'])
    .orderBy('year', 'desc')
    .orderBy('committee')
    .execute();
  return rows.map((r) => ({ committee: r.committee, year: r.year, count: Number(r.count) }));
}
