import type { ExpressionBuilder, Insertable, Kysely, Updateable } from 'kysely';
import type { ExcomMember } from '../../lib/types.ts';
import type { Database, ExcomMemberTable, ExcomRow } from '../db/schema.ts';
import { apiIds, type WithJsonTimes } from './api-shape.ts';
import { deleteWithAudit, type AuditRow } from './audit.repository.ts';
import { findById, type FindById } from './ids.ts';
import { EVERY_CHAPTER, type ChapterScope, type Owned } from './viewer-scope.ts';

type Managed = 'id' | 'chapterId' | 'createdAt' | 'updatedAt';
export type ExcomFields = Omit<Insertable<ExcomMemberTable>, Managed>;
export type ExcomChanges = Omit<Updateable<ExcomMemberTable>, Managed>;

export const toExcom = (row: WithJsonTimes<ExcomRow> & { chapterSlug: string }): ExcomMember => ({
  ...apiIds(row.id),
  name: row.name,
  designation: row.designation,
  affiliation: row.affiliation,
  image: row.image,
  email: row.email,
  chapterSlug: row.chapterSlug,
});

/** Members in the order they were added: the order a chapter builds its committee in. */
function selectExcom(db: Kysely<Database>, { chapterId }: ChapterScope = EVERY_CHAPTER) {
  const query = db
    .selectFrom('excomMembers')
    .innerJoin('chapters', 'chapters.id', 'excomMembers.chapterId')
    .selectAll('excomMembers')
    .select('chapters.slug as chapterSlug')
    .orderBy('excomMembers.createdAt')
    .orderBy('excomMembers.id');
  return chapterId === undefined ? query : query.where('excomMembers.chapterId', '=', chapterId);
}

export async function listExcom(db: Kysely<Database>, scope: ChapterScope): Promise<ExcomMember[]> {
  return (await selectExcom(db, scope).execute()).map(toExcom);
}

/** See FindById (ids.ts) for what `lock` holds. */
export const findExcomMember: FindById<Owned<ExcomMember>> = findById(async (db, id, lock) => {
  const query = selectExcom(db).where('excomMembers.id', '=', id);
  const row = await (lock ? query.forUpdate('excomMembers') : query).executeTakeFirst();
  return row && { chapterId: row.chapterId, item: toExcom(row) };
});

/** The member's chapter slug, read by the statement that writes the member (no second round trip). */
const chapterSlugOf = (eb: ExpressionBuilder<Database, 'excomMembers'>) =>
  eb
    .selectFrom('chapters')
    .select('slug')
    .whereRef('chapters.id', '=', 'excomMembers.chapterId')
    .$asScalar()
    .$notNull()
    .as('chapterSlug');

/** The new member as stored. */
export async function insertExcomMember(
  db: Kysely<Database>,
  chapterId: string,
  fields: ExcomFields,
): Promise<ExcomMember> {
  const row = await db
    .insertInto('excomMembers')
    .values({ ...fields, chapterId })
    .returningAll()
    .returning(chapterSlugOf)
    .executeTakeFirstOrThrow();
  return toExcom(row);
}

/** The member as stored after the edit (callers found them first). */
export async function updateExcomMember(
  db: Kysely<Database>,
  id: string,
  changes: ExcomChanges,
  now: Date,
): Promise<ExcomMember> {
  const row = await db
    .updateTable('excomMembers')
    .set({ ...changes, updatedAt: now })
    .where('id', '=', id)
    .returningAll()
    .returning(chapterSlugOf)
    .executeTakeFirstOrThrow();
  return toExcom(row);
}

/** Deletes a member with its audit row (one statement). False when there was none. */
export function deleteExcomMember(db: Kysely<Database>, id: string, audit: AuditRow): Promise<boolean> {
  return deleteWithAudit(db, 'excomMembers', id, audit);
}
