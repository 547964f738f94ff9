import { sql, type Kysely } from 'kysely';

/** Why a door pass may be revoked, as SQL's list. */
const REASONS = sql.raw(`'staff', 'sign-out-everywhere', 'password', 'account-deleted'`);
const EARLIER_REASONS = sql.raw(`'staff', 'sign-out-everywhere', 'password'`);

/**
 * A door pass dies with the account that made it: deleting an account revokes its passes, and
 * `door_passes.revoked_reason` says so (`account-deleted`). The check of the reasons is replaced by one
 * that names it too, under a name of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await dropReasonChecks(db);
  await sql`alter table door_passes add constraint door_passes_revoked_reason_check
    check (revoked_reason in (${REASONS}))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropReasonChecks(db);
  // Revoked all the same: by the staff member who deleted the account.
  await sql`update door_passes set revoked_reason = 'staff' where revoked_reason = 'account-deleted'`.execute(db);
  await sql`alter table door_passes add constraint door_passes_revoked_reason_check
    check (revoked_reason in (${EARLIER_REASONS}))`.execute(db);
}

/** Drops the checks of door_passes.revoked_reason, whatever the database named them. */
async function dropReasonChecks(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    declare c record;
    begin
      for c in
        select conname from pg_constraint
        where conrelid = 'door_passes'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%revoked_reason%'
      loop
        execute format('alter table door_passes drop constraint %I', c.conname);
      end loop;
    end $$
  `.execute(db);
}
