import type { Kysely } from 'kysely';
import type { z } from 'astro/zod';
import type { contactSchema } from '../../lib/schemas/people.schema.ts';
import type { Database } from '../db/schema.ts';
import { insertSupportMessage } from '../repositories/support-messages.repository.ts';
import { countContact } from './rate-limit.ts';

/**
 * A visitor's message from the contact form, whichever way it came (the API's JSON, or the form posted
 * without script): validated by contactSchema first, then counted against the address's limit before
 * it is kept, in one statement that returns the new count, so parallel posts from one address each get
 * their own number and no more than the limit get through. A filled honeypot is a bot: it is answered
 * as usual and nothing is kept.
 */
export async function receiveContactMessage(
  db: Kysely<Database>,
  { website, ...message }: z.output<typeof contactSchema>,
  ip: string,
  now: Date,
): Promise<void> {
  await countContact(db, ip, now);
  if (!website) await insertSupportMessage(db, { ...message, createdAt: now });
}
