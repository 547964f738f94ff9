import { sql, type Kysely } from 'kysely';
import type { ChapterAccount, ChapterContents } from '../../lib/types.ts';
import type { Chapter, ChapterUpdate, Database, NewChapter } from '../db/schema.ts';
import { apiIds, isoTime } from './api-shape.ts';
import { auditEach, deleteWithAudit, TOUCHED, type AuditRow } from './audit.repository.ts';
import { findById, type FindById } from './ids.ts';

/**
 * Chapter accounts: the people who sign in. The repository returns whole accounts (the session needs
 * the password hash and session version); `toChapterAccount` is the shape that may leave the server.
 */
export const toChapterAccount = (row: Chapter): ChapterAccount => ({
  ...apiIds(row.id),
  name: row.name,
  email: row.email,
  phone: row.phone,
  slug: row.slug,
  isAdmin: row.isAdmin,
  publicEmail: row.publicEmail ?? null,
});

/** See FindById (ids.ts) for what `lock` holds. */
export const findAccountById: FindById<Chapter> = findById((db, id, lock) => {
  const query = db.selectFrom('chapters').selectAll().where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
});

/** E-mail addresses are unique whatever their case. */
export function findAccountByEmail(db: Kysely<Database>, email: string): Promise<Chapter | undefined> {
  return db
    .selectFrom('chapters')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Slugs are stored lower-case; a link typed in capitals still finds its chapter. */
export function findAccountBySlug(db: Kysely<Database>, slug: string): Promise<Chapter | undefined> {
  return db.selectFrom('chapters').selectAll().where('slug', '=', slug.toLowerCase()).executeTakeFirst();
}

/** The first admin account, if any (a new database has none until the first start creates it). */
export function findAdmin(db: Kysely<Database>): Promise<Chapter | undefined> {
  return db.selectFrom('chapters').selectAll().where('isAdmin', '=', true).orderBy('createdAt').executeTakeFirst();
}

/** The sign-in e-mail of every admin account, oldest first. */
export async function adminEmails(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('chapters')
    .select('email')
    .where('isAdmin', '=', true)
    .orderBy('createdAt')
    .execute();
  return rows.map((r) => r.email);
}

/** Admins first, then by name. */
export function listAccounts(db: Kysely<Database>): Promise<Chapter[]> {
  return db.selectFrom('chapters').selectAll().orderBy('isAdmin', 'desc').orderBy('name').execute();
}

export async function isEmailTaken(db: Kysely<Database>, email: string, exceptId?: string): Promise<boolean> {
  const owner = await findAccountByEmail(db, email);
  return owner !== undefined && owner.id !== exceptId;
}

export async function isSlugTaken(db: Kysely<Database>, slug: string, exceptId?: string): Promise<boolean> {
  const owner = await findAccountBySlug(db, slug);
  return owner !== undefined && owner.id !== exceptId;
}

/** The first free slug of base, base-2, base-3... */
export async function freeSlug(db: Kysely<Database>, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await isSlugTaken(db, candidate))) return candidate;
  }
}

/**
 * What a chapter account holds, which the database deletes with it: its events (drafts too), its
 * executive committee and whether it wrote landing info. One round trip.
 */
export async function countAccountContents(db: Kysely<Database>, chapterId: string): Promise<ChapterContents> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('events')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('chapterId', '=', chapterId)
        .as('events'),
      eb
        .selectFrom('excomMembers')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('chapterId', '=', chapterId)
        .as('excom'),
      eb.exists(eb.selectFrom('chapterInfos').select('id').where('chapterId', '=', chapterId)).as('landingInfo'),
    ])
    .executeTakeFirstOrThrow();
  return { events: Number(row.events), excom: Number(row.excom), landingInfo: Boolean(row.landingInfo) };
}

export function createAccount(db: Kysely<Database>, account: NewChapter): Promise<Chapter> {
  return db.insertInto('chapters').values(account).returningAll().executeTakeFirstOrThrow();
}

/** The account as changed, or undefined when there is no such account. */
export function updateAccount(db: Kysely<Database>, id: string, changes: ChapterUpdate): Promise<Chapter | undefined> {
  return db.updateTable('chapters').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * An update whose audit row is known before it runs (a new password: the field is always "password",
 * its value never kept), with that row in the same statement. Undefined when there is no such account.
 */
export function updateAccountWithAudit(
  db: Kysely<Database>,
  id: string,
  changes: ChapterUpdate,
  audit: AuditRow,
): Promise<Chapter | undefined> {
  return db
    .with(TOUCHED, (q) => q.updateTable('chapters').set(changes).where('id', '=', id).returningAll())
    .with('audit', () => auditEach(audit))
    .selectFrom(TOUCHED)
    .selectAll()
    .executeTakeFirst();
}

/** Deletes an account with its audit row (one statement). False when there was none. */
export function deleteAccount(db: Kysely<Database>, id: string, audit: AuditRow): Promise<boolean> {
  return deleteWithAudit(db, 'chapters', id, audit);
}

/** A chapter's public landing page, as the sitemap lists it: admins have none. */
export interface ChapterPageEntry {
  slug: string;
  /** When the landing page was last written (ISO); absent until the chapter writes it. */
  updatedAt: string | undefined;
}

export async function listChapterPages(db: Kysely<Database>): Promise<ChapterPageEntry[]> {
  const rows = await db
    .selectFrom('chapters')
    .leftJoin('chapterInfos', 'chapterInfos.chapterId', 'chapters.id')
    .select(['chapters.slug as slug', 'chapterInfos.updatedAt as updatedAt'])
    .where('chapters.isAdmin', '=', false)
    .orderBy('chapters.slug')
    .execute();
  return rows.map((row) => ({ slug: row.slug, updatedAt: row.updatedAt ? isoTime(row.updatedAt) : undefined }));
}

/** The display names of the chapters with these slugs, by name (a filter's choices). */
export async function listChapterNames(
  db: Kysely<Database>,
  slugs: readonly string[],
): Promise<{ slug: string; name: string }[]> {
  if (slugs.length === 0) return [];
  return db
    .selectFrom('chapters')
    .select(['slug', 'name'])
    .where('slug', 'in', [...slugs])
    .orderBy('name')
    .execute();
}
