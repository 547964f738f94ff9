import { bootstrap, describeBootstrap } from '../src/server/runtime/bootstrap.ts';
import { loadConfig } from '../src/server/config.ts';
import { connectDatabase } from '../src/server/db/connect.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';

/**
 * Runs pending migrations against DATABASE_URL, then creates the first admin when the database has
 * none (from ADMIN_EMAIL/ADMIN_PASSWORD; required in production). Netlify's build command calls this
 * before every deploy.
 */
try {
  const config = loadConfig();
  const { db, kind } = await connectDatabase(config.database);
  try {
    const applied = await migrateToLatest(db);
    console.log(
      applied.length
        ? `Applied ${applied.length} migration(s) on ${kind}: ${applied.join(', ')}`
        : `Database (${kind}) is up to date.`,
    );
    for (const line of describeBootstrap(await bootstrap(db, config))) console.log(line);
  } finally {
    await db.destroy();
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
