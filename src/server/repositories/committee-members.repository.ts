import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { CommitteeCode, CommitteeMember } from '../../lib/types.ts';
import type { CommitteeMemberRow, CommitteeMemberTable, Database } from '../db/schema.ts';
import { apiIds } from './api-shape.ts';
import { audited, type AuditNote } from './audit.repository.ts';

/** A roster page: one committee in one year. */
export interface RosterKey {
  year: number;
  committee: CommitteeCode;
}

export type NewCommitteeMember = Omit<Insertable<CommitteeMemberTable>, 'id' | 'sortOrder' | 'createdAt'> & {
  /** Position on the page; absent: after everyone already on it. */
  sortOrder?: number | undefined;
};

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
  audit: AuditNote,
): Promise<CommitteeMember> {
  // The id is chosen here so the audit row, written by the same statement, can name it.
  const id = randomUUID();
  // The next position is read in the insert itself, so members added one after another line up in turn.
  const row = await audited(db, audit, id)
    .insertInto('committeeMembers')
    .values((eb) => ({
      ...member,
      id,
      sortOrder:
        sortOrder ??
        eb
          .selectFrom('committeeMembers')
          .select(eb.fn.coalesce(eb(eb.fn.max('sortOrder'), '+', 1), eb.lit(0)).as('next'))
          .where('year', '=', member.year)
          .where('committee', '=', member.committee),
    }))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCommitteeMember(row);
}
