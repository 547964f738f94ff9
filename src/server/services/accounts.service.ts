import type { Kysely } from 'kysely';
import type { z } from 'astro/zod';
import type { chapterCreateSchema, chapterUpdateSchema } from '../../lib/schemas/chapter.schema.ts';
import { slugify } from '../../lib/slug.ts';
import { hashPassword } from '../auth/password.ts';
import type { Chapter, ChapterUpdate, Database } from '../db/schema.ts';
import { conflictError } from './domain-errors.ts';
import {
  createAccount,
  deleteAccount,
  freeSlug,
  isEmailTaken,
  isSlugTaken,
  updateAccount,
} from '../repositories/chapters.repository.ts';
import { listEvents } from '../repositories/events.repository.ts';
import { imagesOfChapter } from '../repositories/uploads.repository.ts';
import { ofChapter } from '../repositories/viewer-scope.ts';
import { auditNote, changedFields, writtenFields } from './audit.ts';
import { purgeStalePages, stalePages } from '../caching/purges.ts';
import type { EditDeps } from './edit-deps.ts';
import { releaseUploads } from './upload-cleanup.ts';

async function assertFree(
  db: Kysely<Database>,
  { email, slug }: { email?: string | undefined; slug?: string | undefined },
  exceptId?: string,
) {
  if (email && (await isEmailTaken(db, email, exceptId)))
    throw conflictError('A chapter with this email already exists');
  if (slug && (await isSlugTaken(db, slug, exceptId))) throw conflictError('This slug is already in use');
}

/** A new chapter account; its slug is derived from the name unless given. */
export async function openChapterAccount(
  { db, pageCache, actor }: EditDeps,
  { password, slug, ...input }: z.output<typeof chapterCreateSchema>,
): Promise<Chapter> {
  await assertFree(db, { email: input.email, slug });
  const fields = [...writtenFields(input), 'slug', 'password'];
  const account = await createAccount(
    db,
    {
      ...input,
      slug: slug ?? (await freeSlug(db, slugify(input.name, 'chapter'))),
      passwordHash: await hashPassword(password),
      isAdmin: false,
    },
    auditNote(actor, { action: 'create', entity: 'account', fields }),
  );
  await purgeStalePages(pageCache, stalePages.newAccount(account.slug));
  return account;
}

/** Edits an account. A new password signs out every session issued before it. */
export async function editChapterAccount(
  // An account's own fields show no uploaded image: no blob store needed.
  { db, pageCache, actor }: Omit<EditDeps, 'blobs'>,
  account: Chapter,
  { password, ...input }: z.output<typeof chapterUpdateSchema>,
  now: Date,
): Promise<Chapter> {
  await assertFree(db, input, account.id);
  const changes: ChapterUpdate = { ...input, updatedAt: now };
  const fields = [...changedFields(account, input), ...(password ? ['password'] : [])];
  const edited = await updateAccount(
    db,
    account.id,
    password ? { ...changes, ...(await newPassword(account, password, now)) } : changes,
    auditNote(actor, { action: 'update', entity: 'account', fields }),
  );
  const events = edited.slug === account.slug ? [] : await listEvents(db, ofChapter(account.id));
  await purgeStalePages(
    pageCache,
    stalePages.editedAccount(
      account,
      edited,
      events.map((event) => event.id),
    ),
  );
  return edited;
}

/**
 * Deletes an account; the database deletes its landing page, events and committee with it (the trail
 * records the account's deletion, which says as much), and the uploads only they showed are removed.
 */
export async function closeChapterAccount({ db, pageCache, blobs, actor }: EditDeps, account: Chapter): Promise<void> {
  const events = await listEvents(db, ofChapter(account.id));
  const images = await imagesOfChapter(db, account.id);
  await deleteAccount(db, account.id, auditNote(actor, { action: 'delete', entity: 'account' }));
  await purgeStalePages(
    pageCache,
    stalePages.closedAccount(
      account.slug,
      events.map((event) => event.id),
    ),
  );
  await releaseUploads({ db, blobs }, images);
}

/**
 * Sets an account's password: the holder changing their own (who proved the current one) or an admin
 * setting a chapter's. Every session of the account issued before ends; the caller re-issues its own.
 */
export async function setAccountPassword(
  { db, actor }: Pick<EditDeps, 'db' | 'actor'>,
  account: Chapter,
  password: string,
  now: Date,
): Promise<Chapter> {
  const audit = auditNote(actor, { action: 'update', entity: 'account', fields: ['password'] });
  return updateAccount(db, account.id, await newPassword(account, password, now), audit);
}

/** The changes that set a new password; bumping the session version signs out every earlier session. */
export async function newPassword(account: Chapter, password: string, now: Date): Promise<ChapterUpdate> {
  return {
    passwordHash: await hashPassword(password),
    passwordChangedAt: now,
    sessionVersion: account.sessionVersion + 1,
    updatedAt: now,
  };
}
