import { parseArgs } from 'node:util';
import { z } from 'astro/zod';
import { serverPasswordSchema } from '../src/server/auth/password-policy.ts';
import { setAdminPassword } from '../src/server/services/admin-accounts.service.ts';
import { loadConfig } from '../src/server/config.ts';
import { connectDatabase } from '../src/server/db/connect.ts';

/**
 * `npm run admin -- --email you@example.org`: creates that admin account, or resets its password,
 * on the database DATABASE_URL names (the embedded one without it). The password comes from
 * ADMIN_PASSWORD, or else from standard input (typed at a hidden prompt, or piped); it is never printed.
 */
const USAGE = 'Usage: npm run admin -- --email <address>   (password from ADMIN_PASSWORD or standard input)';

async function readHidden(prompt: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\u0003') {
          cleanUp();
          reject(new Error('Cancelled.'));
          return;
        }
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          cleanUp();
          stdout.write('\n');
          resolve(typed);
          return;
        }
        typed = ch === '\u007f' ? typed.slice(0, -1) : typed + ch;
      }
    };
    const cleanUp = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
    };
    stdin.on('data', onData);
  });
}

async function readPiped(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  const email = z.email().safeParse(values.email?.trim());
  if (!email.success) throw new Error(`--email: give the admin's e-mail address.\n${USAGE}`);

  // loadConfig checks ADMIN_PASSWORD against the password rule when it is set, naming the variable.
  const config = loadConfig();
  const typed =
    config.admin.password ?? (process.stdin.isTTY ? await readHidden('New password (hidden): ') : await readPiped());
  const password = serverPasswordSchema.safeParse(typed);
  if (!password.success) throw new Error(password.error.issues.map((i) => i.message).join('; '));

  const { db, kind } = await connectDatabase(config.database);
  try {
    const outcome = await setAdminPassword(db, email.data, password.data);
    console.log(
      outcome === 'created'
        ? `Created the admin account ${email.data.toLowerCase()} (database: ${kind}).`
        : `Reset the password of the admin ${email.data.toLowerCase()}; its sessions are signed out (database: ${kind}).`,
    );
  } finally {
    await db.destroy();
  }
}

try {
  await main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
