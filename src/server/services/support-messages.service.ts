import type { Kysely } from 'kysely';
import type { SupportMessage } from '../../lib/types.ts';
import type { Database } from '../db/schema.ts';
import { auditedChange } from '../repositories/audit.repository.ts';
import {
  deleteSupportMessage,
  findSupportMessage,
  setSupportMessageHandled,
} from '../repositories/support-messages.repository.ts';
import { auditRow, type Actor } from './audit.ts';

/**
 * An admin marks a message handled (answered) or unhandled again; marking it as it already is changes
 * nothing and records nothing. Undefined when there is no such message.
 */
export async function markSupportMessage(
  db: Kysely<Database>,
  id: string,
  handled: boolean,
  now: Date,
  actor: Actor,
): Promise<SupportMessage | undefined> {
  const change = await auditedChange(
    db,
    async (tx) => {
      const before = await findSupportMessage(tx, id, { lock: true });
      const after = before && (await setSupportMessageHandled(tx, id, handled, now));
      return before && after && { before, after };
    },
    (change) => change && auditRow(actor, 'support-message', { action: 'update', ...change }),
  );
  return change?.after;
}

/** False when there was no such message. */
export async function removeSupportMessage(db: Kysely<Database>, id: string, actor: Actor): Promise<boolean> {
  const message = await findSupportMessage(db, id);
  if (!message) return false;
  return deleteSupportMessage(db, id, auditRow(actor, 'support-message', { action: 'delete', before: message }));
}
