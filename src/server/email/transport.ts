import type { ComposedMail } from './messages.ts';

/** How a composed message leaves the site; delivery.ts needs nothing more of nodemailer. */
export interface MailTransport {
  send(mail: ComposedMail & { from: string }): Promise<void>;
  close(): void;
}

/**
 * The longest a send waits on the SMTP server at each step (connecting, its greeting, any silence
 * after), so a slow or hung server costs one message a few seconds, not the delivery run: the message
 * stays queued and is retried later.
 */
export const SMTP_STEP_TIMEOUT_MS = 10_000;

/**
 * nodemailer's SMTP transport for an smtp:// or smtps:// URL (SMTP_URL): any provider, with its user
 * and password in the URL. nodemailer is loaded on the first send, so a function instance that sends
 * nothing never reads it.
 */
export async function createSmtpTransport(smtpUrl: string): Promise<MailTransport> {
  const { createTransport } = await import('nodemailer');
  const transporter = createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_STEP_TIMEOUT_MS,
    greetingTimeout: SMTP_STEP_TIMEOUT_MS,
    socketTimeout: SMTP_STEP_TIMEOUT_MS,
    dnsTimeout: SMTP_STEP_TIMEOUT_MS,
  });
  return {
    send: async ({ from, to, subject, text, html }) => {
      await transporter.sendMail({ from, to, subject, text, html });
    },
    close: () => transporter.close(),
  };
}
