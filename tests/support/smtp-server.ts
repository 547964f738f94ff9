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
  /** Resolves with the first accepted message that matches, once it has arrived. */
  acceptedMatching(match: (mail: ParsedMail) => boolean): Promise<ParsedMail>;
  /** Answers the held messages: accepted. */
  release(): void;
  close(): Promise<void>;
}

/** `port`: a port chosen beforehand (a server started elsewhere was told SMTP_URL already); default any free one. */
export async function startSmtpServer({ port = 0 }: { port?: number } = {}): Promise<TestSmtpServer> {
  let arrivedCount = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  const matchers: { match: (mail: ParsedMail) => boolean; resolve: (mail: ParsedMail) => void }[] = [];
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
    acceptedMatching: (match) => {
      const found = state.accepted.find(match);
      return found ? Promise.resolve(found) : new Promise((resolve) => matchers.push({ match, resolve }));
    },
    release: () => {
      for (const answer of held.splice(0)) answer();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const accept = (mail: ParsedMail) => {
    state.accepted.push(mail);
    for (const m of matchers.filter((m) => m.match(mail))) {
      matchers.splice(matchers.indexOf(m), 1);
      m.resolve(mail);
    }
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
              accept(mail);
              callback();
            });
          } else {
            accept(mail);
            callback();
          }
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return state;
}
