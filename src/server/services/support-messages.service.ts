import type { Kysely } from 'kysely';
import type { SupportMessage } from '../../lib/types.ts';
import type { Database } from '../db/schema.ts';
import { deleteSupportMessage, setSupportMessageHandled } from '../repositories/support-messages.repository.ts';
import { recordAudit, type Actor } from './audit.ts';

/** An admin marks a message handled (answered) or unhandled again. Undefined when there is no such message. */
export async function markSupportMessage(
  db: Kysely<Database>,
  id: string,
  handled: boolean,
  now: Date,
  actor: Actor,
): Promise<SupportMessage | undefined> {
  const message = await setSupportMessageHandled(db, id, handled, now);
  if (message) {
    await recordAudit(db, actor, {
      action: 'update',
      entity: 'support-message',
      entityId: message.id,
      fields: ['handled'],
    });
  }
  return message;
}

/** False when there was no such message. */
export async function removeSupportMessage(db: Kysely<Database>, id: string, actor: Actor): Promise<boolean> {
  const removed = await deleteSupportMessage(db, id);
  if (removed) await recordAudit(db, actor, { action: 'delete', entity: 'support-message', entityId: id });
  return removed;
}
