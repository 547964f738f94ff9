import type { Insertable, Kysely } from 'kysely';
import type { Database, UploadTable } from '../db/schema.ts';
import { audited, type AuditNote } from './audit.repository.ts';

/** The index of uploaded images: the bytes live in the blob store, their type and owner here. */
export type NewUpload = Omit<Insertable<UploadTable>, 'createdAt'>;

export async function recordUpload(db: Kysely<Database>, upload: NewUpload, audit: AuditNote): Promise<void> {
  await audited(db, audit, upload.key).insertInto('uploads').values(upload).execute();
}

/** The stored content type of an uploaded image, if the key names one. */
export async function findUploadType(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('uploads').select('contentType').where('key', '=', key).executeTakeFirst();
  return row?.contentType;
}
