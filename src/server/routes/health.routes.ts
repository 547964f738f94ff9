import { Hono } from 'hono';
import { sql } from 'kysely';
import type { ApiDeps } from '../deps.ts';

export function healthRoutes({ database }: ApiDeps) {
  return new Hono().get('/', async (c) => {
    try {
      await sql`select 1`.execute(database.db);
      return c.json({ ok: true, db: database.kind });
    } catch {
      return c.json({ ok: false, db: database.kind, message: 'Database unavailable' }, 503);
    }
  });
}
