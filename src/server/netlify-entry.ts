import { createApi } from './app.ts';
import { loadConfig } from './config.ts';
import { connectFunctionDatabase } from './db/connect-function.ts';
import { createBlobStore } from './storage/blob-store.ts';

/**
 * The API as Netlify runs it: built once per function instance, on the first request. Migrations
 * run before deploy (scripts/migrate.ts in the build command), never on a cold start.
 */
let api: Promise<ReturnType<typeof createApi>> | undefined;

async function build() {
  // This entry only ever runs on Netlify: production rules and Netlify Blobs for uploads.
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    BLOB_STORE: process.env['BLOB_STORE'] ?? 'netlify',
  });
  const database = connectFunctionDatabase(config.database);
  return createApi({ config, database, blobs: await createBlobStore(config), now: () => new Date() });
}

export async function handle(request: Request): Promise<Response> {
  api ??= build().catch((err: unknown) => {
    api = undefined;
    throw err;
  });
  return (await api).fetch(request);
}
