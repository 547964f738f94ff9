import type { Kysely } from 'kysely';
import type { z } from 'astro/zod';
import type { contactSchema } from '../../lib/schemas/people.schema.ts';
import type { SupportMessage } from '../../lib/types.ts';
import type { Database } from '../db/schema.ts';
import { auditedChange } from '../repositories/audit.repository.ts';
import {
  deleteSupportMessage,
  findSupportMessage,
  insertSupportMessage,
  setSupportMessageHandled,
} from '../repositories/support-messages.repository.ts';
import { auditRow, type Actor } from './audit.service.ts';
import { countContact } from './rate-limits.service.ts';

/**
 * A message from the public contact form, sent from the address `ip`. It is counted before it is
 * kept, in one statement that returns the new count: parallel posts from one address each get their
 * own number, so no more than the limit get through (past it: the rate-limited domain error). A
 * filled honeypot (`website`) is a bot: it is counted and answered as usual, and nothing is kept.
 */
export async function receiveSupportMessage(
  db: Kysely<Database>,
  { website, ...message }: z.output<typeof contactSchema>,
  ip: string,
  now: Date,
): Promise<void> {
  await countContact(db, ip, now);
  if (!website) await insertSupportMessage(db, { ...message, createdAt: now });
}

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
