import { loadConfig, type Config } from '../config.ts';
import { connectFunctionDatabase } from '../db/connect-function.ts';
import type { DatabaseHandle } from '../db/database-handle.ts';

/**
 * What every Netlify function (the API, the on-demand pages) starts from: production rules, Netlify
 * Blobs for uploads, and Neon's driver. Migrations run before deploy, never on a cold start.
 */
export function functionConfig(): Config {
  return loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    BLOB_STORE: process.env['BLOB_STORE'] ?? 'netlify',
  });
}

/**
 * How long mail kicked after a registration may go on claiming (waitUntil keeps the instance for it,
 * within the function's own time limit); what it leaves, the scheduled function sends within minutes.
 * After one registration there is one message to send, a second or so.
 */
export const FUNCTION_MAIL_BUDGET_MS = 5_000;

export function connectFunction(config: Config): DatabaseHandle {
  return connectFunctionDatabase(config.database);
}

/** Builds once per instance, on first use; a failed build is retried by the next request. */
export function once<T>(build: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () =>
    (value ??= build().catch((err: unknown) => {
      value = undefined;
      throw err;
    }));
}
