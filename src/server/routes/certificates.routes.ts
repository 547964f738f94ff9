import { CERTIFICATE_NOT_FOUND } from '../../lib/api-errors.ts';
import { Hono } from 'hono';
import { certificateWithdrawSchema } from '../../lib/schemas/attendance.schema.ts';
import { assertCanManage, currentUser, requireUser } from '../auth/current-user.ts';
import { PRIVATE_CACHE_CONTROL } from '../caching/cache-headers.ts';
import type { ApiDeps } from '../deps.ts';
import { readJson } from '../http/body.ts';
import { sendMailSoon } from '../http/send-mail-soon.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import { answerOrigin } from '../http/site-origin.ts';
import { findCertificateOwner } from '../repositories/certificates.repository.ts';
import { toCertificateItem, withdrawCertificate } from '../services/certificates.service.ts';

/**
 * A certificate by its own id, mounted at /certificates: its withdrawal, by the event's chapter or an
 * admin (audited), answered privately. An event's certificates are issued and listed under the event
 * (attendance.routes.ts); the public verify page is /verify/{id}.
 */
export function certificateRoutes(deps: ApiDeps) {
  const { database, now, pageCache, blobs, site } = deps;
  const db = database.db;
  return new Hono<AppEnv>().patch('/:id', requireUser, async (c) => {
    const owner = await findCertificateOwner(db, c.req.param('id'));
    if (!owner) throw notFound(CERTIFICATE_NOT_FOUND, 'certificate_not_found');
    const actor = currentUser(c);
    assertCanManage(actor, owner.chapterId);
    const { reason } = await readJson(c, certificateWithdrawSchema);
    const row = await withdrawCertificate({ db, pageCache, blobs, actor }, c.req.param('id'), reason, now());
    // Its holder's notice is queued with the withdrawal (none when it was withdrawn already).
    sendMailSoon(c, deps);
    c.header('Cache-Control', PRIVATE_CACHE_CONTROL);
    return c.json({
      success: true,
      message: 'Certificate withdrawn',
      certificate: toCertificateItem(row, answerOrigin(site)),
    });
  });
}
