import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, UploadTable } from '../db/schema.ts';

/** The index of uploaded images: the bytes live in the blob store, their type and owner here. */
export type NewUpload = Omit<Insertable<UploadTable>, 'createdAt'>;

export async function recordUpload(db: Kysely<Database>, upload: NewUpload): Promise<{ key: string }> {
  return db.insertInto('uploads').values(upload).returning('key').executeTakeFirstOrThrow();
}

/** The stored content type of an uploaded image, if the key names one. */
export async function findUploadType(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('uploads').select('contentType').where('key', '=', key).executeTakeFirst();
  return row?.contentType;
}

export async function deleteUploadRecord(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('uploads').where('key', '=', key).execute();
}

/** Every column that shows an uploaded image: a new image field belongs here too, or its upload is deleted. */
const IMAGE_COLUMNS = [
  ['events', 'banner'],
  ['chapterInfos', 'logo'],
  ['excomMembers', 'image'],
  ['committeeMembers', 'image'],
  ['humans', 'image'],
] as const;

/**
 * Whether any record still shows the upload: an event banner, a chapter logo, an executive-committee,
 * committee-member or humans photo. Matched by key anywhere in the column, so an address written
 * another way (absolute, with a query) still counts as a use. Keys hold no LIKE wildcards (SAFE_KEY).
 */
export async function isUploadInUse(db: Kysely<Database>, key: string): Promise<boolean> {
  const pattern = `%${key}%`;
  const { inUse } = await db
    .selectNoFrom((eb) =>
      eb
        .or(
          IMAGE_COLUMNS.map(([table, column]) =>
            eb.exists(
              eb
                .selectFrom(table)
                .select(sql`1`.as('one'))
                .where(sql.ref(column), 'like', pattern),
            ),
          ),
        )
        .as('inUse'),
    )
    .executeTakeFirstOrThrow();
  return Boolean(inUse);
}

/** Every image a chapter's records show (event banners, landing logo, committee photos): its account's closure lets them go. */
export async function imagesOfChapter(db: Kysely<Database>, chapterId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('events')
    .select('banner as image')
    .where('chapterId', '=', chapterId)
    .union(db.selectFrom('chapterInfos').select('logo as image').where('chapterId', '=', chapterId))
    .union(db.selectFrom('excomMembers').select('image').where('chapterId', '=', chapterId))
    .execute();
  return rows.map((row) => row.image);
}
