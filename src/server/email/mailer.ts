import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { SiteAddress } from '../http/site-origin.ts';
import { deliverDueEmail, type DeliveryReport } from './delivery.ts';
import { createSmtpTransport, type MailTransport } from './transport.ts';

/**
 * The outbox's sender as the API and the jobs see it (ApiDeps.mail). Registrations only queue their
 * messages, in their own transaction; this sends them afterwards, so a slow or failing SMTP server
 * never delays or loses a registration.
 */
export interface Mailer {
  /** Whether SMTP_URL is set: without it, messages wait in the outbox and nothing is claimed. */
  readonly enabled: boolean;
  /**
   * Starts sending what is due and returns at once: the promise ends with that work and never rejects
   * (a failure is logged, the messages stay queued). Routes don't await it; the Netlify function hands
   * it to the platform's waitUntil. While a run is going on, a kick asks for one more run after it, so
   * a message queued during a run is not left for the timer.
   */
  kick(): Promise<void>;
  /** One run now, awaited (timers, the scheduled function, tests); failures to send are in the report. */
  deliver(options?: { budgetMs?: number }): Promise<DeliveryReport>;
  /** Resolves when no kicked run is going on (tests; shutdown before the database closes). */
  idle(): Promise<void>;
  /** Closes the SMTP connection, if one was opened. */
  close(): void;
}

export interface MailerOptions {
  db: Kysely<Database>;
  config: Pick<Config, 'mail'>;
  now: () => Date;
  /**
   * The site's address, the one origin of every link it mails (never a request's). Until the runtime
   * knows it (a local server not yet listening), nothing is sent: the messages wait.
   */
  site: Pick<SiteAddress, 'origin'>;
  /** Where a failed run is reported (default: console.error). */
  log?: (line: string) => void;
  /** A kicked run stops claiming after this long (a Netlify function's time is limited). */
  budgetMs?: number;
}

const NOTHING: DeliveryReport = { sent: 0, failed: 0, dropped: 0, held: 0 };

export function createMailer({ db, config, now, site, log = console.error, budgetMs }: MailerOptions): Mailer {
  const { smtpUrl, from } = config.mail;
  // One transport per process, opened on the first send.
  let transport: Promise<MailTransport> | undefined;
  const openTransport = (url: string) =>
    (transport ??= createSmtpTransport(url).catch((err: unknown) => {
      transport = undefined;
      throw err;
    }));

  const deliver = async (options: { budgetMs?: number } = {}): Promise<DeliveryReport> => {
    const origin = site.origin();
    if (!smtpUrl || origin === undefined) return { ...NOTHING };
    return deliverDueEmail(db, {
      transport: await openTransport(smtpUrl),
      from,
      origin,
      now,
      ...(options.budgetMs === undefined ? {} : { budgetMs: options.budgetMs }),
    });
  };

  let running: Promise<void> | undefined;
  /** A kick came during a run: one more run follows. */
  let pending = false;

  const loop = async () => {
    while (pending) {
      pending = false;
      try {
        await deliver(budgetMs === undefined ? {} : { budgetMs });
      } catch (err) {
        log(`E-mail delivery failed; the messages stay queued: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  };

  const kick = (): Promise<void> => {
    if (!smtpUrl) return Promise.resolve();
    pending = true;
    running ??= loop().finally(() => {
      running = undefined;
      // A kick between the loop's last check and here would otherwise wait for the timer.
      if (pending) void kick();
    });
    return running;
  };

  return {
    enabled: smtpUrl !== undefined,
    kick,
    deliver,
    idle: async () => {
      while (running) await running;
    },
    close: () => {
      void transport?.then((t) => t.close()).catch(() => {});
      transport = undefined;
    },
  };
}

/** A mailer that sends nothing (deps built for scripts that never register anyone). */
export const noMailer: Mailer = {
  enabled: false,
  kick: () => Promise.resolve(),
  deliver: () => Promise.resolve({ ...NOTHING }),
  idle: () => Promise.resolve(),
  close: () => {},
};
