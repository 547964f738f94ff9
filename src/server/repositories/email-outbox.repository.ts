import { sql, type Kysely } from 'kysely';
import type { Database, EmailKind } from '../db/schema.ts';
import type { RegistrationSettings, RegistrationStatus } from '../../lib/types.ts';
import { isoTime } from './api-shape.ts';

/**
 * The outbox of registration mail. A message is queued in the transaction that made its
 * reason (a registration, a promotion, a certificate, a released hold), so it is queued if and only if that commits; a sender works
 * through the queue later, composing each message from the registration as it is then. A slow or
 * failing mail server therefore never delays or loses a registration.
 */
export interface QueuedEmail {
  kind: EmailKind;
  registrationId: string;
}

/** Queues one message, due at once (never to a walk-in: see enqueueEmails). */
export async function enqueueEmail(db: Kysely<Database>, email: QueuedEmail): Promise<void> {
  await enqueueEmails(db, [email]);
}

/**
 * Queues several (a capacity raise promotes many at once) in one statement. A walk-in (added at the
 * door) is never sent registration mail, whatever happens to their registration later: their messages
 * are left out here, in the one place mail is queued after a registration exists. A message of a kind
 * that has one cause per registration (a certificate issued or withdrawn, a hold released: the index
 * `email_outbox_once_per_cause`) that is already queued or sent is not queued again.
 */
