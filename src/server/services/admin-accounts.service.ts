import type { Kysely } from 'kysely';
import site from '../../../content/site.json' with { type: 'json' };
import { hashPassword } from '../auth/password.ts';
import type { Database } from '../db/schema.ts';
import { createAccount, findAccountByEmail, findAdmin, freeSlug } from '../repositories/chapters.repository.ts';
import { setAccountPassword } from './accounts.service.ts';
import { auditedChange } from '../repositories/audit.repository.ts';
import { auditRow, SYSTEM_ACTOR } from './audit.service.ts';

/**
 * Admin accounts made outside the dashboard: the first one (the home chapter's account, on the first
 * start or deploy) and any made or reset from a shell with `npm run admin` the day a password is lost.
 * Passwords arrive already checked against the account password rule (passwordSchema).
 */

async function createAdmin(
  db: Kysely<Database>,
  account: { name: string; email: string; slug: string },
  password: string,
) {
  const fields = { ...account, phone: '', isAdmin: true, passwordHash: await hashPassword(password) };
  const created = await auditedChange(
    db,
    (tx) => createAccount(tx, fields),
    (after) => auditRow(SYSTEM_ACTOR, 'account', { action: 'create', after }),
  );
  return created.id;
}

export function createFirstAdmin(db: Kysely<Database>, email: string, password: string): Promise<string> {
  return createAdmin(db, { name: site.chapterName, email, slug: site.homeChapterSlug }, password);
}

export async function anyAdminExists(db: Kysely<Database>): Promise<boolean> {
  return (await findAdmin(db)) !== undefined;
}

export class AdminAccountError extends Error {
  override name = 'AdminAccountError';
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
    await setAccountPassword({ db, actor: SYSTEM_ACTOR }, existing, password, now);
    return 'reset';
  }
  if (!(await anyAdminExists(db))) {
    await createFirstAdmin(db, normalized, password);
    return 'created';
  }
  await createAdmin(db, { name: 'Admin', email: normalized, slug: await freeSlug(db, 'admin') }, password);
  return 'created';
}
