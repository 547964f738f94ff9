import { Hono } from 'hono';
import type { AuditPage } from '../../lib/audit.ts';
import { auditQuerySchema } from '../../lib/schemas/audit.schema.ts';
import { requireAdmin } from '../auth/session.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { validate } from '../http/body.ts';
import { listAudit, listAuditActors } from '../repositories/audit.repository.ts';

/** The audit trail, for admins: newest first, a page at a time, optionally of one entity type or account. */
export function auditRoutes({ database }: ApiDeps) {
  const db = database.db;
  return new Hono<AppEnv>().get('/', requireAdmin, async (c) => {
    const { page, pageSize, entity, account } = validate(auditQuerySchema, c.req.query());
    const { entries, total } = await listAudit(db, { entity, account }, { page, pageSize });
    const body: AuditPage = { entries, total, page, pageSize, accounts: await listAuditActors(db) };
    return c.json({ success: true, ...body });
  });
}
