import type { Kysely } from 'kysely';
import type { z } from 'astro/zod';
import type { chapterCreateSchema, chapterUpdateSchema } from '../../lib/schemas/chapter.schema.ts';
import { slugify } from '../../lib/slug.ts';
import { hashPassword } from '../auth/password.ts';
import { COMMON_PASSWORD, isCommonPassword } from '../auth/password-policy.ts';
import type { Chapter, ChapterUpdate, Database, NewChapter } from '../db/schema.ts';
import { CHAPTER_NOT_FOUND } from '../../lib/api-errors.ts';
import { conflictError, invalidInput, notFoundError } from './domain-errors.ts';
import { auditedChange } from '../repositories/audit.repository.ts';
import {
  createAccount,
  deleteAccount,
  findAccountById,
  freeSlug,
  isEmailTaken,
  isSlugTaken,
  updateAccount,
  updateAccountWithAudit,
} from '../repositories/chapters.repository.ts';
import { listEvents } from '../repositories/events.repository.ts';
import { imagesOfChapter } from '../repositories/uploads.repository.ts';
import { ofChapter } from '../repositories/viewer-scope.ts';
import { auditRow } from './audit.service.ts';
import { revokePassesMadeBy } from './door-passes.service.ts';
import { purgeStalePages, stalePages } from '../caching/purges.ts';
import type { EditDeps } from './edit-deps.ts';
import { releaseUploads } from './upload-cleanup.service.ts';

async function assertFree(
  db: Kysely<Database>,
  { email, slug }: { email?: string | undefined; slug?: string | undefined },
  exceptId?: string,
) {
  if (email && (await isEmailTaken(db, email, exceptId)))
    throw conflictError('email_taken', 'A chapter with this email already exists');
  if (slug && (await isSlugTaken(db, slug, exceptId))) throw conflictError('slug_taken', 'This slug is already in use');
}

/** The most common passwords are refused (the list is the server's alone: too large for the forms). */
function assertUncommon(password: string, field: string) {
  if (isCommonPassword(password)) throw invalidInput(COMMON_PASSWORD, [{ path: field, message: COMMON_PASSWORD }]);
}

const ACCOUNT_NOT_FOUND = CHAPTER_NOT_FOUND;

/** A new chapter account; its slug is derived from the name unless given. */
export async function openChapterAccount(
  { db, pageCache, actor }: EditDeps,
  { password, slug, ...input }: z.output<typeof chapterCreateSchema>,
): Promise<Chapter> {
  assertUncommon(password, 'password');
  await assertFree(db, { email: input.email, slug });
  const fields: NewChapter = {
    ...input,
    slug: slug ?? (await freeSlug(db, slugify(input.name, 'chapter'))),
    passwordHash: await hashPassword(password),
    isAdmin: false,
  };
  const account = await auditedChange(
    db,
    (tx) => createAccount(tx, fields),
    (after) => auditRow(actor, 'account', { action: 'create', after }),
  );
  await purgeStalePages(pageCache, stalePages.newAccount(account.slug));
  return account;
}

/**
 * Edits an account. A new password signs out every session issued before it, and revokes the door
 * passes the account made (in the same transaction).
 */
export async function editChapterAccount(
  // An account's own fields show no uploaded image: no blob store needed.
  { db, pageCache, actor }: Omit<EditDeps, 'blobs'>,
  account: Chapter,
  { password, ...input }: z.output<typeof chapterUpdateSchema>,
  now: Date,
): Promise<Chapter> {
  if (password) assertUncommon(password, 'password');
  await assertFree(db, input, account.id);
  // Hashed before the transaction: bcrypt takes a while, and the row stays locked meanwhile.
  const passwordHash = password ? await hashPassword(password) : undefined;
  const { before, after } = await auditedChange(
    db,
    async (tx) => {
      const stored = await findAccountById(tx, account.id, { lock: true });
      if (!stored) throw notFoundError('chapter_not_found', ACCOUNT_NOT_FOUND);
      const changes: ChapterUpdate = {
        ...input,
        updatedAt: now,
        ...(passwordHash ? passwordChange(stored, passwordHash, now) : {}),
      };
      const edited = await updateAccount(tx, account.id, changes);
      if (!edited) throw notFoundError('chapter_not_found', ACCOUNT_NOT_FOUND);
      if (passwordHash) await revokePassesMadeBy(tx, account.id, actor, 'password', now);
      return { before: stored, after: edited };
    },
    (change) => auditRow(actor, 'account', { action: 'update', ...change }),
  );
  // Committed: a new slug shows in each of its events too.
  const events = after.slug === before.slug ? [] : await listEvents(db, ofChapter(account.id));
  await purgeStalePages(
    pageCache,
    stalePages.editedAccount(
      before,
      after,
      events.map((event) => event.id),
    ),
  );
  return after;
}