export async function enqueueEmails(db: Kysely<Database>, emails: readonly QueuedEmail[]): Promise<void> {
  if (emails.length === 0) return;
  const kinds = new Map(emails.map(({ kind, registrationId }) => [registrationId, kind]));
  await db
    .insertInto('emailOutbox')
    .columns(['kind', 'registrationId'])
    .expression((eb) =>
      eb
        .selectFrom('registrations')
        .select([
          sql<EmailKind>`case ${sql.join(
            emails.map(({ kind, registrationId }) => sql`when registrations.id = ${registrationId} then ${kind}::text`),
            sql` `,
          )} end`.as('kind'),
          'registrations.id',
        ])
        .where('registrations.id', 'in', [...kinds.keys()])
        .where('registrations.walkIn', '=', false),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A message claimed for sending: its lease keeps other deliveries off it until leaseUntil. */
export interface ClaimedEmail {
  id: string;
  kind: EmailKind;
  registrationId: string;
  /** Attempts so far, this one included. */
  attempts: number;
  leaseUntil: Date;
}

/**
 * Claims up to `limit` due messages (unsent, due, not under another delivery's lease, fewer than
 * `maxAttempts` tries), oldest first, in one statement: the rows are locked with SKIP LOCKED while
 * they are leased, so two deliveries running at once (two function instances, or a timer and a kick)
 * never take the same message. The claim counts as an attempt.
 */
export async function claimDueEmail(
  db: Kysely<Database>,
  { now, limit, leaseMs, maxAttempts }: { now: Date; limit: number; leaseMs: number; maxAttempts: number },
): Promise<ClaimedEmail[]> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const rows = await db
    .updateTable('emailOutbox')
    .set((eb) => ({ leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('emailOutbox')
        .select('id')
        .where('sentAt', 'is', null)
        .where('nextAttemptAt', '<=', now)
        .where('attempts', '<', maxAttempts)
        .where((w) => w.or([w('leaseUntil', 'is', null), w('leaseUntil', '<', now)]))
        .orderBy('createdAt')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'kind', 'registrationId', 'attempts', 'createdAt'])
    .execute();
  // RETURNING keeps no order: oldest first, as claimed.
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map(({ createdAt: _, ...row }) => ({ ...row, leaseUntil }));
}

/** Who a message goes to and what it is about, as they are now (the message is composed from this). */
export interface EmailRecipient {
  fullName: string;
  email: string;
  ticket: string;
  status: RegistrationStatus;
  /** The place on the waitlist: 1 + the event's waitlisted registrations ahead in its order; null otherwise. */
  position: number | null;
  /** Whether the event has a seat free now (no capacity, or fewer confirmed than it). */
  seatFree: boolean;
  /** "Confirm by e-mail": 'pending' while the link waits to be used; the seat's hold meanwhile. */
  emailConfirmation: 'pending' | 'confirmed' | null;
  holdUntil: Date | null;
  /** When the seat was released because the e-mail was not confirmed in time. */
  holdReleasedAt: Date | null;
  /** Its certificate of attendance, once issued (withdrawn or not). */
  certificate: { id: string; withdrawnAt: Date | null; withdrawnReason: string | null } | null;
  event: {
    id: string;
    title: string;
    eventDate: string;
    startTime: string;
    endTime: string;
    location: string;
    status: 'published' | 'draft';
    /** Whether, and when, it takes registrations (someone released registers again only while it does). */
    registration: Pick<RegistrationSettings, 'mode' | 'opensAt' | 'closesAt'>;
  };
}

export async function findEmailRecipient(
  db: Kysely<Database>,
  registrationId: string,
): Promise<EmailRecipient | undefined> {
  const row = await db
    .selectFrom('registrations as r')
    .innerJoin('events as e', 'e.id', 'r.eventId')
    // One certificate per registration at most (its registration_id is unique).
    .leftJoin('certificates as c', 'c.registrationId', 'r.id')
    .select((eb) => [
      'r.fullName',
      'r.email',
      'r.ticket',
      'r.status',
      'r.emailConfirmation',
      'r.holdUntil',
      'r.holdReleasedAt',
      'c.id as certificateId',
      'c.withdrawnAt as certificateWithdrawnAt',
      'c.withdrawnReason as certificateWithdrawnReason',
      'e.id as eventId',
      'e.title',
      'e.eventDate',
      'e.startTime',
      'e.endTime',
      'e.location',
      'e.status as eventStatus',
      'e.registrationMode',
      'e.registrationOpensAt',
      'e.registrationClosesAt',
      eb
        .selectFrom('registrations as w')
        .select((c) => c.fn.countAll<string>().as('ahead'))
        .whereRef('w.eventId', '=', 'r.eventId')
        .where('w.status', '=', 'waitlisted')
        // The waitlist's order: those still to confirm their e-mail wait behind those who are not.
        .where(
          sql<boolean>`(w.email_confirmation is not distinct from 'pending', w.seq)
            < (r.email_confirmation is not distinct from 'pending', r.seq)`,
        )
        .as('ahead'),
      sql<boolean>`e.registration_capacity is null or (select count(*) from registrations c
        where c.event_id = r.event_id and c.status = 'confirmed') < e.registration_capacity`.as('seatFree'),
    ])
    .where('r.id', '=', registrationId)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    eventId,
    title,
    eventDate,
    startTime,
    endTime,
    location,
    eventStatus,
    registrationMode,
    registrationOpensAt,
    registrationClosesAt,
    certificateId,
    certificateWithdrawnAt,
    certificateWithdrawnReason,
    ahead,
    seatFree,
    ...registration
  } = row;
  return {
    ...registration,
    position: registration.status === 'waitlisted' ? Number(ahead ?? 0) + 1 : null,
    seatFree: Boolean(seatFree),
    certificate:
      certificateId === null
        ? null
        : { id: certificateId, withdrawnAt: certificateWithdrawnAt, withdrawnReason: certificateWithdrawnReason },
    event: {
      id: eventId,
      title,
      eventDate,
      startTime,
      endTime,
      location,
      status: eventStatus,
      registration: {
        mode: registrationMode,
        opensAt: registrationOpensAt && isoTime(registrationOpensAt),
        closesAt: registrationClosesAt && isoTime(registrationClosesAt),
      },
    },
  };
}

export async function markEmailSent(db: Kysely<Database>, id: string, now: Date): Promise<void> {
  await db
    .updateTable('emailOutbox')
    .set({ sentAt: now, leaseUntil: null, lastError: null })
    .where('id', '=', id)
    .execute();
}

/**
 * Records a failed send. With a next attempt, the message waits until then; without one it is given
 * up: the row stays, unsent, with its error, and is never claimed again.
 */
export async function markEmailFailed(
  db: Kysely<Database>,
  id: string,
  { error, nextAttemptAt }: { error: string; nextAttemptAt: Date | undefined },
): Promise<void> {
  await db
    .updateTable('emailOutbox')
    .set({ lastError: error, leaseUntil: null, ...(nextAttemptAt ? { nextAttemptAt } : {}) })
    .where('id', '=', id)
    .execute();
}

/** Hands claimed messages back unsent (their lease was running out): the claim doesn't count as an attempt. */
export async function releaseEmail(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('emailOutbox')
    .set((eb) => ({ leaseUntil: null, attempts: eb('attempts', '-', 1) }))
    .where('id', 'in', ids)
    .execute();
}

/** Drops a message that no longer applies (its registration was cancelled, or moved on). */
export async function deleteEmail(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('emailOutbox').where('id', '=', id).execute();
}

/**
 * Holds a message back unsent until `until` (its address has had its share of mail for now): the
 * claim is not counted as an attempt, so a held message never comes nearer to being given up, and
 * its row says why it waits.
 */
export async function holdEmail(
  db: Kysely<Database>,
  id: string,
  { reason, until }: { reason: string; until: Date },
): Promise<void> {
  await db
    .updateTable('emailOutbox')
    .set((eb) => ({ leaseUntil: null, lastError: reason, nextAttemptAt: until, attempts: eb('attempts', '-', 1) }))
    .where('id', '=', id)
    .execute();
}

/**
 * Takes a place for one message to an address (named by its hash), unless `refuse` finds the
 * address's recent sends (newest first, within `since`) already at a cap: then nothing is written and
 * its answer is returned. Sends to one address are counted and added under a lock of that address,
 * so two deliveries at once cannot both take its last place. Rows older than `since` (any address's)
 * are deleted on the way.
 */
export async function reserveEmailSend<Refusal>(
  db: Kysely<Database>,
  { addressHash, now, since }: { addressHash: string; now: Date; since: Date },
  refuse: (recentSends: Date[]) => Refusal | undefined,
): Promise<{ reserved: string } | { refused: Refusal }> {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${addressHash}))`.execute(tx);
    await tx.deleteFrom('emailSends').where('sentAt', '<', since).execute();
    const recent = await tx
      .selectFrom('emailSends')
      .select('sentAt')
      .where('addressHash', '=', addressHash)
      .where('sentAt', '>=', since)
      .orderBy('sentAt', 'desc')
      .execute();
    const refused = refuse(recent.map((r) => r.sentAt));
    if (refused !== undefined) return { refused };
    const row = await tx
      .insertInto('emailSends')
      .values({ addressHash, sentAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { reserved: row.id };
  });
}

/** Gives a place back: its message was not sent after all (the server refused it). */
export async function releaseEmailSend(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('emailSends').where('id', '=', id).execute();
}
