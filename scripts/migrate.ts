import { loadConfig } from '../src/server/config.ts';
import { connectDatabase } from '../src/server/db/connect.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';

/** Runs pending migrations against DATABASE_URL: Netlify's build command calls this before deploy. */
const config = loadConfig();
const { db, kind } = await connectDatabase(config.database);
try {
  const applied = await migrateToLatest(db);
  console.log(
    applied.length
      ? `Applied ${applied.length} migration(s) on ${kind}: ${applied.join(', ')}`
      : `Database (${kind}) is up to date.`,
  );
} finally {
  await db.destroy();
}
