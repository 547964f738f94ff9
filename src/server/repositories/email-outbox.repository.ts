import type { Kysely } from 'kysely';
import type { Database, EmailKind } from '../db/schema.ts';

/**
 * The outbox of registration mail (issue 27). A message is queued in the transaction that made its
 * reason (a registration, a promotion), so it is queued if and only if that commits; a sender works
 * through the queue later, composing each message from the registration as it is then. A slow or
 * failing mail server therefore never delays or loses a registration.
 */
export interface QueuedEmail {
  kind: EmailKind;
  registrationId: string;
}

/** Queues one message, due at once. */
export async function enqueueEmail(db: Kysely<Database>, { kind, registrationId }: QueuedEmail): Promise<void> {
  await db.insertInto('emailOutbox').values({ kind, registrationId }).execute();
}

/** Queues several (a capacity raise promotes many at once) in one statement. */
export async function enqueueEmails(db: Kysely<Database>, emails: readonly QueuedEmail[]): Promise<void> {
  if (emails.length === 0) return;
  await db
    .insertInto('emailOutbox')
    .values(emails.map(({ kind, registrationId }) => ({ kind, registrationId })))
    .execute();
}
