import { sql, type Kysely } from 'kysely';

/**
 * What a door pass may do, and what staff see of it.
 *
 * - `door_passes.walk_in_limit`: how many walk-ins the pass may add, chosen by staff when they make it
 *   (passes made before this migration get the default, 20).
 * - `door_passes.revoked_reason`: why it was revoked: by staff on its event's page (`staff`), or with
 *   everything its maker signed in with (`sign-out-everywhere`, `password`); null while not revoked.
 * - `check_ins.sent_late`: a check-in a pass scanned before its end and sent in the two hours after it
 *   (a phone that was offline at closing time); staff see how many each pass sent so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('door_passes')
    .addColumn('walk_in_limit', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(20)
        .check(sql`walk_in_limit >= 0`),
    )
    .execute();
  await db.schema
    .alterTable('door_passes')
    .addColumn('revoked_reason', 'text', (c) =>
      c.check(sql`revoked_reason in ('staff', 'sign-out-everywhere', 'password')`),
    )
    .execute();
  // Passes revoked before this migration were revoked by staff: that was the only way.
  await sql`update door_passes set revoked_reason = 'staff' where revoked_at is not null`.execute(db);
  await db.schema
    .alterTable('check_ins')
    .addColumn('sent_late', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('check_ins').dropColumn('sent_late').execute();
  await db.schema.alterTable('door_passes').dropColumn('revoked_reason').execute();
  await db.schema.alterTable('door_passes').dropColumn('walk_in_limit').execute();
}
