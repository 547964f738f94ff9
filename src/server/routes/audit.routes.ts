import { Hono } from 'hono';
import { auditQuerySchema } from '../../lib/schemas/audit.schema.ts';
import { requireAdmin } from '../auth/current-user.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { validate } from '../http/body.ts';
import { readAuditTrail } from '../services/audit.service.ts';

/** The audit trail, for admins: newest first, a page at a time, optionally of one entity type or account. */
export function auditRoutes({ database }: ApiDeps) {
  return new Hono<AppEnv>().get('/', requireAdmin, async (c) => {
    const page = await readAuditTrail(database.db, validate(auditQuerySchema, c.req.query()));
    return c.json({ success: true, ...page });
  });
}
