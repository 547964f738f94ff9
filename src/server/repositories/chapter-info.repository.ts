import type { Insertable, Kysely, Updateable } from 'kysely';
import type { ChapterInfo } from '../../lib/types.ts';
import type { Chapter, ChapterInfoRow, ChapterInfoTable, Database } from '../db/schema.ts';
import { apiIds } from './api-shape.ts';
import { findById, type FindById } from './ids.ts';
import type { Owned } from './viewer-scope.ts';

type Managed = 'id' | 'chapterId' | 'createdAt' | 'updatedAt';
export type ChapterInfoFields = Omit<Insertable<ChapterInfoTable>, Managed>;
export type ChapterInfoChanges = Omit<Updateable<ChapterInfoTable>, Managed>;
type Owner = Pick<Chapter, 'id' | 'name' | 'email' | 'publicEmail' | 'slug'>;
type Page = Omit<ChapterInfoRow, Managed>;

export const toChapterInfo = (id: string, page: Page, owner: Owner): ChapterInfo => ({
  ...apiIds(id),
  slug: owner.slug,
  // The public contact e-mail when the account set one, else the login e-mail (spec: the chapter's e-mail).
  chapterId: { ...apiIds(owner.id), name: owner.name, email: owner.publicEmail || owner.email },
  logo: page.logo,
  shortDescription: page.shortDescription,
  websiteUrl: page.websiteUrl,
  facebookUrl: page.facebookUrl,
  linkedinUrl: page.linkedinUrl,
  aboutUs: page.aboutUs,
  videoUrl: page.videoUrl,
});

const BLANK_PAGE: Page = {
  logo: '',
  shortDescription: '',
  websiteUrl: '',
  facebookUrl: '',
  linkedinUrl: '',
  aboutUs: '',
  videoUrl: '',
};

/** A chapter that has not written its landing page yet still has a name and an e-mail (id: the chapter's). */
export const blankChapterInfo = (owner: Owner): ChapterInfo => toChapterInfo(owner.id, BLANK_PAGE, owner);

function selectInfos(db: Kysely<Database>) {
  return db
    .selectFrom('chapterInfos')
    .innerJoin('chapters', 'chapters.id', 'chapterInfos.chapterId')
    .selectAll('chapterInfos')
    .select([
      'chapters.name as ownerName',
      'chapters.email as ownerEmail',
      'chapters.publicEmail as ownerPublicEmail',
      'chapters.slug as ownerSlug',
    ]);
}

type InfoRow = ChapterInfoRow & {
  ownerName: string;
  ownerEmail: string;
  ownerPublicEmail: string | null;
  ownerSlug: string;
};
const fromRow = (row: InfoRow): ChapterInfo =>
  toChapterInfo(row.id, row, {
    id: row.chapterId,
    name: row.ownerName,
    email: row.ownerEmail,
    publicEmail: row.ownerPublicEmail,
    slug: row.ownerSlug,
  });

const selectInfoOf = (db: Kysely<Database>, chapterId: string) =>
  selectInfos(db).where('chapterInfos.chapterId', '=', chapterId);

/** A chapter's landing page, if it has written one (one per chapter). */
export async function findChapterInfoOf(db: Kysely<Database>, chapterId: string): Promise<ChapterInfo | undefined> {
  const row = await selectInfoOf(db, chapterId).executeTakeFirst();
  return row && fromRow(row);
}

async function writtenInfoOf(db: Kysely<Database>, chapterId: string): Promise<ChapterInfo> {
  return fromRow(await selectInfoOf(db, chapterId).executeTakeFirstOrThrow());
}

/** See FindById (ids.ts) for what `lock` holds. */
export const findChapterInfo: FindById<Owned<ChapterInfo>> = findById(async (db, id, lock) => {
  const query = selectInfos(db).where('chapterInfos.id', '=', id);
  const row = await (lock ? query.forUpdate('chapterInfos') : query).executeTakeFirst();
  return row && { chapterId: row.chapterId, item: fromRow(row) };
});

export async function insertChapterInfo(
  db: Kysely<Database>,
  chapterId: string,
  fields: ChapterInfoFields,
): Promise<ChapterInfo> {
  await db
    .insertInto('chapterInfos')
    .values({ ...fields, chapterId })
    .execute();
  return writtenInfoOf(db, chapterId);
}

export async function updateChapterInfo(
  db: Kysely<Database>,
  id: string,
  changes: ChapterInfoChanges,
  now: Date,
): Promise<ChapterInfo> {
  const { chapterId } = await db
    .updateTable('chapterInfos')
    .set({ ...changes, updatedAt: now })
    .where('id', '=', id)
    .returning('chapterId')
    .executeTakeFirstOrThrow();
  return writtenInfoOf(db, chapterId);
}
