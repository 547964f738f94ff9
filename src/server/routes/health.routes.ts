import { Hono } from 'hono';
import type { ApiDeps } from '../deps.ts';
import { isDatabaseReachable } from '../repositories/health.repository.ts';

export function healthRoutes({ database }: ApiDeps) {
  return new Hono().get('/', async (c) =>
    (await isDatabaseReachable(database.db))
      ? c.json({ ok: true, db: database.kind })
      : c.json({ ok: false, db: database.kind, message: 'Database unavailable' }, 503),
  );
}
