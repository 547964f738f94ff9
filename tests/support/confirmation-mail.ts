import type { ParsedMail } from 'mailparser';
import type { TestApi } from './api-server.ts';
import type { TestSmtpServer } from './smtp-server.ts';

/**
 * "Confirm by e-mail" as a registrant does it: the code comes from the link in the e-mail the test's
 * SMTP server caught, never from the API (which hands back only the ticket).
 */

/** The confirmation link's code in a message, for this ticket; undefined when it carries none. */
export function codeIn(mail: ParsedMail, ticket: string): string | undefined {
  const text = typeof mail.text === 'string' ? mail.text : '';
  const escaped = ticket.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');
  return new RegExp(`/tickets/${escaped}/confirm\\?code=([A-Za-z0-9_-]+)`).exec(text)?.[1];
}

/** Every message caught that carries a confirmation link for this ticket, oldest first. */
export const confirmationMails = (smtp: TestSmtpServer, ticket: string) =>
  smtp.accepted.filter((mail) => codeIn(mail, ticket) !== undefined);

/**
 * Sends what the outbox holds (the runs already started, then one more), and answers the code of the
 * latest message caught for this ticket. Fails the test when no such message was sent.
 */
export async function mailedCode(api: TestApi, smtp: TestSmtpServer, ticket: string): Promise<string> {
  await api.deps.mail.idle();
  await api.deps.mail.deliver();
  const mail = confirmationMails(smtp, ticket).at(-1);
  if (!mail) throw new Error(`No e-mail with a confirmation link for ticket ${ticket} was sent`);
  return codeIn(mail, ticket)!;
}
