import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { connect } from 'node:net';

/** A background process in its own process group, its output in a log file; stop() ends the group. */
export interface Background {
  child: ChildProcess;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export function startInBackground(
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; log: string },
): Background {
  // The child writes its log itself: a pipe through this process would stall whenever it is busy or
  // blocked (test-netlify waits for Playwright synchronously while the walk reads the log).
  const out = openSync(options.log, 'w');
  const child = spawn(command, args, { env: options.env, detached: true, stdio: ['ignore', out, out] });
  closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const group = -child.pid!;
      try {
        process.kill(group, 'SIGTERM');
      } catch {
        return;
      }
      const ended = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!ended) {
        try {
          process.kill(group, 'SIGKILL');
        } catch {}
      }
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once something accepts TCP connections on the port; rejects when `until` settles first or at the timeout. */
export async function waitForPort(port: number, timeoutMs: number, until?: Promise<unknown>): Promise<void> {
  let gaveUp = false;
  void until?.then(() => (gaveUp = true));
  const deadline = Date.now() + timeoutMs;
  while (!gaveUp && Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(250);
  }
  throw new Error(`nothing listened on port ${port}${gaveUp ? ' (the process exited)' : ''}`);
}

/** Resolves once the URL answers with the status; rejects when `until` settles first or at the timeout. */
export async function waitForUrl(url: string, status: number, timeoutMs: number, until?: Promise<unknown>) {
  let gaveUp = false;
  void until?.then(() => (gaveUp = true));
  const deadline = Date.now() + timeoutMs;
  while (!gaveUp && Date.now() < deadline) {
    try {
      if ((await fetch(url)).status === status) return;
    } catch {}
    await sleep(1000);
  }
  throw new Error(`${url} did not answer ${status}${gaveUp ? ' (the server exited)' : ''}`);
}
