import type { Kysely } from 'kysely';
import type { SupportMessage } from '../../lib/types.ts';
import type { Database } from '../db/schema.ts';
import { deleteSupportMessage, setSupportMessageHandled } from '../repositories/support-messages.repository.ts';

/** An admin marks a message handled (answered) or unhandled again. Undefined when there is no such message. */
export function markSupportMessage(
  db: Kysely<Database>,
  id: string,
  handled: boolean,
  now: Date,
): Promise<SupportMessage | undefined> {
  return setSupportMessageHandled(db, id, handled, now);
}

/** False when there was no such message. */
export function removeSupportMessage(db: Kysely<Database>, id: string): Promise<boolean> {
  return deleteSupportMessage(db, id);
}
