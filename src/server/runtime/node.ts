import { serve } from '@hono/node-server';
import { fileURLToPath } from 'node:url';
import { bootstrap, describeBootstrap } from './bootstrap.ts';
import { loadConfig, type Config } from '../config.ts';
import { createDeps } from './local-deps.ts';
import { startLocalJobs } from '../jobs/scheduled-jobs.ts';
import { providePageDeps } from './page-deps.ts';
import { createServerApp, serverFetch } from './server-app.ts';
import { createBackupStore } from '../storage/backup-store.ts';
import { finishInterruptedRestore, lostUploadsText } from '../backup/restore.ts';
import { guardDataDir } from '../storage/data-dir.ts';

const DEFAULT_DIST = fileURLToPath(new URL('../../../dist', import.meta.url));

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Starts site + API on one port: the local runtime of `npm start` and of the end-to-end tests. */
export async function startServer(
  config: Config = loadConfig(),
  options: {
    distDir?: string;
    log?: (line: string) => void;
    /** The server's clock (default: the real one); the end-to-end tests move it. */
    now?: () => Date;
  } = {},
): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  await guardDataDir(config.dataDir);
  const deps = await createDeps(config, undefined, options.now ? { now: options.now } : {});
  // A restore stopped while it moved its uploads into place: the database has the backup, so its images go in now.
  const finished = await finishInterruptedRestore({
    db: deps.database.db,
    kind: deps.database.kind,
    blobs: deps.blobs,
  });
  if (finished) {
    log('An earlier restore had stopped while it moved the uploads into place: it is finished now.');
    if (finished.lostUploads.length) log(`But ${lostUploadsText(finished.lostUploads)}.`);
  }
  for (const line of describeBootstrap(await bootstrap(deps.database.db, config))) log(line);

  providePageDeps(deps);
  const app = await createServerApp(deps, options.distDir ?? DEFAULT_DIST);
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: serverFetch(app), port: config.port, hostname: config.host }, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  // Without SITE_URL, the links this site writes (mail, tickets) are on this server's own address.
  deps.site.useOwnAddress(url);
  log(`Site and API running at ${url} (database: ${deps.database.kind})`);
  if (!deps.mail.enabled) log('E-mail is off (no SMTP_URL): registrations are kept, their messages wait');

  const backups = { blobs: deps.blobs, store: await createBackupStore(config) };
  const jobs = startLocalJobs({ ...deps, backups }, log);
  // Whatever was queued while the server was down goes out now.
  void deps.mail.kick();

  return {
    url,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await jobs.stop();
      deps.mail.close();
      await deps.database.db.destroy();
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  startServer()
    .then((running) => {
      const stop = () => {
        running.close().finally(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    })
    .catch((err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
