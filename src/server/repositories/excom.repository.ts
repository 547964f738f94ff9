import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { ExcomMember } from '../../lib/types.ts';
import type { Database, ExcomMemberTable, ExcomRow } from '../db/schema.ts';
import { apiIds, type WithJsonTimes } from './api-shape.ts';
import { audited, type AuditNote } from './audit.repository.ts';
import { byId } from './ids.ts';
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

export function findExcomMember(db: Kysely<Database>, id: string): Promise<Owned<ExcomMember> | undefined> {
  return byId(id, async (memberId) => {
    const row = await selectExcom(db).where('excomMembers.id', '=', memberId).executeTakeFirst();
    return row && { chapterId: row.chapterId, item: toExcom(row) };
  });
}

async function memberById(db: Kysely<Database>, id: string): Promise<ExcomMember> {
  return toExcom(await selectExcom(db).where('excomMembers.id', '=', id).executeTakeFirstOrThrow());
}

export async function insertExcomMember(
  db: Kysely<Database>,
  chapterId: string,
  fields: ExcomFields,
  audit: AuditNote,
): Promise<ExcomMember> {
  // The id is chosen here so the audit row, written by the same statement, can name it.
  const id = randomUUID();
  await audited(db, audit, id)
    .insertInto('excomMembers')
    .values({ ...fields, id, chapterId })
    .execute();
  return memberById(db, id);
}

export async function updateExcomMember(
  db: Kysely<Database>,
  id: string,
  changes: ExcomChanges,
  now: Date,
  audit: AuditNote,
): Promise<ExcomMember> {
  await audited(db, audit, id)
    .updateTable('excomMembers')
    .set({ ...changes, updatedAt: now })
    .where('id', '=', id)
    .execute();
  return memberById(db, id);
}

export async function deleteExcomMember(db: Kysely<Database>, id: string, audit: AuditNote): Promise<void> {
  await audited(db, audit, id).deleteFrom('excomMembers').where('id', '=', id).execute();
}