/**
 * Deletes an account; the database deletes its landing page, events and committee with it (the trail
 * records the account's deletion, by its name, which says as much), and the uploads only they showed
 * are removed. In the same transaction the door passes the account made are revoked, each audited
 * (`account-deleted`): a pass is as trusted as the sign-in that made it, and it has none left.
 */
export async function closeChapterAccount(
  { db, pageCache, blobs, actor }: EditDeps,
  account: Chapter,
  now: Date,
): Promise<void> {
  const events = await listEvents(db, ofChapter(account.id));
  const images = await imagesOfChapter(db, account.id);
  const audit = auditRow(actor, 'account', { action: 'delete', before: account });
  const deleted = await db.transaction().execute(async (tx) => {
    // Before the account goes: its passes name it as their maker until then.
    await revokePassesMadeBy(tx, account.id, actor, 'account-deleted', now);
    return deleteAccount(tx, account.id, audit);
  });
  if (!deleted) throw notFoundError('chapter_not_found', ACCOUNT_NOT_FOUND);
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
 * The account's change and its audit row are one statement (a new hash always differs from the old: a
 * fresh salt, so the changed field is known beforehand, and its value is never kept); in the same
 * transaction the door passes the account made are revoked, each audited.
 */
export async function setAccountPassword(
  { db, actor }: Pick<EditDeps, 'db' | 'actor'>,
  account: Chapter,
  password: string,
  now: Date,
): Promise<Chapter> {
  assertUncommon(password, 'newPassword');
  const changes = passwordChange(account, await hashPassword(password), now);
  return endSessionsWith({ db, actor }, account, changes, 'password', now);
}

/**
 * "Sign out everywhere": bumping the session version ends every session of the account, the one that
 * asked included, and the door passes it made are revoked with them. Recorded in the trail as a change
 * of the account's `sessions`, and a revocation of each pass.
 */
export async function endEverySession(
  { db, actor }: Pick<EditDeps, 'db' | 'actor'>,
  account: Chapter,
  now: Date,
): Promise<Chapter> {
  const changes = { sessionVersion: account.sessionVersion + 1 } satisfies ChapterUpdate;
  return endSessionsWith({ db, actor }, account, changes, 'sign-out-everywhere', now);
}

/**
 * A change that bumps the account's session version (so ends its sessions), with its audit row, and the
 * revocation of the door passes the account made, audited: one transaction.
 */
async function endSessionsWith(
  { db, actor }: Pick<EditDeps, 'db' | 'actor'>,
  account: Chapter,
  changes: Pick<Chapter, 'sessionVersion'> & Partial<Pick<Chapter, 'passwordHash' | 'passwordChangedAt' | 'updatedAt'>>,
  reason: 'password' | 'sign-out-everywhere',
  now: Date,
): Promise<Chapter> {
  const audit = auditRow(actor, 'account', { action: 'update', before: account, after: { ...account, ...changes } });
  const updated =
    audit &&
    (await db.transaction().execute(async (tx) => {
      const row = await updateAccountWithAudit(tx, account.id, changes, audit);
      if (row) await revokePassesMadeBy(tx, account.id, actor, reason, now);
      return row;
    }));
  if (!updated) throw notFoundError('chapter_not_found', ACCOUNT_NOT_FOUND);
  return updated;
}

/** The changes that set a new password; bumping the session version signs out every earlier session. */
function passwordChange(account: Chapter, passwordHash: string, now: Date) {
  return {
    passwordHash,
    passwordChangedAt: now,
    sessionVersion: account.sessionVersion + 1,
    updatedAt: now,
  } satisfies ChapterUpdate;
}
