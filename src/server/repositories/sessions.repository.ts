import { sql, type Kysely } from 'kysely';
import type { Chapter, Database } from '../db/schema.ts';
import { byId } from './ids.ts';

/** Expired sessions deleted per sign-in, oldest first (as rate-limit counters are). */
export const SESSION_PURGE_BATCH = 100;

export interface NewSession {
  id: string;
  chapterId: string;
  /** The account's session version now: the session counts while the account keeps it. */
  version: number;
  expiresAt: Date;
}

/**
 * Records a new session. The same statement deletes the account's sessions that no longer count
 * (expired, or from before a password change or "Sign out everywhere") and a batch of anyone's expired
 * ones, so the table holds little more than the live sessions.
 */
export async function openSession(db: Kysely<Database>, session: NewSession, now: Date): Promise<void> {
  await sql`
    with stale as (
      delete from sessions where id in (
        (select id from sessions where chapter_id = ${session.chapterId}
          and (expires_at <= ${now} or version <> ${session.version}))
        union
        (select id from sessions where expires_at <= ${now} order by expires_at limit ${SESSION_PURGE_BATCH})
      )
    )
    insert into sessions (id, chapter_id, version, expires_at)
    values (${session.id}, ${session.chapterId}, ${session.version}, ${session.expiresAt})
  `.execute(db);
}

/**
 * The account a session belongs to, if the session still counts: not logged out, not expired, and
 * issued under the account's current session version. One query, as the account alone was before.
 */
export function findSessionAccount(
  db: Kysely<Database>,
  sessionId: string,
  chapterId: string,
  now: Date,
): Promise<Chapter | undefined> {
  return byId(chapterId, (accountId) =>
    db
      .selectFrom('sessions')
      .innerJoin('chapters', (join) =>
        join.onRef('chapters.id', '=', 'sessions.chapterId').onRef('chapters.sessionVersion', '=', 'sessions.version'),
      )
      .selectAll('chapters')
      .where('sessions.id', '=', sessionId)
      .where('sessions.chapterId', '=', accountId)
      .where('sessions.expiresAt', '>', now)
      .executeTakeFirst(),
  );
}

/** Logout: this session ends; the account's others go on. */
export async function endSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Keeps one session through a bump of its account's session version (the browser that changed the password). */
export async function carrySession(db: Kysely<Database>, sessionId: string, version: number): Promise<void> {
  await db.updateTable('sessions').set({ version }).where('id', '=', sessionId).execute();
}
