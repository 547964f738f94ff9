import { createApi } from './app.ts';
import { loadConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';

/**
 * The API as Netlify runs it: built once per function instance, on the first request. Migrations
 * run before deploy (scripts/migrate.ts in the build command), never on a cold start.
 */
let api: Promise<ReturnType<typeof createApi>> | undefined;

async function build() {
  const config = loadConfig();
  const database = await connectDatabase(config.database);
  return createApi({ config, database, now: () => new Date() });
}

export async function handle(request: Request): Promise<Response> {
  api ??= build().catch((err: unknown) => {
    api = undefined;
    throw err;
  });
  return (await api).fetch(request);
}
