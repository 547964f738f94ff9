import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free port for the e-mail tests (no TLS, no login needed). It keeps what
 * arrives, parsed, and does what the test says with each message:
 * - `accept`: takes it (250);
 * - `refuse`: answers 451, as a server that is down or throttling does;
 * - `hold`: reads it and then gives no answer until `release()`, as a hung server does.
 */
export type SmtpMode = 'accept' | 'refuse' | 'hold';

export interface TestSmtpServer {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  mode: SmtpMode;
  /** Every message that arrived and was accepted, in order. */
  accepted: ParsedMail[];
  /** Messages the server refused (they arrived, and were answered with an error). */
  refused: number;
  /** Resolves once this many messages have arrived in all (accepted, refused or held). */
  arrived(count: number): Promise<void>;
  /** Answers the held messages: accepted. */
  release(): void;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  let arrivedCount = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  const held: (() => void)[] = [];

  const noteArrival = () => {
    arrivedCount++;
    for (const w of waiters.filter((w) => w.count <= arrivedCount)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };

  const state: TestSmtpServer = {
    url: '',
    mode: 'accept',
    accepted: [],
    refused: 0,
    arrived: (count) =>
      count <= arrivedCount ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
    release: () => {
      for (const answer of held.splice(0)) answer();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const mode = state.mode;
      simpleParser(stream)
        .then((mail) => {
          noteArrival();
          if (mode === 'refuse') {
            state.refused++;
            callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          } else if (mode === 'hold') {
            held.push(() => {
              state.accepted.push(mail);
              callback();
            });
          } else {
            state.accepted.push(mail);
            callback();
          }
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return state;
}
