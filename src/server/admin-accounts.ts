import type { Kysely } from 'kysely';
import site from '../../content/site.json' with { type: 'json' };
import { hashPassword } from './auth/password.ts';
import type { Database } from './db/schema.ts';
import {
  anyAdminExists,
  findAccountByEmail,
  insertAdmin,
  replacePassword,
  slugInUse,
} from './repositories/admin-accounts.repository.ts';

/**
 * Admin accounts made outside the dashboard: the first one (the home chapter's account, on the first
 * start or deploy) and any made or reset from a shell with `npm run admin` the day a password is lost.
 * Passwords arrive already checked against the account password rule (passwordSchema).
 */

export async function createFirstAdmin(db: Kysely<Database>, email: string, password: string): Promise<string> {
  return insertAdmin(db, {
    name: site.chapterName,
    email,
    slug: site.homeChapterSlug,
    passwordHash: await hashPassword(password),
  });
}

export class AdminAccountError extends Error {
  override name = 'AdminAccountError';
}

async function freeAdminSlug(db: Kysely<Database>): Promise<string> {
  for (let n = 1; ; n++) {
    const slug = n === 1 ? 'admin' : `admin-${n}`;
    if (!(await slugInUse(db, slug))) return slug;
  }
}

/**
 * Sets this admin's password: resets an existing admin's (signing out every session), or creates the
 * account, as the first admin when there is none yet. A chapter account's e-mail is refused: making a
 * chapter an admin is a decision for the dashboard, not a recovery tool.
 */
export async function setAdminPassword(
  db: Kysely<Database>,
  email: string,
  password: string,
  now = new Date(),
): Promise<'created' | 'reset'> {
  const normalized = email.trim().toLowerCase();
  const existing = await findAccountByEmail(db, normalized);
  if (existing && !existing.isAdmin) {
    throw new AdminAccountError(`${normalized} belongs to a chapter account, not an admin; choose another e-mail`);
  }
  if (existing) {
    await replacePassword(db, existing.id, await hashPassword(password), now);
    return 'reset';
  }
  if (!(await anyAdminExists(db))) {
    await createFirstAdmin(db, normalized, password);
    return 'created';
  }
  await insertAdmin(db, {
    name: 'Admin',
    email: normalized,
    slug: await freeAdminSlug(db),
    passwordHash: await hashPassword(password),
  });
  return 'created';
}
