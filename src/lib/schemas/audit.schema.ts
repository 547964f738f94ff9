import './zod-config.ts';
import { z } from 'astro/zod';
import { AUDIT_ENTITY_TYPES, AUDIT_MAX_PAGE_SIZE, AUDIT_PAGE_SIZE } from '../audit-vocabulary.ts';
import { CANONICAL_UUID } from '../ids.ts';

/** GET /api/v1/audit?page=&pageSize=&entity=&account= (all optional). */
export const auditQuerySchema = z.object({
  page: z.coerce
    .number('Page must be a number')
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .max(1_000_000, 'Page is too large')
    .default(1),
  pageSize: z.coerce
    .number('Page size must be a number')
    .int('Page size must be a whole number')
    .min(1, 'Page size must be 1 or more')
    .max(AUDIT_MAX_PAGE_SIZE, `Page size must be at most ${AUDIT_MAX_PAGE_SIZE}`)
    .default(AUDIT_PAGE_SIZE),
  entity: z.enum(AUDIT_ENTITY_TYPES, `Entity must be one of ${AUDIT_ENTITY_TYPES.join(', ')}`).optional(),
  // An account's id in its one spelling (ids.ts): another spelling names no account.
  account: z.string().regex(CANONICAL_UUID, 'Account must be an account id').optional(),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
